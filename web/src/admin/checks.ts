/**
 * The sign-in forms' own checks, pure (the server checks everything again): one message at a
 * time, for the field it is about. And the codes as the server reads them.
 */
import type { FormProblem } from '../account/validation';

export const texts = {
  fillBoth: 'Enter your email address and your password.',
  invalidEmail: 'Enter an email address like name@example.com.',
  enterPassword: 'Enter your password.',
  enterCode: 'Enter the 6-digit code from your authenticator app.',
  enterCodeOrRecovery: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes (like abcd-efgh-ijkl).',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TOTP = /^\d{6}$/;
const RECOVERY = /^[a-z0-9]{12}$/;

export function checkSignIn(values: { email: string; password: string }): FormProblem<'email' | 'password'> | null {
  if (values.email.trim() === '' && values.password === '') return { field: 'email', message: texts.fillBoth };
  if (!EMAIL.test(values.email.trim())) return { field: 'email', message: texts.invalidEmail };
  if (values.password === '') return { field: 'password', message: texts.enterPassword };
  return null;
}

/** A 6-digit code as typed ("123 456" too), or null. */
export function totpCode(typed: string): string | null {
  const digits = typed.replace(/\s+/g, '');
  return TOTP.test(digits) ? digits : null;
}

/**
 * A code of the sign-in step: a TOTP code, or a recovery code written the way the server
 * issues it (lower case, groups of four joined by hyphens) however it was typed.
 */
export function signInCode(typed: string): string | null {
  const totp = totpCode(typed);
  if (totp) return totp;
  const plain = typed.replace(/[\s-]+/g, '').toLowerCase();
  return RECOVERY.test(plain) ? plain.replace(/(.{4})(?=.)/g, '$1-') : null;
}

export function checkTotp(values: { code: string }): FormProblem<'code'> | null {
  return totpCode(values.code) ? null : { field: 'code', message: texts.enterCode };
}

export function checkSignInCode(values: { code: string }): FormProblem<'code'> | null {
  return signInCode(values.code) ? null : { field: 'code', message: texts.enterCodeOrRecovery };
}
