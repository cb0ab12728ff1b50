import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { emailChangeErrorMessage } from './VerifyEmailChangeScreen';

describe('email-change link messages', () => {
  it.each([
    [new ApiError('x', 401, 'invalid-password'), 'Your password is incorrect.'],
    [new ApiError('x', 410, 'link-expired'), 'The email change link is expired.'],
    [new ApiError('x', 404, 'invalid-state'), 'The email change link is expired.'],
    [new ApiError('x', 409, 'user-already-exists'), 'Your new email address is already taken.'],
    [new ApiError('x', 500, 'unknown'), 'Unknown error changing password.'],
    [new ApiError('You are probably offline.', 0, 'network-error'), 'Unknown error changing password.'],
    [new Error('boom'), 'Unknown error changing password.'],
  ])('%o → %s', (error, message) => {
    expect(emailChangeErrorMessage(error)).toBe(message);
  });
});
