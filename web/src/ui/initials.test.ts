import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initials: first letter of the first and last words, uppercased', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['mary ann smith', 'MS'],
    ['  jane   doe  ', 'JD'],
    ['Cher', 'C'],
    ['émile zola', 'ÉZ'],
    ['', ''],
    ['   ', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });
});
