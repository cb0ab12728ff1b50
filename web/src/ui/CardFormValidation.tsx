/**
 * The card form's rules (spec section 5): five fields, each empty, invalid or valid, and the
 * message that lists the invalid ones (spec section 8, word for word). Pure functions.
 */

export type CardField = 'cardholderName' | 'number' | 'expirationDate' | 'cvv' | 'postalCode';

export const CARD_FIELDS: readonly CardField[] = ['cardholderName', 'number', 'expirationDate', 'cvv', 'postalCode'];

export const CARD_FIELD_LABELS: Record<CardField, string> = {
  cardholderName: 'Name',
  number: 'Card Number',
  expirationDate: 'Expiration',
  cvv: 'CVV',
  postalCode: 'Zip Code',
};

export type CardValues = Record<CardField, string>;

export const EMPTY_CARD: CardValues = { cardholderName: '', number: '', expirationDate: '', cvv: '', postalCode: '' };

export type FieldState = 'empty' | 'invalid' | 'valid';

export function digitsOf(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function isAmex(number: string): boolean {
  return /^3[47]/.test(digitsOf(number));
}

/** MM/YY or MM/YYYY, month 1-12, not before the current month. */
export function parseExpiration(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

export function fieldState(field: CardField, values: CardValues, today: Date = new Date()): FieldState {
  const raw = values[field];
  if (raw.trim() === '') return 'empty';
  switch (field) {
    case 'cardholderName':
      return raw.trim().length <= 255 ? 'valid' : 'invalid';
    case 'number': {
      const digits = digitsOf(raw);
      return /^\d{12,19}$/.test(digits) && luhnValid(digits) ? 'valid' : 'invalid';
    }
    case 'expirationDate': {
      const parsed = parseExpiration(raw);
      if (!parsed) return 'invalid';
      const current = today.getFullYear() * 12 + today.getMonth();
      const expires = parsed.year * 12 + (parsed.month - 1);
      return expires >= current && parsed.year <= today.getFullYear() + 20 ? 'valid' : 'invalid';
    }
    case 'cvv':
      return new RegExp(`^\\d{${isAmex(values.number) ? 4 : 3}}$`).test(raw.trim()) ? 'valid' : 'invalid';
    case 'postalCode':
      return /^\d{5}(-\d{4})?$/.test(raw.trim()) ? 'valid' : 'invalid';
    default:
      throw new Error(`Unknown card field: ${String(field)}`);
  }
}

export function cardFieldStates(values: CardValues, today?: Date): Record<CardField, FieldState> {
  return Object.fromEntries(CARD_FIELDS.map((field) => [field, fieldState(field, values, today)])) as Record<CardField, FieldState>;
}

export function allValid(values: CardValues, today?: Date): boolean {
  return CARD_FIELDS.every((field) => fieldState(field, values, today) === 'valid');
}

/** The message under one field, or null when it is valid. */
export function fieldMessage(field: CardField, state: FieldState): string | null {
  const label = CARD_FIELD_LABELS[field];
  if (state === 'empty') return `Please enter the ${label}.`;
  if (state === 'invalid') return `The ${label} field is invalid.`;
  return null;
}

/**
 * Spec section 8: 'The following fields are invalid: {list}' or 'The {field} field is invalid.'
 * null when no field is invalid.
 */
export function invalidFieldsMessage(fields: readonly CardField[]): string | null {
  if (fields.length === 0) return null;
  const labels = fields.map((field) => CARD_FIELD_LABELS[field]);
  if (labels.length === 1) return `The ${labels[0]} field is invalid.`;
  return `The following fields are invalid: ${labels.join(', ')}`;
}

/** Display helpers: groups of four digits, and MM/YY as it is typed. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function formatExpiration(value: string, previous: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes it, rather than putting it straight back.
  if (previous.endsWith('/') && value.length < previous.length) return digits.slice(0, 1);
  if (digits.length >= 3) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && value.length > previous.length) return `${digits}/`;
  return digits;
}
