/**
 * The production card tokeniser: Braintree Hosted Fields (braintree-web 3.x). The card is
 * typed into Braintree's own frames, so it never touches this page; the form hears the
 * fields' events and gets the nonce from tokenize().
 *
 * braintree-web is imported on first use: the sandbox's card form never loads it.
 */
import type { Client } from 'braintree-web/client';
import type { HostedFields, HostedFieldsFieldDataFields, HostedFieldsTokenizePayload } from 'braintree-web/hosted-fields';
import { fetchClientToken } from '../../api/billing';
import { CARD_FIELD_LABELS, CARD_FIELDS, invalidFieldsMessage, type CardField, type FieldState } from '../../ui/CardFormValidation';
import type { HostedCardTokenizer, HostedFieldContainers, HostedMountOptions, TokenizedCard } from '../../ui/cardTokenizer';
import { messages } from '../messages';

export const HOSTED_FIELDS_LOAD_ERROR = 'The card form could not be loaded. Please try again later.';
const OFFLINE = 'You are probably offline.';

type BraintreeModules = {
  client: Pick<typeof import('braintree-web/client'), 'create'>;
  hostedFields: Pick<typeof import('braintree-web/hosted-fields'), 'create'>;
};

/** CommonJS modules reach a dynamic import as named exports or as `default`, by bundler. */
function createOf<T extends { create: unknown }>(module: T & { default?: T }): T {
  return typeof module.create === 'function' ? module : (module.default ?? module);
}

async function loadBraintree(): Promise<BraintreeModules> {
  const [client, hostedFields] = await Promise.all([import('braintree-web/client'), import('braintree-web/hosted-fields')]);
  return { client: createOf(client), hostedFields: createOf(hostedFields) };
}

/** Inside Braintree's frames: the page's font and colours, the error colour when invalid. */
const STYLES = {
  input: { 'font-size': '16px', 'font-family': 'system-ui, sans-serif', color: '#1a1a1a' },
  '.invalid': { color: '#a4161a' },
};

const PLACEHOLDERS: Partial<Record<CardField, string>> = { expirationDate: 'MM/YY' };

function mountedFields(containers: HostedFieldContainers): CardField[] {
  return CARD_FIELDS.filter((field) => containers[field]);
}

function fieldOptions(containers: HostedFieldContainers, { cvvMaxLength }: HostedMountOptions) {
  return Object.fromEntries(
    mountedFields(containers).map((field) => [
      field,
      {
        container: containers[field],
        // The frame's hidden label and title: the same words as the visible label.
        internalLabel: CARD_FIELD_LABELS[field],
        iframeTitle: CARD_FIELD_LABELS[field],
        placeholder: PLACEHOLDERS[field],
        ...(field === 'postalCode' ? { minlength: 5, maxlength: 10 } : {}),
        ...(field === 'cvv' && cvvMaxLength ? { maxlength: cvvMaxLength } : {}),
      },
    ]),
  );
}

/** The states of the fields Braintree reports (the mounted ones). */
export function fieldStates(fields: HostedFieldsFieldDataFields): Partial<Record<CardField, FieldState>> {
  return Object.fromEntries(
    CARD_FIELDS.filter((field) => fields[field]).map((field) => {
      const data = fields[field];
      const state: FieldState = data.isEmpty ? 'empty' : data.isValid ? 'valid' : 'invalid';
      return [field, state];
    }),
  );
}

interface BraintreeErrorLike {
  code?: unknown;
  type?: unknown;
  message?: unknown;
  details?: { invalidFieldKeys?: unknown };
}

/** A tokenize() rejection as a sentence the reader can act on. */
export function tokenizeErrorSentence(error: unknown): string {
  const { code, type, message, details } = (typeof error === 'object' && error !== null ? error : {}) as BraintreeErrorLike;
  switch (code) {
    case 'HOSTED_FIELDS_FIELDS_EMPTY':
      return messages.fillAllFields;
    case 'HOSTED_FIELDS_FIELDS_INVALID': {
      const keys = Array.isArray(details?.invalidFieldKeys) ? details.invalidFieldKeys : [];
      return invalidFieldsMessage(CARD_FIELDS.filter((field) => keys.includes(field))) ?? messages.unknownError;
    }
    case 'HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED':
      return invalidFieldsMessage(['cvv']) ?? messages.unknownError;
    case 'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR':
      return OFFLINE;
    default:
      // A customer error (the card was refused) carries Braintree's sentence; others are ours.
      return type === 'CUSTOMER' && typeof message === 'string' && message ? message : messages.unknownError;
  }
}

export function createHostedFieldsTokenizer(load: () => Promise<BraintreeModules> = loadBraintree, clientToken: () => Promise<string> = fetchClientToken): HostedCardTokenizer {
  return {
    kind: 'hosted',
    async mount(containers, onUpdate, options = {}) {
      if (mountedFields(containers).length === 0) throw new Error(HOSTED_FIELDS_LOAD_ERROR);
      let client: Client;
      let hosted: HostedFields;
      try {
        const [braintree, authorization] = await Promise.all([load(), clientToken()]);
        client = await braintree.client.create({ authorization });
        hosted = await braintree.hostedFields.create({ client, fields: fieldOptions(containers, options), styles: STYLES });
      } catch {
        throw new Error(HOSTED_FIELDS_LOAD_ERROR);
      }
      hosted.on('empty', (event) => onUpdate({ states: fieldStates(event.fields) }));
      hosted.on('notEmpty', (event) => onUpdate({ states: fieldStates(event.fields) }));
      hosted.on('validityChange', (event) => onUpdate({ states: fieldStates(event.fields) }));
      hosted.on('blur', (event) => onUpdate({ states: fieldStates(event.fields), blurred: CARD_FIELDS.find((field) => field === event.emittedBy) }));
      const { onSubmitRequest } = options;
      if (onSubmitRequest) hosted.on('inputSubmitRequest', () => onSubmitRequest());
      onUpdate({ states: fieldStates(hosted.getState().fields) });

      return {
        async tokenize(): Promise<TokenizedCard> {
          let payload: HostedFieldsTokenizePayload;
          try {
            payload = await hosted.tokenize();
          } catch (error) {
            throw new Error(tokenizeErrorSentence(error));
          }
          return { nonce: payload.nonce, type: payload.type };
        },
        focus(field) {
          hosted.focus(field).catch(() => undefined);
        },
        describe(field, message) {
          hosted.setMessage({ field, message: message ?? '' });
          const attribute = { field, attribute: 'aria-invalid' as const };
          (message ? hosted.setAttribute({ ...attribute, value: true }) : hosted.removeAttribute(attribute)).catch(() => undefined);
        },
        async teardown() {
          await hosted.teardown();
          await new Promise<void>((resolve) => client.teardown(() => resolve()));
        },
      };
    },
  };
}

export const hostedFieldsTokenizer = createHostedFieldsTokenizer();
