/** How the dashboard writes its buckets and values, pure (UTC buckets from the server). */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

function parts(bucket: string): { year: string; month: string; day: string | null } {
  const [year = '', month = '01', day] = bucket.split('-');
  return { year, month: MONTHS[Number(month) - 1] ?? month, day: day ? String(Number(day)) : null };
}

/** "Nov 2026" for "2026-11"; "3 Nov 2026" for "2026-11-03": the table's words. */
export function bucketLong(bucket: string): string {
  const { year, month, day } = parts(bucket);
  return day ? `${day} ${month} ${year}` : `${month} ${year}`;
}

/**
 * Under the axis: "Nov" (with its year at the first label and at every January), "3 Nov"
 * for a day (its month only on the first label and the 1st, else just the day).
 */
export function bucketShort(bucket: string, first: boolean): string {
  const { year, month, day } = parts(bucket);
  if (day) return first || day === '1' ? `${day} ${month}` : day;
  return first || month === 'Jan' ? `${month} ${year}` : month;
}

export type Unit = 'members' | 'memberships' | 'trials' | 'cancellations' | 'referrals' | 'cents';

const COUNT = new Intl.NumberFormat('en-US');

function money(currency: string, compact: boolean): Intl.NumberFormat {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    ...(compact ? { notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 2 } : {}),
  });
}

/** A value as the table writes it: "1,234", or "$1,234.56" for cents. */
export function formatValue(value: number, unit: Unit, currency?: string | null): string {
  if (unit === 'cents') return money(currency ?? 'USD', false).format(value / 100);
  return COUNT.format(value);
}

/** A tick of the value axis: "1,200", or "$1.2K" for cents. */
export function formatTick(value: number, unit: Unit, currency?: string | null): string {
  if (unit === 'cents') return money(currency ?? 'USD', true).format(value / 100);
  return COUNT.format(value);
}

/** The value axis's name. */
export function unitLabel(unit: Unit, currency?: string | null): string {
  if (unit === 'cents') return currency ?? 'USD';
  return unit.charAt(0).toUpperCase() + unit.slice(1);
}
