/** How the console writes moments, pure: in the viewer's time zone, to the second. */

const MOMENT = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});

const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 22, 2026, 9:00:15 AM"; the text it came as when it is not a moment. */
export function formatMoment(value: string | null | undefined, format: Intl.DateTimeFormat = MOMENT): string {
  const date = parse(value);
  return date ? format.format(date) : (value ?? '');
}

/** "9:05 AM". */
export function formatTime(value: string | null | undefined): string {
  return formatMoment(value, TIME);
}

/** A TOTP secret in groups of four, easier to type from the screen: "JBSW Y3DP EHPK 3PXP". */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** Only a path inside the console is a place to go back to after signing in. */
export function consolePath(next: string | null | undefined): string {
  if (!next || !/^\/admin(?:[/?#]|$)/.test(next) || next.startsWith('/admin/sign-in')) return '/admin';
  return next;
}
