/**
 * A faithful stand-in for braintree-web's `client` and `hosted-fields` modules, for tests
 * that cannot reach Braintree's asset host (which serves the fields' frames).
 *
 * It keeps the documented surface: `client.create({authorization})`, `hostedFields.create(
 * {client, fields, styles})`, one frame per configured field inside its container, the
 * events `empty`, `notEmpty`, `validityChange`, `blur` and `focus` with the documented
 * payload `{emittedBy, cards, fields: {<key>: {container, isFocused, isEmpty,
 * isPotentiallyValid, isValid}}}`, `getState`, `setMessage`, `setAttribute`, `focus`,
 * `teardown`, and `tokenize()` resolving `{nonce, details, type, description, binData}`
 * or rejecting with braintree-web's own BraintreeError definitions. A test plays the
 * customer typing into the frames with `customer.type(...)` and `customer.blur(...)`.
 */
import BraintreeError from 'braintree-web/lib/braintree-error';
import clientErrors from 'braintree-web/client/errors';
import hostedFieldsErrors from 'braintree-web/hosted-fields/shared/errors';

type Key = 'number' | 'cvv' | 'expirationDate' | 'postalCode' | 'cardholderName';
const KEYS: readonly string[] = ['number', 'cvv', 'expirationDate', 'expirationMonth', 'expirationYear', 'postalCode', 'cardholderName'];

interface FieldOptions {
  container?: HTMLElement | string;
  selector?: string;
  iframeTitle?: string;
  internalLabel?: string;
  minlength?: number;
  maxlength?: number;
}

interface FieldRecord {
  container: HTMLElement;
  frame: HTMLIFrameElement;
  value: string;
  isFocused: boolean;
  options: FieldOptions;
  message: string;
  attributes: Record<string, unknown>;
}

type Handler = (event: unknown) => void;

