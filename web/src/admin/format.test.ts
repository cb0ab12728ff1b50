import { describe, expect, it } from 'vitest';
import { consolePath, formatMoment, groupSecret } from './format';

describe('format', () => {
  it('groups a secret in fours', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDE')).toBe('ABCD E');
  });

  it('keeps text that is not a moment as it came', () => {
    expect(formatMoment('soon')).toBe('soon');
    expect(formatMoment(null)).toBe('');
    expect(formatMoment('2026-11-22T09:00:15Z')).toMatch(/2026/);
  });

  it.each([
    [null, '/admin'],
    ['/admin/audit?actor=a', '/admin/audit?actor=a'],
    ['/admin', '/admin'],
    ['/admin/sign-in', '/admin'],
    ['/account/settings', '/admin'],
    ['https://evil.example/admin', '/admin'],
    ['/administrator', '/admin'],
  ])('after sign-in, %j → %j', (next, path) => {
    expect(consolePath(next)).toBe(path);
  });
});
