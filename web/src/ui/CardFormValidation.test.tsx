import { describe, expect, it } from 'vitest';
import {
  EMPTY_CARD,
  allValid,
  fieldMessage,
  fieldState,
  formatCardNumber,
  formatExpiration,
  invalidFieldsMessage,
  luhnValid,
  type CardValues,
} from './CardFormValidation';

const today = new Date(2026, 4, 15); // May 2026
const good: CardValues = { cardholderName: 'Ada Lovelace', number: '4111 1111 1111 1111', expirationDate: '12/30', cvv: '123', postalCode: '10001' };

describe('card field validation', () => {
  it('accepts a complete card', () => {
    expect(allValid(good, today)).toBe(true);
  });

  it('reports every empty field as empty and the form as not valid', () => {
    for (const field of ['cardholderName', 'number', 'expirationDate', 'cvv', 'postalCode'] as const) {
      expect(fieldState(field, EMPTY_CARD, today)).toBe('empty');
      expect(fieldState(field, { ...good, [field]: '   ' }, today)).toBe('empty');
      expect(allValid({ ...good, [field]: '' }, today)).toBe(false);
    }
  });

  it.each([
    ['4111 1111 1111 1111', 'valid'],
    ['4111-1111-1111-1111', 'valid'],
    ['4000111111111115', 'valid'],
    ['378282246310005', 'valid'],
    ['4111 1111 1111 1112', 'invalid'], // Luhn
    ['4111', 'invalid'],
    ['4111 1111 abcd 1111', 'invalid'],
  ] as const)('card number %j is %s', (number, expected) => {
    expect(fieldState('number', { ...good, number }, today)).toBe(expected);
  });

  it.each([
    ['12/30', 'valid'],
    ['05/26', 'valid'], // the current month still works
    ['5/2027', 'valid'],
    ['04/26', 'invalid'], // last month
    ['13/30', 'invalid'],
    ['00/30', 'invalid'],
    ['1230', 'invalid'],
    ['12/99', 'invalid'], // too far ahead
  ] as const)('expiration %j is %s', (expirationDate, expected) => {
    expect(fieldState('expirationDate', { ...good, expirationDate }, today)).toBe(expected);
  });

  it('wants 3 CVV digits, 4 for American Express', () => {
    expect(fieldState('cvv', { ...good, cvv: '12' }, today)).toBe('invalid');
    expect(fieldState('cvv', { ...good, cvv: '1234' }, today)).toBe('invalid');
    expect(fieldState('cvv', { ...good, number: '378282246310005', cvv: '1234' }, today)).toBe('valid');
    expect(fieldState('cvv', { ...good, number: '378282246310005', cvv: '123' }, today)).toBe('invalid');
  });

  it.each([
    ['10001', 'valid'],
    ['10001-1234', 'valid'],
    ['1000', 'invalid'],
    ['ABCDE', 'invalid'],
  ] as const)('zip code %j is %s', (postalCode, expected) => {
    expect(fieldState('postalCode', { ...good, postalCode }, today)).toBe(expected);
  });

  it('checks the Luhn sum', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});

describe('card form messages', () => {
  it('gives empty and invalid fields a message naming the label', () => {
    expect(fieldMessage('cardholderName', 'empty')).toBe('Please enter the Name.');
    expect(fieldMessage('number', 'invalid')).toBe('The Card Number field is invalid.');
    expect(fieldMessage('cvv', 'valid')).toBeNull();
  });

  it('lists the invalid fields as the spec words it', () => {
    expect(invalidFieldsMessage([])).toBeNull();
    expect(invalidFieldsMessage(['expirationDate'])).toBe('The Expiration field is invalid.');
    expect(invalidFieldsMessage(['number', 'cvv', 'postalCode'])).toBe('The following fields are invalid: Card Number, CVV, Zip Code');
  });
});

describe('formatting while typing', () => {
  it('groups card digits in fours', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('4111 1111 1111 1111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('41x1')).toBe('411');
  });

  it('puts the slash into the expiry date, and lets it be deleted', () => {
    expect(formatExpiration('12/30', '')).toBe('12/30');
    expect(formatExpiration('1230', '')).toBe('12/30');
    expect(formatExpiration('12', '1')).toBe('12/');
    expect(formatExpiration('12', '12/')).toBe('1');
    expect(formatExpiration('1', '')).toBe('1');
  });
});
