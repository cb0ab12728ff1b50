import { ApiError, isApiError } from '../../api/client';

/** What the reader reads when the check fails, wherever it failed (browser or server). */
export const VERIFICATION_FAILED = "We couldn't confirm you're not a robot. Please try again.";

/** The server's refusals of a check, and the one of a guarded call made without a check. */
const VERIFICATION_TYPES = new Set(['verification-failed', 'verification-unavailable', 'human-verification-required']);

/** The challenge failed in the browser: the script did not load, the widget failed or hung. */
export function challengeFailed(): ApiError {
  return new ApiError(VERIFICATION_FAILED, 0, 'verification-failed');
}

/** A failed human check: shown with its own message and a Try again that runs it anew. */
export function isVerificationFailure(error: unknown): error is ApiError {
  return isApiError(error) && VERIFICATION_TYPES.has(error.type);
}
