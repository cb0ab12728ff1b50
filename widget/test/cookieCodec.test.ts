import { describe, expect, it } from 'vitest';
import { b64urlDecode, b64urlEncode, deepMerge, decodeCookie, mergeCookieValue } from '../src/cookieCodec.js';

const enc = (value: unknown) => b64urlEncode(JSON.stringify(value));

describe('base64url', () => {
  it.each([
    ['', ''],
    ['f', 'Zg'],
    ['fo', 'Zm8'],
    ['foo', 'Zm9v'],
    ['\xfb\xff\xbf', '-_-_'],
    ['{"a":1}', 'eyJhIjoxfQ'],
  ])('%j <-> %s without padding, url-safe', (text, encoded) => {
    expect(b64urlEncode(text)).toBe(encoded);
    expect(b64urlDecode(encoded)).toBe(text);
  });

  it('passes UTF-8 bytes written by the server through unchanged', () => {
    // "é" as UTF-8 (C3 A9) inside a JSON string, base64url as a Python server writes it.
    const utf8 = String.fromCharCode(...new TextEncoder().encode('{"n":"é"}'));
    const server = btoa(utf8).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    expect(server).toBe('eyJuIjoiw6kifQ');
    expect(mergeCookieValue(null, server)).toBe(server);
  });
});

describe('deepMerge', () => {
  it.each([
    ['adds keys', { a: 1 }, { b: 2 }, { a: 1, b: 2 }],
    ['replaces scalars', { a: 1 }, { a: 2 }, { a: 2 }],
    ['merges nested objects', { d: { x: { c: 1 } } }, { d: { x: { e: 2 }, y: 3 } }, { d: { x: { c: 1, e: 2 }, y: 3 } }],
    ['replaces arrays', { a: [1, 2, 3] }, { a: [4] }, { a: [4] }],
    ['replaces an object with an array', { a: { b: 1 } }, { a: [1] }, { a: [1] }],
    ['replaces an array with an object', { a: [1] }, { a: { b: 1 } }, { a: { b: 1 } }],
    ['replaces an object with null', { a: { b: 1 } }, { a: null }, { a: null }],
  ])('%s', (_name, target, source, expected) => {
    expect(deepMerge(target, source)).toEqual(expected);
  });

  it('leaves its inputs alone', () => {
    const target = { a: { b: 1 } };
    deepMerge(target, { a: { c: 2 } });
    expect(target).toEqual({ a: { b: 1 } });
  });

  it('never touches Object.prototype', () => {
    const merged = deepMerge({}, JSON.parse('{"__proto__":{"polluted":true},"a":1}'));
    expect(merged).toEqual({ a: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the referral cookie value', () => {
  const domain = 'app.referralsaasquatch.com';
  const old = { [domain]: { t_A: { codes: { p1: 'A' }, codesExp: { A: 1 } } } };
  const incoming = { [domain]: { t_B: { codes: { p1: 'B' } }, t_A: { codesExp: { A: 2 } } } };

  it('merges the URL parameter into the old cookie', () => {
    expect(decodeCookie(mergeCookieValue(enc(old), enc(incoming)))).toEqual({
      [domain]: { t_A: { codes: { p1: 'A' }, codesExp: { A: 2 } }, t_B: { codes: { p1: 'B' } } },
    });
  });

  it.each([
    ['no old cookie', null],
    ['an old cookie that is not base64url', '%%%'],
    ['an old cookie that is not JSON', b64urlEncode('nope')],
    ['an old cookie that is not an object', enc([1, 2])],
  ])('starts afresh from %s', (_name, existing) => {
    expect(decodeCookie(mergeCookieValue(existing, enc(incoming)))).toEqual(incoming);
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['not base64url', '***'],
    ['not JSON', b64urlEncode('{oops')],
    ['an array', enc([1])],
    ['a string', enc('x')],
  ])('ignores a parameter that is %s', (_name, param) => {
    expect(mergeCookieValue(enc(old), param)).toBeNull();
  });
});
