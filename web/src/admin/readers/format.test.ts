import { describe, expect, it } from 'vitest';
import { count, day, money, profileValue, queryOf, readerIdOf, readerName, readerPath, refundLabel, statusWords } from './format';

describe('the Readers console writes', () => {
  it('the search and reader ids from the address, only as the server could know them', () => {
    expect(queryOf(new URLSearchParams('q=%20Ada%20Lov%20'))).toBe('Ada Lov');
    expect(queryOf(new URLSearchParams(''))).toBe('');
    expect(queryOf(new URLSearchParams({ q: 'x'.repeat(400) }))).toHaveLength(320);
    expect(readerIdOf('42')).toBe(42);
    expect(readerPath(42)).toBe('/admin/readers/42');
    for (const bad of [undefined, '', '0', '-1', '4.2', 'abc', '2147483648', '99999999999']) {
      expect(readerIdOf(bad)).toBeNull();
    }
  });

  it('a reader by their name, else their display name, else their address', () => {
    expect(readerName({ email: 'ada@example.com', full_name: 'Ada Lovelace', display_name: 'ada' })).toBe('Ada Lovelace');
    expect(readerName({ email: 'ada@example.com', full_name: ' ', display_name: 'Countess' })).toBe('Countess');
    expect(readerName({ email: 'ada@example.com', full_name: '', display_name: '' })).toBe('ada@example.com');
  });

  it('money, statuses, profile values, days and counts as people read them', () => {
    expect(money('39.99')).toBe('$39.99');
    expect(money('5')).toBe('$5.00');
    expect(money('n/a')).toBe('n/a');
    expect(statusWords('submitted_for_settlement')).toBe('Submitted for settlement');
    expect(statusWords('past due')).toBe('Past due');
    expect(profileValue(true)).toBe('Yes');
    expect(profileValue(false)).toBe('No');
    expect(profileValue('')).toBe('Not set');
    expect(profileValue(null)).toBe('Not set');
    expect(profileValue([])).toBe('None');
    expect(profileValue(['2026-11-01', '2026-11-02'])).toBe('2026-11-01, 2026-11-02');
    expect(profileValue(7)).toBe('7');
    expect(day('2027-11-21')).toBe('November 21, 2027');
    expect(day(null)).toBe('—');
    expect(refundLabel({ amount: '39.99', created_at: '2026-11-22' })).toBe('Refund $39.99 charged November 22, 2026');
    expect(count(1, 'session')).toBe('1 session');
    expect(count(3, 'session')).toBe('3 sessions');
  });
});
