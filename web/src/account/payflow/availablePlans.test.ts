import { describe, expect, it, vi } from 'vitest';
import type { RawPlan } from '../../api/billing';
import { applyAvailablePlans, parseOptions, parsePlanLines } from './availablePlans';
import { rawPlan } from '../../test/plans';

const plan = rawPlan;

const PLANS: Record<string, RawPlan> = {
  monthly: plan('monthly', { trial_duration: 7 }),
  six: plan('six', { frequency: 6 }),
  annual: plan('annual', { frequency: 12, featured: true, badge: 'Best Value!', curation: 'Catalogue text' }),
};

describe('the available-plans lines', () => {
  it('reads plan ids with and without options, skipping blank lines', () => {
    const log = vi.fn();
    expect(parsePlanLines('annual {"featured": false, "curation": "Welcome back"}\r\n\n  six  \nmonthly {"featured":true}\n', log)).toEqual([
      { id: 'annual', options: { featured: false, curation: 'Welcome back' } },
      { id: 'six', options: {} },
      { id: 'monthly', options: { featured: true } },
    ]);
    expect(log).not.toHaveBeenCalled();
  });

  it('reads JSON-like options: single quotes and bare keys', () => {
    expect(parseOptions("{featured: true, curation: 'Fans\\' favourite, \"really\"'}")).toEqual({ featured: true, curation: 'Fans\' favourite, "really"' });
    expect(parseOptions("{'featured': false}")).toEqual({ featured: false });
    expect(parseOptions("{curation: 'Sports, news: all of it', featured: true}")).toEqual({ curation: 'Sports, news: all of it', featured: true });
    expect(parseOptions('{curation: "Sports, news: all of it"}')).toEqual({ curation: 'Sports, news: all of it' });
  });

  it('ignores options it cannot read, and keys it does not know, and says so', () => {
    const log = vi.fn();
    expect(parseOptions('{featured: yes please}', log)).toEqual({});
    expect(parseOptions('[true]', log)).toEqual({});
    expect(parseOptions('{"featured": "true", "curation": 3, "colour": "red"}', log)).toEqual({});
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('is no decision when outputValue is not text, and no plans when it is empty', () => {
    const log = vi.fn();
    expect(parsePlanLines(null, log)).toBeNull();
    expect(parsePlanLines({ plans: [] }, log)).toBeNull();
    expect(log).toHaveBeenCalledTimes(2);
    expect(parsePlanLines('', log)).toEqual([]);
  });
});

describe('applying the decision to the plans', () => {
  it('keeps the decided order, applies the options, and logs and drops unknown plan ids', () => {
    const log = vi.fn();
    const lines = parsePlanLines('annual {"featured": false}\nretired\nsix {"featured": true, "curation": "Half a year"}\nsix\nmonthly', log) ?? [];
    const shown = applyAvailablePlans(PLANS, lines, log);
    expect(shown.map((p) => p.id)).toEqual(['annual', 'six', 'monthly']);
    expect(shown[0]).toMatchObject({ featured: false, badge: null, curation: 'Catalogue text' });
    expect(shown[1]).toMatchObject({ featured: true, badge: 'Best Value!', curation: 'Half a year' });
    expect(shown[2]).toBe(PLANS.monthly);
    expect(log).toHaveBeenCalledWith('available-plans: unknown plan id "retired" dropped');
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('never takes an id from the object prototype for a plan', () => {
    const log = vi.fn();
    expect(applyAvailablePlans(PLANS, [{ id: 'constructor', options: {} }, { id: '__proto__', options: {} }], log)).toEqual([]);
    expect(log).toHaveBeenCalledTimes(2);
  });
});
