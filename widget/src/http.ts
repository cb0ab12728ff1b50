import { isObject } from './validate.js';

export const enc = (x: unknown): string => encodeURIComponent(String(x));

/** "?a=1&b=2" from the entries that have a value, in order; "" when none. */
export function query(params: Record<string, unknown>): string {
  const pairs = Object.keys(params)
    .filter((k) => params[k])
    .map((k) => `${k}=${enc(params[k])}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/**
 * One JSON request, never retried; a failed reply rejects with its parsed JSON body. The
 * widget calls that identify the visitor send cookies cross-origin (`credentials`; every PUT),
 * and PUTs carry the page URL in X-SaaSquatch-Referrer, as squatch-js does.
 */
export async function request(method: string, url: string, body?: unknown, jwt?: string, credentials = method == 'PUT'): Promise<unknown> {
  const json = 'application/json';
  const headers: Record<string, string> = { Accept: json };
  if (body) headers['Content-Type'] = json;
  if (jwt) headers['X-SaaSquatch-User-Token'] = jwt;
  if (method == 'PUT') headers['X-SaaSquatch-Referrer'] = location.href;
  const res = await fetch(url, { method, headers, credentials: credentials ? 'include' : 'same-origin', body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text && JSON.parse(text);
  } catch {
    // Not JSON: the text itself.
  }
  if (!res.ok) throw isObject(data) ? data : Error(`HTTP ${res.status}`);
  return data;
}
