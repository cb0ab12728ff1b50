import { describe, expect, it } from 'vitest';
import { extractSessionId } from './sessionId';

describe('extractSessionId', () => {
  it.each([
    ['zephrSessionId=abc123; Expires=Wed, 21 Oct 2026 07:28:00 GMT; Path=/;', 'abc123'],
    ['zephrSessionId=abc123;', 'abc123'],
    ['other=1; zephrSessionId=xyz; Path=/;', 'xyz'],
    ['zephrSessionId=abc123', null], // the pattern needs the closing semicolon
    ['zephrSessionId=;', null],
    ['not_zephrSessionId=abc;', null],
    ['', null],
  ])('%j → %j', (cookie, expected) => {
    expect(extractSessionId(cookie)).toBe(expected);
  });

  it('ignores non-strings and takes another cookie name', () => {
    expect(extractSessionId(undefined)).toBeNull();
    expect(extractSessionId('zephrSessionId=q1;', 'zephrSessionId')).toBe('q1');
  });
});
