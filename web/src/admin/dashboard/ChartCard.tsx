import { useId } from 'react';
import { ErrorAlert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { errorText } from '../../ui/ModalDialog';
import { BarChart } from './BarChart';
import { bucketLong } from './chartFormat';
import { csvHref, useChart, type Chart, type ChartId, type ChartRange } from './data';
import { Legend } from './Legend';
import { LineChart } from './LineChart';
import { NumbersTable } from './NumbersTable';
import { useWidth } from './useWidth';

const HEIGHT = 260;

/** What a screen reader hears for the picture; the numbers themselves are in the table. */
export function chartLabel(chart: Chart): string {
  const first = chart.buckets[0];
  const last = chart.buckets[chart.buckets.length - 1];
  const kind = chart.stacked ? 'Stacked bar chart' : 'Line chart';
  const span = first && last ? `, ${bucketLong(first)} to ${bucketLong(last)}` : '';
  return `${kind} of ${chart.title}${span}. The numbers are in the table under “Show the numbers”.`;
}

/** One chart: its title and how it counts, the picture, its legend, the numbers, the CSV. */
export function ChartCard({ id, range }: { id: ChartId; range: ChartRange }) {
  const query = useChart(id, range);
  const headingId = useId();
  const [box, width] = useWidth<HTMLDivElement>(640);
  const chart = query.data;
  return (
    <section className="card chart-card" aria-labelledby={headingId} aria-busy={query.isFetching}>
      <h3 id={headingId} className="chart-card__title">
        {chart?.title ?? 'Loading a chart…'}
      </h3>
      {query.isError && !chart && <ErrorAlert>{errorText(query.error)}</ErrorAlert>}
      {!chart && !query.isError && <Spinner label="Loading the chart…" />}
      {chart && (
        <>
          <p className="chart-card__note">{chart.note}</p>
          <div ref={box} className="chart-card__picture">
            {chart.stacked ? (
              <BarChart chart={chart} width={width} height={HEIGHT} label={chartLabel(chart)} />
            ) : (
              <LineChart chart={chart} width={width} height={HEIGHT} label={chartLabel(chart)} />
            )}
          </div>
          {chart.series.length > 1 && <Legend chart={chart} lines={!chart.stacked} />}
          <div className="chart-card__actions">
            <details className="chart-card__numbers">
              <summary>Show the numbers</summary>
              <NumbersTable chart={chart} />
            </details>
            <a className="chart-card__csv" href={csvHref(id, range)} download>
              Download CSV <span className="visually-hidden">of {chart.title}</span>
            </a>
          </div>
        </>
      )}
    </section>
  );
}
