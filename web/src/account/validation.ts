/** Client-side checks of spec section 5; the server checks again. */
import { messages } from './messages';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** At least 8 characters with one uppercase letter. */
export function isStrongPassword(value: string): boolean {
  return value.length >= 8 && /\p{Lu}/u.test(value);
}

export function isBlank(value: string | undefined | null): boolean {
  return (value ?? '').trim() === '';
}

/** A form problem: the message to show and the field it is about (focus goes there). */
export interface FormProblem<Field extends string> {
  field: Field;
  message: string;
}

export function checkLogin(values: { email: string; password: string }): FormProblem<'email' | 'password'> | null {
  if (isBlank(values.email) && values.password === '') return { field: 'email', message: messages.fillAllFields };
  if (!isValidEmail(values.email)) return { field: 'email', message: messages.invalidEmail };
  if (values.password === '') return { field: 'password', message: messages.enterPassword };
  return null;
}

type RegisterField = 'firstName' | 'lastName' | 'email' | 'password';

export function checkRegistration(values: Record<RegisterField, string>): FormProblem<RegisterField> | null {
  const order: RegisterField[] = ['firstName', 'lastName', 'email', 'password'];
  const empty = order.find((field) => isBlank(values[field]));
  if (empty) return { field: empty, message: messages.fillAllFields };
  if (!isValidEmail(values.email)) return { field: 'email', message: messages.invalidEmail };
  if (!isStrongPassword(values.password)) return { field: 'password', message: messages.passwordRule };
  return null;
}

export function checkEmail(values: { email: string }): FormProblem<'email'> | null {
  return isValidEmail(values.email) ? null : { field: 'email', message: messages.invalidEmail };
}

export function checkNewPassword(values: { password: string }): FormProblem<'password'> | null {
  if (values.password === '') return { field: 'password', message: messages.enterPassword };
  if (!isStrongPassword(values.password)) return { field: 'password', message: messages.passwordRule };
  return null;
}

export function checkPasswordChange(values: {
  currentPassword: string;
  newPassword: string;
}): FormProblem<'currentPassword' | 'newPassword'> | null {
  if (values.currentPassword === '') return { field: 'currentPassword', message: messages.fillAllFields };
  if (values.newPassword === '') return { field: 'newPassword', message: messages.fillAllFields };
  if (!isStrongPassword(values.newPassword)) return { field: 'newPassword', message: messages.passwordRule };
  return null;
}

export function checkConfirmPassword(values: { password: string }): FormProblem<'password'> | null {
  return values.password === '' ? { field: 'password', message: messages.invalidPassword } : null;
}
