/**
 * Where a new account goes, whichever way it was made (the form, or a provider's popup on the
 * register or the login page): on the way to subscribe, straight on to the payflow with the
 * plan and the story the address carries; otherwise the welcome page, which continues to the
 * page the reader was going to (remembered here) afterwards.
 */
import { isPayflowTarget } from './payflow/handoff';
import { forgetRedirectPath, rememberRedirectPath } from './redirectStorage';

export const REGISTER_SUCCESS_PATH = '/account/register-success';
/** Spec section 9: wait 500 ms after registering (the form or a popup) before reading the new session. */
export const REGISTER_SETTLE_MS = 500;

/** `redirect` must already be accepted (acceptRedirect or resolveLoginRedirect). */
export function registrationLanding(redirect: string | null): string {
  if (redirect && isPayflowTarget(redirect)) {
    forgetRedirectPath();
    return redirect;
  }
  if (redirect) rememberRedirectPath(redirect);
  return REGISTER_SUCCESS_PATH;
}
