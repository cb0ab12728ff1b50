import { describe, expect, it } from 'vitest';
import { backPath, forwardPath, progressText, resumePath, startOf, stepsFor } from './steps';

describe('the step set', () => {
  it.each([
    [{ subscriber: false, membershipEnabled: true, eventsExist: false }, ['customize', 'newsletters', 'app-text', 'sports-plus']],
    [{ subscriber: false, membershipEnabled: true, eventsExist: true }, ['customize', 'newsletters', 'app-text', 'sports-plus']],
    [{ subscriber: false, membershipEnabled: false, eventsExist: false }, ['customize', 'newsletters']],
    [{ subscriber: false, membershipEnabled: false, eventsExist: true }, ['customize', 'newsletters']],
    [{ subscriber: true, membershipEnabled: true, eventsExist: true }, ['customize', 'newsletters', 'texts', 'rewards', 'events']],
    [{ subscriber: true, membershipEnabled: true, eventsExist: false }, ['customize', 'newsletters', 'texts', 'rewards']],
    [{ subscriber: true, membershipEnabled: false, eventsExist: true }, ['customize', 'newsletters', 'texts', 'rewards', 'events']],
    [{ subscriber: true, membershipEnabled: false, eventsExist: false }, ['customize', 'newsletters', 'texts', 'rewards']],
  ])('%o gives %o', (facts, steps) => {
    expect(stepsFor(facts)).toEqual(steps);
  });
});

describe('moving between steps', () => {
  const steps = stepsFor({ subscriber: true, membershipEnabled: true, eventsExist: true });

  it('goes forward to the next step, and from the last to thanks', () => {
    expect(forwardPath(steps, 'customize')).toBe('/account/onboarding/newsletters');
    expect(forwardPath(steps, 'events')).toBe('/account/onboarding/thanks');
  });

  it('goes back to the step before, and from the first to the start', () => {
    expect(backPath(steps, 'texts')).toBe('/account/onboarding/newsletters');
    expect(backPath(steps, 'customize')).toBe('/account/onboarding');
  });

  it('resumes at the first step neither continued nor skipped', () => {
    expect(resumePath(steps, new Set())).toBe('/account/onboarding/customize');
    expect(resumePath(steps, new Set(['customize', 'texts']))).toBe('/account/onboarding/newsletters');
    expect(resumePath(steps, new Set(steps))).toBe('/account/onboarding/thanks');
  });

  it('says where the reader is', () => {
    expect(progressText(steps, 'newsletters')).toBe('Step 2 of 5');
  });

  it('starts with the splash, welcomes back with steps left, and is finished after the last', () => {
    expect(startOf(steps, new Set())).toBe('splash');
    expect(startOf(steps, new Set(['customize', 'app-text']))).toBe('welcome-back');
    expect(startOf(steps, new Set(steps))).toBe('finished');
    // A step of another set (done before subscribing) does not count for this one.
    expect(startOf(steps, new Set(['sports-plus']))).toBe('splash');
  });
});
