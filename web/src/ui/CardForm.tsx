/**
 * The card form: Name, Card Number, Expiration, CVV and Zip Code (spec section 5). The
 * card is handed to a CardTokenizer, which returns a single-use nonce; only the nonce goes
 * to Masthead's server. The sandbox tokeniser posts to Braintree's client API protocol;
 * production can pass a tokeniser built on Braintree Hosted Fields without changing the
 * screens that use this form.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './Button';
import {
  CARD_FIELD_LABELS,
  CARD_FIELDS,
  EMPTY_CARD,
  cardFieldStates,
  fieldMessage,
  formatCardNumber,
  formatExpiration,
  invalidFieldsMessage,
  type CardField,
  type CardValues,
} from './CardFormValidation';
import { TextField } from './TextField';

export interface TokenizedCard {
  nonce: string;
  type: string;
}

export interface CardTokenizer {
  tokenize(card: CardValues): Promise<TokenizedCard>;
}

interface CardFormProps {
  tokenizer: CardTokenizer;
  /** Called with the nonce; a rejection's message is shown in the form's alert. */
  onTokenized: (card: TokenizedCard) => Promise<void>;
  submitLabel: string;
  /** Called when a submission starts, before the card is tokenised. */
  onSubmitStart?: () => void;
  /** Shown between the fields and the button (the payment texts). */
  children?: ReactNode;
  /** For tests: the day expiry dates are checked against. */
  today?: Date;
}

const INPUT_ATTRIBUTES: Record<CardField, { autoComplete: string; inputMode?: 'numeric' | 'text'; placeholder?: string; maxLength?: number }> = {
  cardholderName: { autoComplete: 'cc-name', maxLength: 255 },
  number: { autoComplete: 'cc-number', inputMode: 'numeric', maxLength: 23 },
  expirationDate: { autoComplete: 'cc-exp', inputMode: 'numeric', placeholder: 'MM/YY', maxLength: 7 },
  cvv: { autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 },
  postalCode: { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 10 },
};

export function CardForm({ tokenizer, onTokenized, submitLabel, onSubmitStart, children, today }: CardFormProps) {
  const id = useId();
  const [values, setValues] = useState<CardValues>(EMPTY_CARD);
  const [touched, setTouched] = useState<Partial<Record<CardField, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const states = cardFieldStates(values, today);
  const valid = CARD_FIELDS.every((field) => states[field] === 'valid');
  const invalidTouched = CARD_FIELDS.filter((field) => touched[field] && states[field] === 'invalid');
  const summary = invalidFieldsMessage(invalidTouched);

  const change = (field: CardField, raw: string) => {
    setValues((current) => {
      let value = raw;
      if (field === 'number') value = formatCardNumber(raw);
      if (field === 'expirationDate') value = formatExpiration(raw, current.expirationDate);
      if (field === 'cvv') value = raw.replace(/\D/g, '').slice(0, 4);
      return { ...current, [field]: value };
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || busy) {
      setTouched(Object.fromEntries(CARD_FIELDS.map((field) => [field, true])));
      return;
    }
    setBusy(true);
    setError(null);
    onSubmitStart?.();
    try {
      const card = await tokenizer.tokenize(values);
      await onTokenized(card);
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : 'An unknown error has occurred.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card-form" noValidate onSubmit={(event) => void submit(event)}>
      <div id={`${id}-summary`} role="alert" className="alert alert--error">
        {summary && <p>{summary}</p>}
        {error && <p>{error}</p>}
      </div>
      {CARD_FIELDS.map((field) => {
        const state = states[field];
        const message = touched[field] ? fieldMessage(field, state) : null;
        const errorId = `${id}-${field}-error`;
        return (
          <div key={field} className={`card-form__field card-form__field--${field}`}>
            <TextField
              label={CARD_FIELD_LABELS[field]}
              name={field}
              type="text"
              value={values[field]}
              invalid={Boolean(message)}
              errorId={errorId}
              required
              spellCheck={false}
              onChange={(event) => change(field, event.target.value)}
              onBlur={() => setTouched((current) => ({ ...current, [field]: true }))}
              {...INPUT_ATTRIBUTES[field]}
            />
            {message && (
              <p id={errorId} className="field__error">
                {message}
              </p>
            )}
          </div>
        );
      })}
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
