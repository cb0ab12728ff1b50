import { describe, expect, it } from 'vitest';
import { MAX_ORIGINS, normaliseOrigin, originsFromText } from './origins';

describe('normaliseOrigin', () => {
  it.each([
    ['https://shop.example', 'https://shop.example'],
    ['  HTTPS://Shop.Example/  ', 'https://shop.example'],
    ['https://shop.example:443', 'https://shop.example'],
    ['http://shop.example:80', 'http://shop.example'],
    ['http://localhost:8000', 'http://localhost:8000'],
    ['https://shop.example:8443', 'https://shop.example:8443'],
    ['http://127.0.0.1:8765', 'http://127.0.0.1:8765'],
    ['http://[::1]:8000', 'http://[::1]:8000'],
    ['https://xn--bcher-kva.example', 'https://xn--bcher-kva.example'],
  ])('writes %s as browsers send it', (typed, origin) => {
    expect(normaliseOrigin(typed)).toEqual({ ok: true, origin });
  });

  it.each([
    ['', 'empty'],
    ['shop.example', 'is not an origin'],
    ['ftp://shop.example', 'must start with https:// or http://'],
    ['https://shop.example/join', 'has a path'],
    ['https://shop.example?x=1', 'has a path, query or fragment'],
    ['https://*.shop.example', 'wildcard'],
    ['https://user@shop.example', 'user name'],
    ['https://bücher.example', 'xn--'],
    ['https://shop.example:0', 'port'],
    ['https://shop.example:65536', 'port'],
    ['https://shop.example:', 'port'],
    ['https://-shop.example', 'valid host'],
    ['https://shop_example.com', 'valid host'],
    ['null', 'is not an origin'],
  ])('refuses %j with a reason', (typed, says) => {
    const result = normaliseOrigin(typed);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(says);
  });
});

describe('originsFromText', () => {
  it('takes one origin a line, skips blank lines and repeats', () => {
    expect(originsFromText('https://a.example\n\n HTTPS://A.example:443 \r\nhttp://b.example\n')).toEqual({
      ok: true,
      origins: ['https://a.example', 'http://b.example'],
    });
    expect(originsFromText('')).toEqual({ ok: true, origins: [] });
  });

  it('names the line of the first that is not an origin', () => {
    expect(originsFromText('https://a.example\nhttps://b.example/x')).toEqual({
      ok: false,
      message: expect.stringMatching(/^Line 2: "https:\/\/b\.example\/x" has a path/),
    });
  });

  it('allows at most twenty', () => {
    const many = Array.from({ length: MAX_ORIGINS + 1 }, (_, n) => `https://s${n}.example`).join('\n');
    expect(originsFromText(many)).toEqual({ ok: false, message: 'List at most 20 allowed origins; this is 21.' });
  });
});
