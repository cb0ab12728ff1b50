/**
 * The onboarding's steps (spec section 2) and the moves between them. Pure: no I/O.
 *
 * Non-subscriber: customize, newsletters, plus app-text and sports-plus when membership is
 * enabled. Subscriber (a member-like status or home delivery, as the server decides):
 * customize, newsletters, texts, rewards, plus events when events exist. Then thanks.
 */

export type StepSlug = 'customize' | 'newsletters' | 'app-text' | 'sports-plus' | 'texts' | 'rewards' | 'events';

export const ONBOARDING_ROOT = '/account/onboarding';
export const THANKS_PATH = `${ONBOARDING_ROOT}/thanks`;

export interface StepFacts {
  subscriber: boolean;
  membershipEnabled: boolean;
  eventsExist: boolean;
}

export function stepsFor({ subscriber, membershipEnabled, eventsExist }: StepFacts): StepSlug[] {
  if (subscriber) return ['customize', 'newsletters', 'texts', 'rewards', ...(eventsExist ? (['events'] as const) : [])];
  return ['customize', 'newsletters', ...(membershipEnabled ? (['app-text', 'sports-plus'] as const) : [])];
}

export function stepPath(step: StepSlug): string {
  return `${ONBOARDING_ROOT}/${step}`;
}

/** Where a reader resumes: the first step neither continued nor skipped, else thanks. */
export function resumePath(steps: readonly StepSlug[], done: ReadonlySet<string>): string {
  const next = steps.find((step) => !done.has(step));
  return next ? stepPath(next) : THANKS_PATH;
}

/** The step after `step` (thanks after the last). */
export function forwardPath(steps: readonly StepSlug[], step: StepSlug): string {
  const next = steps[steps.indexOf(step) + 1];
  return next ? stepPath(next) : THANKS_PATH;
}

/** The step before `step`; the first step goes back to the onboarding's start. */
export function backPath(steps: readonly StepSlug[], step: StepSlug): string {
  const before = steps[steps.indexOf(step) - 1];
  return before ? stepPath(before) : ONBOARDING_ROOT;
}

/** "Step 2 of 5" (thanks is where the steps end, not one of them). */
export function progressText(steps: readonly StepSlug[], step: StepSlug): string {
  return `Step ${steps.indexOf(step) + 1} of ${steps.length}`;
}

export function isStep(steps: readonly StepSlug[], slug: string | undefined): slug is StepSlug {
  return slug !== undefined && (steps as readonly string[]).includes(slug);
}

/** What the start screen shows: a first visit, a return with steps left, or all done. */
export type Start = 'splash' | 'welcome-back' | 'finished';

export function startOf(steps: readonly StepSlug[], done: ReadonlySet<string>): Start {
  const finished = steps.filter((step) => done.has(step)).length;
  if (finished === 0) return 'splash';
  return finished < steps.length ? 'welcome-back' : 'finished';
}
