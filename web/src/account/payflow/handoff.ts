/**
 * The payflow's hand-off with the page that sent the reader (issue 12, item 4): a call to
 * action links to the payflow with the plan it offered and the story it was on; the plan and
 * the story survive login or registration (the guard remembers the whole address) and come
 * back: the payflow opens that plan's checkout, the confirmation links back to the story.
 *
 * The story is a redirect target like any other: only what passes acceptRedirect (a path on
 * this site or a URL on an allowed host, never login or register) is ever linked to. Pure.
 */
import { acceptRedirect } from '../redirect';

export const PAYFLOW_PATH = '/account/subscribe';
export const PLAN_PARAM = 'plan';
/** The page to come back to: the login page's own parameter name (spec section 2). */
export const STORY_PARAM = 'redirect';

/** Plan ids are short words (billing_plans.id, at most 64 characters). */
const PLAN_ID = /^[A-Za-z0-9._-]{1,64}$/;
const PLACEHOLDER_ORIGIN = 'https://masthead.invalid';

/** The payflow for a plan chosen on a page, coming back to `story`. */
export function payflowHref(planId: string | null, story: string | null): string {
  const query = new URLSearchParams();
  if (planId) query.set(PLAN_PARAM, planId);
  if (story) query.set(STORY_PARAM, story);
  const text = query.toString();
  return text ? `${PAYFLOW_PATH}?${text}` : PAYFLOW_PATH;
}

export interface Handoff {
  /** The plan to preselect, if the address names one (whether it is offered is the payflow's call). */
  planId: string | null;
  /** Where "Back to the story" goes; null when absent or refused by the redirect rules. */
  story: string | null;
}

export function readHandoff(search: string, allowedHosts: readonly string[]): Handoff {
  const query = new URLSearchParams(search);
  const plan = query.get(PLAN_PARAM);
  return {
    planId: plan !== null && PLAN_ID.test(plan) ? plan : null,
    story: acceptRedirect(query.get(STORY_PARAM), allowedHosts),
  };
}

/** Whether a login target is the payflow (/account/subscribe or /account/appsubscribe). */
export function isPayflowTarget(target: string | null): boolean {
  if (!target) return false;
  try {
    return /^\/account\/(?:app)?subscribe\/?$/.test(new URL(target, PLACEHOLDER_ORIGIN).pathname);
  } catch {
    return false;
  }
}
