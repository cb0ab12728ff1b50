import { isApiError, UNKNOWN_ERROR_MESSAGE } from '../../api/client';

/** The server's sentence ("The email or password is wrong.", a rate limit's wait...) as it came. */
export function failureText(error: unknown): string {
  return isApiError(error) || error instanceof Error ? error.message || UNKNOWN_ERROR_MESSAGE : UNKNOWN_ERROR_MESSAGE;
}

/**
 * A code step answered 409: the account's enrolment is not what this page thought (done in
 * another tab meanwhile, or reset by an admin): the other step is the way on.
 */
export function otherStep(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && (error.type === 'already-enrolled' || error.type === 'not-enrolled');
}

/** A code step answered 401: the pending sign-in is gone (10 minutes, or 5 wrong codes). */
export function pendingEnded(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}
