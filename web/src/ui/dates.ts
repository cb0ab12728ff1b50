/**
 * The one date formatter of the account area ("May 25, 2027") and the day arithmetic its
 * texts need.
 *
 * Two kinds of value come from the server:
 * - calendar days: billing dates ("2027-05-25", or {date: "2027-05-25 00:00:00.000000",
 *   timezone: "UTC"} as the spec's subscription shape writes them). A paid-through date is
 *   the last day paid for, a next billing date the day of the next charge. A day is a day
 *   wherever the reader is: it is shown as written, never shifted by a time-zone offset
 *   (midnight UTC is the evening before in New York, which put two dates a day apart).
 * - moments: ISO timestamps with a time and an offset ("2026-11-22T09:00:00+00:00", a
 *   transaction's time). They are shown as the day they fall on in the reader's time zone.
 */

export type DateValue = { date: string } | string | Date | null | undefined;

/** A calendar day, "YYYY-MM-DD". */
export type Day = string;

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]00:00:00(?:\.0+)?)?$/;
const SERVER_DAY = /^(\d{4})-(\d{2})-(\d{2}) 00:00:00/;

function text(value: DateValue): string | null {
  if (value == null || value instanceof Date) return null;
  return typeof value === 'string' ? value.trim() : value.date.trim();
}

/** The calendar day a value names: a day as written, a moment in the reader's time zone. */
export function toDay(value: DateValue, timeZone?: string): Day | null {
  const written = text(value);
  const day = written ? (DAY_ONLY.exec(written) ?? SERVER_DAY.exec(written)) : null;
  if (day) return `${day[1]}-${day[2]}-${day[3]}`;
  const moment = value instanceof Date ? value : written ? new Date(written) : null;
  if (!moment || Number.isNaN(moment.getTime())) return null;
  // en-CA writes YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(moment);
}

function parts(day: Day): [number, number, number] {
  return [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10))];
}

function utc(day: Day): Date {
  const [year, month, date] = parts(day);
  return new Date(Date.UTC(year, month - 1, date));
}

function iso(date: Date): Day {
  return date.toISOString().slice(0, 10);
}

/** "May 25, 2027" (null for nothing or a value that is not a date). */
export function formatDate(value: DateValue, timeZone?: string): string | null {
  const day = toDay(value, timeZone);
  if (!day) return null;
  // The day is pinned to UTC here only to print it as written.
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(utc(day));
}

/** Today in the reader's time zone. */
export function today(timeZone?: string, now: Date = new Date()): Day {
  return toDay(now, timeZone) as Day;
}

export function addDays(value: DateValue, days: number): Day | null {
  const day = toDay(value);
  if (!day) return null;
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return iso(date);
}

/**
 * The same day `months` later, clamped to the month's end (Jan 31 + 1 month is Feb 28), as
 * the gateway counts billing months (the server's sandbox/dates.add_months).
 */
export function addMonths(value: DateValue, months: number): Day | null {
  const day = toDay(value);
  if (!day) return null;
  const [year, month, date] = parts(day);
  const index = year * 12 + (month - 1) + months;
  const lastDay = new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate();
  return iso(new Date(Date.UTC(Math.floor(index / 12), index % 12, Math.min(date, lastDay))));
}
