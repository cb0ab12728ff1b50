/**
 * Allowed origins, pure: the console's copy of the server's rule
 * (server/masthead/referrals/programmes/origins.py), so a mistyped origin is pointed out
 * before anything is sent. The server checks again and has the last word.
 *
 * An origin is a scheme (http or https), a host and an optional port: what a browser sends
 * in its Origin header, lower case, without the scheme's default port.
 */

export const MAX_ORIGINS = 20;
export const MAX_ORIGIN_CHARS = 255;
const DEFAULT_PORTS: Record<string, number> = { http: 80, https: 443 };
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*$`);
const IPV6 = /^\[[0-9a-f:.]+\]$/;
const ORIGIN = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)(.*)$/s;

export type OriginResult = { ok: true; origin: string } | { ok: false; message: string };

const refuse = (message: string): OriginResult => ({ ok: false, message });

/** The origin as browsers send it, or why the text is not one. */
export function normaliseOrigin(raw: string): OriginResult {
  const value = raw.trim();
  const shown = value.slice(0, 80);
  if (!value) return refuse('An allowed origin is empty: write one like https://shop.example.');
  if (value.length > MAX_ORIGIN_CHARS) return refuse(`"${shown}…" is longer than ${MAX_ORIGIN_CHARS} characters.`);
  if (value.includes('*')) return refuse(`"${shown}" has a wildcard: list each origin in full, such as https://shop.example.`);
  const match = ORIGIN.exec(value);
  if (!match) return refuse(`"${shown}" is not an origin: write it like https://shop.example.`);
  const scheme = match[1]!.toLowerCase();
  const authority = match[2]!;
  const rest = match[3]!;
  if (!(scheme in DEFAULT_PORTS)) return refuse(`"${shown}" must start with https:// or http://.`);
  if (rest !== '' && rest !== '/') {
    return refuse(`"${shown}" has a path, query or fragment: an origin is only the scheme, host and port, such as https://shop.example.`);
  }
  if (authority.includes('@')) return refuse(`"${shown}" has a user name in it: leave it out.`);
  const split = splitPort(authority);
  if (split === null) return refuse(`"${shown}" does not have a valid host name.`);
  const host = split.host.toLowerCase();
  if (split.port !== null && !/^[0-9]{1,5}$/.test(split.port)) return refuse(portMessage(shown));
  const port = split.port === null ? null : Number(split.port);
  if (port !== null && (port < 1 || port > 65535)) return refuse(portMessage(shown));
  if (!/^[\x00-\x7f]*$/.test(host)) {
    return refuse(`"${shown}" has a host that is not ASCII: write it in its xn-- form, as browsers send it.`);
  }
  if (!HOST.test(host) && !IPV6.test(host)) return refuse(`"${shown}" does not have a valid host name.`);
  const origin = port === null || port === DEFAULT_PORTS[scheme] ? `${scheme}://${host}` : `${scheme}://${host}:${port}`;
  return { ok: true, origin };
}

function portMessage(shown: string): string {
  return `"${shown}" has a port that is not a number from 1 to 65535.`;
}

function splitPort(authority: string): { host: string; port: string | null } | null {
  if (authority.startsWith('[')) {
    const end = authority.indexOf(']');
    if (end < 0) return null;
    const after = authority.slice(end + 1);
    if (after && !after.startsWith(':')) return null;
    return { host: authority.slice(0, end + 1), port: after ? after.slice(1) : null };
  }
  const colon = authority.indexOf(':');
  if (colon < 0) return { host: authority, port: null };
  return { host: authority.slice(0, colon), port: authority.slice(colon + 1) };
}

export type OriginsResult = { ok: true; origins: string[] } | { ok: false; message: string };

/** The text of the origins field (one a line, blank lines ignored) as the list to send. */
export function originsFromText(text: string): OriginsResult {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > MAX_ORIGINS) return { ok: false, message: `List at most ${MAX_ORIGINS} allowed origins; this is ${lines.length}.` };
  const origins: string[] = [];
  for (const [index, line] of lines.entries()) {
    const result = normaliseOrigin(line);
    if (!result.ok) return { ok: false, message: `Line ${index + 1}: ${result.message}` };
    if (!origins.includes(result.origin)) origins.push(result.origin);
  }
  return { ok: true, origins };
}
