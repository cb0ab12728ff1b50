import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { ChartCard } from './ChartCard';
import { chartsFor, type ChartRange } from './data';
import './dashboard.css';

/** The periods the monthly charts offer, in months back from this one (this one included). */
export const PERIODS = [6, 12, 24] as const;
const DEFAULT_PERIOD = 12;

/** The period in the address (?months=), so a reload or a shared link keeps it. */
export function periodOf(params: URLSearchParams): number {
  const months = Number(params.get('months'));
  return (PERIODS as readonly number[]).includes(months) ? months : DEFAULT_PERIOD;
}

/** The first day of the month `months - 1` before `today`'s: the range's start. */
export function periodStart(months: number, today: Date = new Date()): string {
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (months - 1), 1));
  return start.toISOString().slice(0, 10);
}

/**
 * The dashboard on the console's overview: every chart the member's roles may see, each
 * drawn from the database with its numbers and CSV beside it, and the place comment activity
 * will take when comments exist.
 */
export function Dashboard({ roles }: { roles: readonly string[] }) {
  const headingId = useId();
  const periodId = useId();
  const [params, setParams] = useSearchParams();
  const months = periodOf(params);
  const monthly: ChartRange = months === DEFAULT_PERIOD ? {} : { from: periodStart(months) };
  return (
    <section className="dashboard" aria-labelledby={headingId}>
      <div className="dashboard__head">
        <h2 id={headingId}>Dashboard</h2>
        <div className="dashboard__period">
          <label htmlFor={periodId}>Months shown</label>
          <select
            id={periodId}
            value={months}
            onChange={(event) => {
              const next = new URLSearchParams(params);
              if (Number(event.target.value) === DEFAULT_PERIOD) next.delete('months');
              else next.set('months', event.target.value);
              setParams(next, { replace: true });
            }}
          >
            {PERIODS.map((period) => (
              <option key={period} value={period}>
                The last {period} months
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="dashboard__grid">
        {chartsFor(roles).map((id) => (
          <ChartCard key={id} id={id} range={id === 'new-members' ? {} : monthly} />
        ))}
        <section className="card chart-card chart-card--empty" aria-labelledby={`${headingId}-comments`}>
          <h3 id={`${headingId}-comments`} className="chart-card__title">
            Comment activity
          </h3>
          <p>
            Masthead has no comments yet. When readers can comment, this is where their activity will be charted: comments posted,
            replies and moderation, with the numbers and a CSV like the charts beside it.
          </p>
        </section>
      </div>
    </section>
  );
}
