import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import {
  checkConfirmPassword,
  checkEmail,
  checkLogin,
  checkNewPassword,
  checkPasswordChange,
  checkRegistration,
  isStrongPassword,
  isValidEmail,
} from './validation';

describe('password rule: at least 8 characters with one uppercase letter', () => {
  it.each([
    ['Password', true],
    ['abcdefgH', true],
    ['ÉCOLE123', true],
    ['Abcdefg', false], // 7 characters
    ['password1', false], // no uppercase
    ['12345678', false],
    ['', false],
  ])('%j → %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });
});

describe('email rule', () => {
  it.each([
    ['reader@example.com', true],
    [' reader@example.com ', true],
    ['a.b+c@sub.example.co.uk', true],
    ['reader@example', false],
    ['reader example.com', false],
    ['@example.com', false],
    ['', false],
  ])('%j → %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });
});

describe('form checks give the spec messages', () => {
  it('login', () => {
    expect(checkLogin({ email: '', password: '' })?.message).toBe(messages.fillAllFields);
    expect(checkLogin({ email: 'nope', password: 'x' })).toEqual({ field: 'email', message: messages.invalidEmail });
    expect(checkLogin({ email: 'a@b.co', password: '' })).toEqual({ field: 'password', message: messages.enterPassword });
    expect(checkLogin({ email: 'a@b.co', password: 'x' })).toBeNull();
  });

  it('registration', () => {
    const good = { firstName: 'Ada', lastName: 'L', email: 'a@b.co', password: 'Password1' };
    expect(checkRegistration(good)).toBeNull();
    expect(checkRegistration({ ...good, lastName: ' ' })).toEqual({ field: 'lastName', message: messages.fillAllFields });
    expect(checkRegistration({ ...good, email: 'x' })?.message).toBe(messages.invalidEmail);
    expect(checkRegistration({ ...good, password: 'password1' })?.message).toBe(messages.passwordRule);
  });

  it('email, new password, password change and confirmation', () => {
    expect(checkEmail({ email: 'x' })?.message).toBe(messages.invalidEmail);
    expect(checkNewPassword({ password: '' })?.message).toBe(messages.enterPassword);
    expect(checkNewPassword({ password: 'short' })?.message).toBe(messages.passwordRule);
    expect(checkNewPassword({ password: 'LongEnough' })).toBeNull();
    expect(checkPasswordChange({ currentPassword: '', newPassword: 'LongEnough' })?.message).toBe(messages.fillAllFields);
    expect(checkPasswordChange({ currentPassword: 'x', newPassword: 'weakpass' })?.message).toBe(messages.passwordRule);
    expect(checkPasswordChange({ currentPassword: 'x', newPassword: 'LongEnough' })).toBeNull();
    expect(checkConfirmPassword({ password: '' })?.message).toBe(messages.invalidPassword);
  });
});
