import { describe, expect, it } from 'vitest';
import table from './initials.cases.json';
import { initialsOf } from './initials';

// The table the server's tests read too (server/tests/identity/test_avatar_scripts.py): the
// avatar endpoint draws every initial in it, so the account area's previews never break.
describe('initials: first letter of the first and last words, uppercased, in any script', () => {
  it.each(table.cases as [string, string][])('%j → %j', (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });

  it.each([
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });
});
