/**
 * How the Readers console writes what the server answers, pure: names, money, the gateway's
 * statuses, profile values, and the addresses of its screens.
 */
import { formatDate } from '../../ui/dates';

export const READERS_PATH = '/admin/readers';
export const QUERY_LIMIT = 320;

export function readerPath(readerId: number): string {
  return `${READERS_PATH}/${readerId}`;
}

/** The search in the address (?q=), so Back, a reload and a shared link keep it. */
export function queryOf(params: URLSearchParams): string {
  return (params.get('q') ?? '').trim().slice(0, QUERY_LIMIT);
}

/** A reader ID from the address: a whole number the server could know, else null. */
export function readerIdOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2 ** 31 - 1 ? id : null;
}

interface Named {
  email: string;
  full_name: string;
  display_name: string;
}

/** What to call a reader: their full name, else their display name, else their address. */
export function readerName(reader: Named): string {
  return reader.full_name.trim() || reader.display_name.trim() || reader.email;
}

/** "$39.99" from the server's "39.99". */
export function money(amount: string): string {
  const value = Number(amount);
  return Number.isFinite(value) ? `$${value.toFixed(2)}` : amount;
}

/** The gateway's and the subscriptions' words as a person reads them: "Submitted for settlement". */
export function statusWords(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : status;
}

/** A profile value: yes/no, a list, or "Not set" for nothing. */
export function profileValue(value: string | boolean | number | string[] | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'Not set';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? 'None' : value.join(', ');
  return String(value);
}

/** A day ("2027-11-21") or a moment, as "November 21, 2027"; "—" for none. */
export function day(value: string | null | undefined): string {
  return formatDate(value) ?? '—';
}

/** What a refund button says to a screen reader: which charge it gives back. */
export function refundLabel(payment: { amount: string; created_at: string }): string {
  return `Refund ${money(payment.amount)} charged ${day(payment.created_at)}`;
}

/** "1 session", "3 sessions". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
