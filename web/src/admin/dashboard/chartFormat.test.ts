import { describe, expect, it } from 'vitest';
import { bucketLong, bucketShort, formatTick, formatValue, unitLabel } from './chartFormat';

describe('buckets in words', () => {
  it('writes months and days in full for the table', () => {
    expect(bucketLong('2026-11')).toBe('Nov 2026');
    expect(bucketLong('2026-11-03')).toBe('3 Nov 2026');
  });

  it('shortens them under the axis, the year or month only where it changes', () => {
    expect(bucketShort('2025-12', true)).toBe('Dec 2025');
    expect(bucketShort('2026-01', false)).toBe('Jan 2026');
    expect(bucketShort('2026-02', false)).toBe('Feb');
    expect(bucketShort('2026-10-24', true)).toBe('24 Oct');
    expect(bucketShort('2026-10-25', false)).toBe('25');
    expect(bucketShort('2026-11-01', false)).toBe('1 Nov');
  });
});

describe('values', () => {
  it('writes counts with separators and cents as money', () => {
    expect(formatValue(1234, 'members')).toBe('1,234');
    expect(formatValue(123456, 'cents', 'USD')).toBe('$1,234.56');
    expect(formatValue(5, 'cents', 'USD')).toBe('$0.05');
  });

  it('writes the ticks of money short', () => {
    expect(formatTick(125000, 'cents', 'USD')).toBe('$1.25K');
    expect(formatTick(50000, 'cents', 'USD')).toBe('$500');
    expect(formatTick(1500, 'members')).toBe('1,500');
  });

  it('names the value axis by its unit', () => {
    expect(unitLabel('members')).toBe('Members');
    expect(unitLabel('cents', 'USD')).toBe('USD');
  });
});
