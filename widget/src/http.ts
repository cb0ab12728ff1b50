import { isObject } from './validate.js';

export interface RequestOptions {
  body?: unknown;
  jwt?: string | undefined;
  /** Send cookies cross-origin (the widget calls that identify the visitor). */
  credentials?: boolean;
  /** Add X-SaaSquatch-Referrer: the page URL, as squatch-js does on its PUTs. */
  referrer?: boolean;
}

export const enc = (x: unknown): string => encodeURIComponent(String(x));

/** "?a=1&b=2" from the defined entries, in order; "" when none. */
export function query(params: Record<string, unknown>): string {
  const pairs = Object.keys(params)
    .filter((k) => params[k] != null && params[k] !== '')
    .map((k) => `${k}=${enc(params[k])}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** One JSON request. No retries. A failed reply rejects with its parsed JSON body. */
export async function request(method: string, url: string, opts: RequestOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.jwt) headers['X-SaaSquatch-User-Token'] = opts.jwt;
  if (opts.referrer) headers['X-SaaSquatch-Referrer'] = location.href;
  const res = await fetch(url, {
    method,
    headers,
    credentials: opts.credentials ? 'include' : 'same-origin',
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text && JSON.parse(text);
  } catch {
    // Not JSON: the text itself.
  }
  if (!res.ok) throw isObject(data) ? data : new Error(`HTTP ${res.status}`);
  return data;
}
