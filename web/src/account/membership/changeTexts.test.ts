import { describe, expect, it } from 'vitest';
import { chargeWording, pauseText } from './changeTexts';
import { canChangePlan, canPause, isPaused, statusLabel } from './status';

describe('pause and plan change', () => {
  it('says what a resumed membership is charged and when, with the months and the monthly price', () => {
    expect(pauseText(3, { resumes: '2027-08-22', amount: '24.99', frequency: 6 })).toBe(
      'Your membership will be paused for 3 months. It resumes on August 22, 2027: you are charged $24.99 that day and then every 6 months ($4.17 a month).',
    );
    expect(pauseText(1, { resumes: '2027-01-22', amount: '4.99', frequency: 1 })).toBe(
      'Your membership will be paused for 1 month. It resumes on January 22, 2027: you are charged $4.99 that day and then every month.',
    );
    expect(pauseText(2, { resumes: '2027-03-01', amount: '39.99', frequency: 12 })).toContain('$39.99 that day and then every year ($3.33 a month).');
  });

  it('names plans by how often they actually charge', () => {
    expect([chargeWording('4.99', 1), chargeWording('24.99', 6), chargeWording('39.99', 12)]).toEqual([
      '$4.99 every month',
      '$24.99 every 6 months',
      '$39.99 every year',
    ]);
  });

  it('says a cancelled membership that still runs is active until its last day', () => {
    expect(statusLabel('Cancelled_Active', 'May 21, 2027')).toBe('Active until May 21, 2027');
    expect(statusLabel('Cancelled_Active')).toBe('Active until the end of the paid period');
    expect(statusLabel('Canceled')).toBe('Cancelled');
  });

  it('offers pause only on a running membership with the feature on', () => {
    expect(canPause('Active', true)).toBe(true);
    expect(canPause('Active', false)).toBe(false);
    for (const status of ['Active_Paused', 'Paused', 'Cancelled_Active', 'Past Due', 'Pending'] as const) {
      expect(canPause(status, true)).toBe(false);
    }
  });

  it('knows the paused statuses and where a plan change is possible', () => {
    expect([isPaused('Paused'), isPaused('Active_Paused'), isPaused('Active')]).toEqual([true, true, false]);
    expect([canChangePlan('Active'), canChangePlan('Active_Pending'), canChangePlan('Cancelled_Active')]).toEqual([true, true, false]);
  });
});
