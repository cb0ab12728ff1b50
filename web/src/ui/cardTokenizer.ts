/**
 * The seam between the card form and whoever turns a card into a single-use nonce.
 *
 * - A values tokeniser gets the five fields as typed into the form's own inputs (the embedded
 *   sandbox: Braintree's client API spoken by Masthead's server).
 * - A hosted tokeniser owns the inputs: it mounts the payment provider's framed fields into
 *   containers the form renders (Braintree Hosted Fields in production), so the card never
 *   touches this page. It reports each field's state; the form shows the same labels,
 *   messages and disabled submit either way.
 */
import type { CardField, CardValues, FieldState } from './CardFormValidation';

export interface TokenizedCard {
  nonce: string;
  type: string;
}

export interface CardValuesTokenizer {
  kind?: 'values';
  tokenize(card: CardValues): Promise<TokenizedCard>;
}

/** One report from the hosted fields: every mounted field's state, and the field that lost focus. */
export interface HostedFieldsUpdate {
  states: Partial<Record<CardField, FieldState>>;
  blurred?: CardField;
}

/** The containers of the fields to mount: all five for a card, the CVV alone to re-verify one. */
export type HostedFieldContainers = Partial<Record<CardField, HTMLElement>>;

export interface HostedMountOptions {
  /** The CVV frame takes no more digits than this (3, or 4 for American Express). */
  cvvMaxLength?: number;
  /** Enter pressed inside a frame (Braintree's inputSubmitRequest): submit as the button does. */
  onSubmitRequest?: () => void;
}

export interface HostedCardSession {
  tokenize(): Promise<TokenizedCard>;
  focus(field: CardField): void;
  /** Tells the framed input it is invalid, and why (its screen-reader message); null clears. */
  describe(field: CardField, message: string | null): void;
  teardown(): Promise<void>;
}

export interface HostedCardTokenizer {
  kind: 'hosted';
  /**
   * Mounts a field into each given container (the others are not mounted, and tokenize()
   * sends only the mounted ones); rejects with a sentence when they cannot load.
   */
  mount(containers: HostedFieldContainers, onUpdate: (update: HostedFieldsUpdate) => void, options?: HostedMountOptions): Promise<HostedCardSession>;
}

export type CardTokenizer = CardValuesTokenizer | HostedCardTokenizer;