function error(definition: { type: string; code: string; message?: string } | undefined, extra: { message?: string; details?: unknown } = {}) {
  if (!definition) throw new Error('unknown braintree-web error definition');
  return new BraintreeError({ type: definition.type, code: definition.code, message: extra.message ?? definition.message ?? definition.code, details: extra.details });
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Braintree's client-side rules (card-validator), close enough for a form's behaviour. */
function validity(key: Key, value: string, record: FieldRecord, today: Date): { valid: boolean; potentiallyValid: boolean } {
  const digits = value.replace(/\D/g, '');
  switch (key) {
    case 'number': {
      const valid = /^\d{12,19}$/.test(value.replace(/\s/g, '')) && luhn(digits);
      return { valid, potentiallyValid: valid || (/^[\d\s]*$/.test(value) && digits.length < 16) };
    }
    case 'expirationDate': {
      const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(value.trim());
      if (!match) return { valid: false, potentiallyValid: /^[\d/\s]{0,6}$/.test(value) };
      const month = Number(match[1]);
      const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
      const valid = month >= 1 && month <= 12 && year * 12 + month - 1 >= today.getFullYear() * 12 + today.getMonth() && year <= today.getFullYear() + 19;
      return { valid, potentiallyValid: valid };
    }
    case 'cvv':
      return { valid: /^\d{3,4}$/.test(value), potentiallyValid: /^\d{0,4}$/.test(value) };
    case 'postalCode': {
      const length = value.trim().length;
      const valid = length >= (record.options.minlength ?? 3) && length <= (record.options.maxlength ?? 10);
      return { valid, potentiallyValid: valid || length < (record.options.minlength ?? 3) };
    }
    case 'cardholderName':
      return { valid: value.trim().length > 0 && value.length <= 255, potentiallyValid: value.length <= 255 };
    default:
      throw new Error(`not a field: ${String(key)}`);
  }
}

/** The state of the double, shared by the mocked modules and the test that drives them. */
class BraintreeWebDouble {
  today = new Date();
  authorizations: string[] = [];
  /** How many times a test imported each mocked module (the sandbox path imports none). */
  imports = { client: 0, hostedFields: 0 };
  instances: HostedFieldsDouble[] = [];
  failClientCreate: 'invalid-authorization' | null = null;
  nextTokenizeError: keyof typeof hostedFieldsErrors | null = null;
  nonces = 0;

  reset() {
    this.today = new Date();
    this.authorizations = [];
    this.imports = { client: 0, hostedFields: 0 };
    this.instances = [];
    this.failClientCreate = null;
    this.nextTokenizeError = null;
    this.nonces = 0;
  }

  /** The live Hosted Fields instance (the last one created and not torn down). */
  get customer(): HostedFieldsDouble {
    const live = this.instances.filter((instance) => !instance.tornDown);
    const last = live[live.length - 1];
    if (!last) throw new Error('no Hosted Fields instance is mounted');
    return last;
  }

  clientModule() {
    this.imports.client += 1;
    return {
      VERSION: '3.144.0',
      create: async (options: { authorization?: unknown }) => {
        if (typeof options?.authorization !== 'string' || !options.authorization || this.failClientCreate) {
          throw error(clientErrors.CLIENT_INVALID_AUTHORIZATION);
        }
        this.authorizations.push(options.authorization);
        let tornDown = false;
        return {
          authorization: options.authorization,
          getVersion: () => '3.144.0',
          getConfiguration: () => ({ authorization: options.authorization, analyticsMetadata: {} }),
          teardown: (callback?: (error?: unknown) => void) => {
            tornDown = true;
            callback?.();
            return callback ? undefined : Promise.resolve();
          },
          get tornDown() {
            return tornDown;
          },
        };
      },
    };
  }

  hostedFieldsModule() {
    this.imports.hostedFields += 1;
    return {
      VERSION: '3.144.0',
      supportsInputFormatting: () => true,
      create: async (options: { client?: unknown; authorization?: string; fields?: Record<string, FieldOptions>; styles?: unknown }) => {
        if (!options?.client && !options?.authorization) {
          throw new BraintreeError({ type: 'MERCHANT', code: 'INSTANTIATION_OPTION_REQUIRED', message: 'options.client is required when instantiating Hosted Fields.' });
        }
        const instance = new HostedFieldsDouble(this, options.fields ?? {});
        this.instances.push(instance);
        return instance;
      },
    };
  }
}

export class HostedFieldsDouble {
  readonly fields: Partial<Record<Key, FieldRecord>> = {};
  tornDown = false;
  private handlers: Record<string, Handler[]> = {};

  constructor(
    private readonly double: BraintreeWebDouble,
    options: Record<string, FieldOptions>,
  ) {
    const keys = Object.keys(options);
    if (keys.length === 0) throw error(hostedFieldsErrors.HOSTED_FIELDS_FIELD_PROPERTY_INVALID, { message: 'At least one field is required.' });
    for (const key of keys) {
      if (!KEYS.includes(key)) throw error(hostedFieldsErrors.HOSTED_FIELDS_INVALID_FIELD_KEY, { message: `"${key}" is not a valid field.` });
      const field = options[key]!;
      const target = field.container ?? field.selector;
      const container = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
      if (!container || !container.isConnected) throw error(hostedFieldsErrors.HOSTED_FIELDS_INVALID_FIELD_SELECTOR);
      if (container.querySelector('iframe[name^="braintree-hosted-field"]')) throw error(hostedFieldsErrors.HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME);
      const frame = document.createElement('iframe');
      frame.name = `braintree-hosted-field-${key}`;
      frame.title = field.iframeTitle ?? `Secure Credit Card Frame - ${key}`;
      container.appendChild(frame);
      this.fields[key as Key] = { container, frame, value: '', isFocused: false, options: field, message: '', attributes: {} };
    }
  }

  // The customer's side: typing into a frame, and leaving it.

  type(key: Key, value: string) {
    const record = this.must(key);
    const before = this.fieldData(key, record);
    record.isFocused = true;
    // The frame's input takes no more characters than its maxlength (CVV, postal code).
    record.value = record.options.maxlength ? value.slice(0, record.options.maxlength) : value;
    const after = this.fieldData(key, record);
    if (before.isEmpty !== after.isEmpty) this.emit(after.isEmpty ? 'empty' : 'notEmpty', key);
    if (before.isValid !== after.isValid || before.isPotentiallyValid !== after.isPotentiallyValid) this.emit('validityChange', key);
  }

  /** Enter in the frame's input: the frame asks the page to submit (inputSubmitRequest). */
  pressEnter(key: Key) {
    this.emit('inputSubmitRequest', key);
  }

  blur(key: Key) {
    this.must(key).isFocused = false;
    this.emit('blur', key);
  }

  fill(values: Partial<Record<Key, string>>) {
    for (const [key, value] of Object.entries(values)) {
      this.type(key as Key, value);
      this.blur(key as Key);
    }
  }

  message(key: Key): string {
    return this.must(key).message;
  }

  attribute(key: Key, name: string): unknown {
    return this.must(key).attributes[name];
  }

  // braintree-web's HostedFields instance API.

  on(event: string, handler: Handler) {
    (this.handlers[event] ??= []).push(handler);
  }

  off(event: string, handler: Handler) {
    this.handlers[event] = (this.handlers[event] ?? []).filter((registered) => registered !== handler);
  }

  getState() {
    this.live();
    return { cards: this.cards(), fields: this.allFieldData() };
  }

  async tokenize() {
    this.live();
    const planned = this.double.nextTokenizeError;
    this.double.nextTokenizeError = null;
    const data = this.allFieldData();
    const keys = Object.keys(data) as Key[];
    if (keys.every((key) => data[key]!.isEmpty)) throw error(hostedFieldsErrors.HOSTED_FIELDS_FIELDS_EMPTY);
    const invalid = keys.filter((key) => !data[key]!.isValid);
    if (invalid.length > 0) throw error(hostedFieldsErrors.HOSTED_FIELDS_FIELDS_INVALID, { details: { invalidFieldKeys: invalid } });
    if (planned) throw error(hostedFieldsErrors[planned]);
    const number = (this.fields.number?.value ?? '').replace(/\D/g, '');
    const [month = '', year = ''] = (this.fields.expirationDate?.value ?? '').split('/').map((part) => part.trim());
    this.double.nonces += 1;
    return {
      nonce: `tokencc_double_${this.double.nonces}`,
      type: 'CreditCard',
      description: `ending in ${number.slice(-2)}`,
      details: {
        bin: number.slice(0, 6),
        cardType: number.startsWith('4') ? 'Visa' : 'Unknown',
        expirationMonth: month.padStart(2, '0'),
        expirationYear: year.length === 2 ? `20${year}` : year,
        cardholderName: this.fields.cardholderName?.value ?? '',
        lastTwo: number.slice(-2),
        lastFour: number.slice(-4),
      },
      binData: { commercial: 'Unknown', countryOfIssuance: 'Unknown', debit: 'Unknown', durbinRegulated: 'Unknown', healthcare: 'Unknown', issuingBank: 'Unknown', payroll: 'Unknown', prepaid: 'Unknown', productId: 'Unknown' },
    };
  }

  async focus(key: Key) {
    this.live();
    this.must(key).isFocused = true;
    this.emit('focus', key);
  }

  setMessage({ field, message }: { field: Key; message: string }) {
    this.live();
    this.must(field).message = message;
  }

  async setAttribute({ field, attribute, value }: { field: Key; attribute: string; value?: unknown }) {
    this.live();
    if (!['aria-invalid', 'aria-required', 'disabled', 'placeholder'].includes(attribute)) throw error(hostedFieldsErrors.HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED, { message: `The "${attribute}" attribute is not supported in Hosted Fields.` });
    this.must(field).attributes[attribute] = value;
  }

  async removeAttribute({ field, attribute }: { field: Key; attribute: string }) {
    this.live();
    delete this.must(field).attributes[attribute];
  }

  async teardown() {
    this.live();
    for (const record of Object.values(this.fields)) record?.frame.remove();
    this.tornDown = true;
  }

  private live() {
    if (this.tornDown) throw new BraintreeError({ type: 'MERCHANT', code: 'METHOD_CALLED_AFTER_TEARDOWN', message: 'Method called after teardown.' });
  }

  private must(key: Key): FieldRecord {
    const record = this.fields[key];
    if (!record) throw error(hostedFieldsErrors.HOSTED_FIELDS_FIELD_NOT_PRESENT, { message: `Cannot use a field that was not configured: ${key}` });
    return record;
  }

  private fieldData(key: Key, record: FieldRecord) {
    const { valid, potentiallyValid } = validity(key, record.value, record, this.double.today);
    return { container: record.container, isFocused: record.isFocused, isEmpty: record.value === '', isPotentiallyValid: potentiallyValid, isValid: valid };
  }

  private allFieldData() {
    return Object.fromEntries(Object.entries(this.fields).map(([key, record]) => [key, this.fieldData(key as Key, record!)])) as Record<Key, ReturnType<HostedFieldsDouble['fieldData']>>;
  }

  private cards() {
    const number = this.fields.number?.value.replace(/\D/g, '') ?? '';
    return number.startsWith('4') ? [{ type: 'visa', niceType: 'Visa', code: { name: 'CVV', size: 3 } }] : [];
  }

  private emit(event: string, key: Key) {
    const payload = { emittedBy: key, cards: this.cards(), fields: this.allFieldData() };
    for (const handler of this.handlers[event] ?? []) handler(payload);
  }
}

export const braintreeWeb = new BraintreeWebDouble();
