import { describe, expect, it } from 'vitest';
import { pauseText } from './changeTexts';
import { canChangePlan, canPause, isPaused } from './status';

describe('pause and plan change', () => {
  it('states the pause length in months and the monthly price it resumes at', () => {
    expect(pauseText(1, '4.99')).toBe('Your membership will be paused for 1 month. It then resumes at $4.99 per month.');
    expect(pauseText(3, '3.33')).toBe('Your membership will be paused for 3 months. It then resumes at $3.33 per month.');
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
