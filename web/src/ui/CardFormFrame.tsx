/**
 * What both card forms share: the alert with the invalid-fields summary and the tokeniser's
 * error, the fields, the payment texts, and the submit button that stays disabled until
 * every field is valid.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { UNKNOWN_ERROR } from '../api/specTexts';
import { Button } from './Button';
import { CARD_FIELDS, invalidFieldsMessage, type CardField, type FieldState } from './CardFormValidation';
import type { TokenizedCard } from './cardTokenizer';

export interface CardFormProps<Tokenizer> {
  tokenizer: Tokenizer;
  /** Called with the nonce; a rejection's message is shown in the form's alert. */
  onTokenized: (card: TokenizedCard) => Promise<void>;
  submitLabel: string;
  /** Called when a submission starts, before the card is tokenised. */
  onSubmitStart?: () => void;
  /** Shown between the fields and the button (the payment texts). */
  children?: ReactNode;
  /** For tests: the day expiry dates are checked against (the form's own inputs only). */
  today?: Date;
}

export type Touched = Partial<Record<CardField, boolean>>;

export function allTouched(): Touched {
  return Object.fromEntries(CARD_FIELDS.map((field) => [field, true]));
}

/** Submitting: tokenise, hand the nonce on, and keep the failure's sentence for the alert. */
export function useCardSubmit(onTokenized: (card: TokenizedCard) => Promise<void>, onSubmitStart?: () => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (tokenize: () => Promise<TokenizedCard>) => {
    setBusy(true);
    setError(null);
    onSubmitStart?.();
    try {
      await onTokenized(await tokenize());
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : UNKNOWN_ERROR);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

interface CardFormFrameProps {
  id: string;
  states: Record<CardField, FieldState>;
  touched: Touched;
  busy: boolean;
  error: string | null;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  fields: ReactNode;
  children?: ReactNode;
}

export function CardFormFrame({ id, states, touched, busy, error, submitLabel, onSubmit, fields, children }: CardFormFrameProps) {
  const valid = CARD_FIELDS.every((field) => states[field] === 'valid');
  const summary = invalidFieldsMessage(CARD_FIELDS.filter((field) => touched[field] && states[field] === 'invalid'));
  return (
    <form className="card-form" noValidate onSubmit={onSubmit}>
      <div id={`${id}-summary`} role="alert" className="alert alert--error">
        {summary && <p>{summary}</p>}
        {error && <p>{error}</p>}
      </div>
      {fields}
      {children}
      <Button type="submit" className="button--block" disabled={!valid} busy={busy} aria-describedby={valid ? undefined : `${id}-hint`}>
        {busy ? 'Processing…' : submitLabel}
      </Button>
      {!valid && (
        <p id={`${id}-hint`} className="field__hint card-form__hint">
          Fill in all card details to continue.
        </p>
      )}
    </form>
  );
}
