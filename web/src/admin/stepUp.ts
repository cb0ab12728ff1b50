/**
 * Step-up, pure: a sensitive action the server refuses with 403 reauthentication-required is
 * asked again once, after the person has entered a fresh code. The dialog that asks is
 * StepUp.tsx; this is the rule, so it is tested without one.
 */
import { isApiError } from '../api/client';

export const REAUTHENTICATION_REQUIRED = 'reauthentication-required';

/** The person closed the code dialog: the action was not done. */
export class StepUpCancelled extends Error {
  override readonly name = 'StepUpCancelled';

  constructor() {
    super('Nothing was changed: this change needs a code from your authenticator app.');
  }
}

export function needsStepUp(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.type === REAUTHENTICATION_REQUIRED;
}

/**
 * Runs `action`; when the server asks for a fresh code, `askForCode` gets one (true) or the
 * person gives up (false), and the action runs once more. A second refusal is the answer.
 */
export async function withStepUp<T>(action: () => Promise<T>, askForCode: () => Promise<boolean>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!needsStepUp(error)) throw error;
    if (!(await askForCode())) throw new StepUpCancelled();
    return action();
  }
}
