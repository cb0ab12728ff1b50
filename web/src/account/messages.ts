/** Reader-facing texts of spec section 8, word for word (billing's are the server's: specTexts). */
import { UNKNOWN_ERROR } from '../api/specTexts';

export const messages = {
  fillAllFields: 'Please fill out all form fields.',
  emailInUse: 'Sorry, this email is already in use.',
  emailNotVerified: 'Sorry, this email has not been verified. Please check your email or ',
  enterPassword: 'Please enter a password.',
  invalidEmail: 'Please enter a valid email address.',
  invalidPassword: 'Please enter a valid password.',
  wrongCredentials: 'Sorry, this is the wrong email or password.',
  resetProblem: 'Sorry, there was a problem resetting your password.',
  passwordRule: 'Password must be at least 8 characters with one uppercase letter.',
  currentPasswordMismatch: "Sorry, your current password didn't match. Try again.",
  unknownError: UNKNOWN_ERROR,
  profileUpdateError: 'Sorry, there was an error updating your profile',
  emailChangeWrongPassword: 'Your password is incorrect.',
  emailChangeExpired: 'The email change link is expired.',
  emailChangeTaken: 'Your new email address is already taken.',
  emailChangeUnknown: 'Unknown error changing password.',
} as const;
