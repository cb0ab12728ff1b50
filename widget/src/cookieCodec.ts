import { isObject, type Dict } from './validate.js';

// Values are byte strings (one char per byte), as atob gives them: UTF-8 text written by the
// server passes through decode, merge and encode unchanged, byte for byte.

/** base64url without padding. */
export const b64urlEncode = (bytes: string): string =>
  btoa(bytes).replace(/[+/=]/g, (c) => (c == '+' ? '-' : c == '/' ? '_' : ''));

/** Inverse of b64urlEncode; throws on input that is not base64url. */
export const b64urlDecode = (input: string): string => atob(input.replace(/[-_]/g, (c) => (c == '-' ? '+' : '/')));

/** Objects merge key by key; arrays and everything else from `source` replace. */
export function deepMerge(target: Dict, source: Dict): Dict {
  const out: Dict = { ...target };
  for (const key of Object.keys(source)) {
    const next = source[key];
    const prev = out[key];
    // The value comes from a URL: never let it reach Object.prototype.
    if (key != '__proto__') out[key] = isObject(prev) && isObject(next) ? deepMerge(prev, next) : next;
  }
  return out;
}

/** The decoded object of an encoded cookie value, or null when it is not one. */
export function decodeCookie(value: string | null | undefined): Dict | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(b64urlDecode(value));
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The cookie value to store when the page URL carries `param`: the old content with the
 * new merged in, or null when `param` is not valid (the old cookie is then left alone).
 */
export function mergeCookieValue(existing: string | null | undefined, param: string | null | undefined): string | null {
  const incoming = decodeCookie(param);
  return incoming && b64urlEncode(JSON.stringify(deepMerge(decodeCookie(existing) ?? {}, incoming)));
}
