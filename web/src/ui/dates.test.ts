import { describe, expect, it } from 'vitest';
import { addDays, addMonths, formatDate, toDay, today } from './dates';

describe('formatDate, the account area’s one date formatter', () => {
  it('shows a server day as written, in any time zone of the reader', () => {
    for (const zone of ['UTC', 'America/Los_Angeles', 'America/New_York', 'Pacific/Auckland']) {
      expect(formatDate({ date: '2027-05-25 00:00:00.000000' }, zone)).toBe('May 25, 2027');
      expect(formatDate('2027-05-25', zone)).toBe('May 25, 2027');
    }
  });

  it('shows a moment as the day it falls on in the reader’s time zone', () => {
    expect(formatDate('2027-05-26T02:30:00+00:00', 'America/New_York')).toBe('May 25, 2027');
    expect(formatDate('2027-05-26T02:30:00+00:00', 'Europe/Berlin')).toBe('May 26, 2027');
    expect(today('Pacific/Auckland', new Date('2027-05-25T13:00:00Z'))).toBe('2027-05-26');
  });

  it('is null for nothing or what is not a date', () => {
    expect([formatDate(null), formatDate(undefined), formatDate('soon'), toDay({ date: '' })]).toEqual([null, null, null, null]);
  });
});

describe('day arithmetic', () => {
  it('counts days and billing months as the gateway does', () => {
    expect(addDays('2027-05-26', -1)).toBe('2027-05-25');
    expect(addDays({ date: '2026-12-31 00:00:00.000000' }, 1)).toBe('2027-01-01');
    expect(addMonths('2027-05-26', 3)).toBe('2027-08-26');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2027-10-15', 3)).toBe('2028-01-15');
  });
});
