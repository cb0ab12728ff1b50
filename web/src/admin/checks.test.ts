import { describe, expect, it } from 'vitest';
import { checkSignIn, checkSignInCode, checkTotp, signInCode, texts, totpCode } from './checks';

describe('sign-in checks', () => {
  it.each([
    [{ email: '', password: '' }, { field: 'email', message: texts.fillBoth }],
    [{ email: 'nope', password: 'x' }, { field: 'email', message: texts.invalidEmail }],
    [{ email: ' staff@example.com ', password: '' }, { field: 'password', message: texts.enterPassword }],
    [{ email: 'staff@example.com', password: 'x' }, null],
  ])('%j → %j', (values, problem) => {
    expect(checkSignIn(values)).toEqual(problem);
  });
});

describe('codes', () => {
  it.each([
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['12345', null],
    ['1234567', null],
    ['abcdef', null],
  ])('TOTP %j → %j', (typed, code) => {
    expect(totpCode(typed)).toBe(code);
  });

  it.each([
    ['123 456', '123456'],
    ['abcd-efgh-ijkm', 'abcd-efgh-ijkm'],
    ['ABCD EFGH IJKM', 'abcd-efgh-ijkm'],
    ['abcdefghijkm', 'abcd-efgh-ijkm'],
    ['abcd-efgh', null],
    ['', null],
  ])('sign-in code %j → %j', (typed, code) => {
    expect(signInCode(typed)).toBe(code);
  });

  it('says what to enter', () => {
    expect(checkTotp({ code: 'abcd-efgh-ijkm' })).toEqual({ field: 'code', message: texts.enterCode });
    expect(checkSignInCode({ code: 'abcd-efgh-ijkm' })).toBeNull();
    expect(checkSignInCode({ code: '12' })).toEqual({ field: 'code', message: texts.enterCodeOrRecovery });
  });
});
