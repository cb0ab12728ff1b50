import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { changePasswordErrorMessage } from '../settings/ChangePasswordForm';
import { registerErrorMessage } from './RegisterScreen';
import { resetErrorMessage } from './ResetPasswordScreen';
import { emailChangeErrorMessage } from './VerifyEmailChangeScreen';

const BURNT =
  'A wrong password was entered too many times, so this email change link no longer works. ' +
  'Please ask for a new link from your account settings.';
const WAIT = 'Too many attempts. Please wait 5 minutes and try again.';

describe('email-change link messages', () => {
  it.each([
    [new ApiError('x', 401, 'invalid-password'), 'Your password is incorrect.'],
    [new ApiError('x', 410, 'link-expired'), 'The email change link is expired.'],
    [new ApiError('x', 404, 'invalid-state'), 'The email change link is expired.'],
    [new ApiError('x', 409, 'user-already-exists'), 'Your new email address is already taken.'],
    [new ApiError(BURNT, 410, 'too-many-wrong-passwords'), BURNT],
    [new ApiError(WAIT, 429, 'too-many-requests'), WAIT],
    [new ApiError('x', 500, 'unknown'), 'Unknown error changing password.'],
    [new ApiError('You are probably offline.', 0, 'network-error'), 'Unknown error changing password.'],
    [new Error('boom'), 'Unknown error changing password.'],
  ])('%o → %s', (error, message) => {
    expect(emailChangeErrorMessage(error)).toBe(message);
  });
});

const RULE = 'Password must be at least 8 characters with one uppercase letter.';
const BREACHED =
  'This password appears in lists of passwords exposed in data breaches, so it is easy to ' +
  'guess, even with digits or symbols added. Please choose a less common password.';

/** A refusal as the request client builds it from the server's answer. */
function refused(message: string | null): ApiError {
  const body = message === null ? { type: 'password-not-strong' } : { type: 'password-not-strong', message };
  return new ApiError(message ?? 'An unknown error occurred.', 400, 'password-not-strong', body);
}

describe.each([
  ['register', registerErrorMessage],
  ['reset', resetErrorMessage],
  ['change password', changePasswordErrorMessage],
])('%s shows why the server refused a password', (_form, errorMessage) => {
  it.each([
    [refused(BREACHED), BREACHED],
    [refused(RULE), RULE],
    [refused(null), RULE],
  ])('%o → %s', (error, message) => {
    expect(errorMessage(error)).toBe(message);
  });
});
