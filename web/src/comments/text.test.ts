import { describe, expect, it } from 'vitest';
import { bodyParts, commentLength } from './text';

describe("a comment's body", () => {
  it('keeps markup and script-like addresses as text, and links only http(s) addresses', () => {
    expect(bodyParts('<script>alert(1)</script>\nsee https://example.com/a, or javascript:alert(1)')).toEqual([
      { kind: 'text', text: '<script>alert(1)</script>' },
      { kind: 'break' },
      { kind: 'text', text: 'see ' },
      { kind: 'link', href: 'https://example.com/a', text: 'https://example.com/a' },
      { kind: 'text', text: ', or javascript:alert(1)' },
    ]);
  });

  it('leaves sentence punctuation out of a link', () => {
    expect(bodyParts('(http://example.com/x).')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', href: 'http://example.com/x', text: 'http://example.com/x' },
      { kind: 'text', text: ').' },
    ]);
  });

  it('counts characters as the server does: trimmed, by code point', () => {
    expect(commentLength('  hello  ')).toBe(5);
    expect(commentLength('😀😀')).toBe(2);
  });
});
