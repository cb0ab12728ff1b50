/**
 * The card form: Name, Card Number, Expiration, CVV and Zip Code (spec section 5). The card
 * is handed to a CardTokenizer, which returns a single-use nonce; only the nonce goes to
 * Masthead's server. One component for both tokenisers (see cardTokenizer.ts): the sandbox's
 * takes the values of this form's own inputs; Braintree Hosted Fields' mounts its framed
 * inputs in this form's places and reports their states.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  CARD_FIELD_LABELS,
  CARD_FIELDS,
  EMPTY_CARD,
  cardFieldStates,
  fieldMessage,
  formatCardNumber,
  formatExpiration,
  type CardField,
  type CardValues,
} from './CardFormValidation';
import { CardFormFrame, allTouched, useCardSubmit, type CardFormProps, type Touched } from './CardFormFrame';
import type { CardTokenizer, CardValuesTokenizer } from './cardTokenizer';
import { HostedCardForm } from './HostedCardForm';
import { TextField } from './TextField';

export type { CardTokenizer, CardValuesTokenizer, HostedCardTokenizer, TokenizedCard } from './cardTokenizer';

export function CardForm({ tokenizer, ...props }: CardFormProps<CardTokenizer>) {
  if (tokenizer.kind === 'hosted') return <HostedCardForm tokenizer={tokenizer} {...props} />;
  return <ValuesCardForm tokenizer={tokenizer} {...props} />;
}

const INPUT_ATTRIBUTES: Record<CardField, { autoComplete: string; inputMode?: 'numeric' | 'text'; placeholder?: string; maxLength?: number }> = {
  cardholderName: { autoComplete: 'cc-name', maxLength: 255 },
  number: { autoComplete: 'cc-number', inputMode: 'numeric', maxLength: 23 },
  expirationDate: { autoComplete: 'cc-exp', inputMode: 'numeric', placeholder: 'MM/YY', maxLength: 7 },
  cvv: { autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 },
  postalCode: { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 10 },
};

function ValuesCardForm({ tokenizer, onTokenized, submitLabel, onSubmitStart, children, today }: CardFormProps<CardValuesTokenizer>) {
  const id = useId();
  const [values, setValues] = useState<CardValues>(EMPTY_CARD);
  const [touched, setTouched] = useState<Touched>({});
  const { busy, error, run } = useCardSubmit(onTokenized, onSubmitStart);

  const states = cardFieldStates(values, today);
  const valid = CARD_FIELDS.every((field) => states[field] === 'valid');

  const change = (field: CardField, raw: string) => {
    setValues((current) => {
      let value = raw;
      if (field === 'number') value = formatCardNumber(raw);
      if (field === 'expirationDate') value = formatExpiration(raw, current.expirationDate);
      if (field === 'cvv') value = raw.replace(/\D/g, '').slice(0, 4);
      return { ...current, [field]: value };
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || busy) {
      setTouched(allTouched());
      return;
    }
    void run(() => tokenizer.tokenize(values));
  };

  const fields = CARD_FIELDS.map((field) => {
    const message = touched[field] ? fieldMessage(field, states[field]) : null;
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
  });

  return (
    <CardFormFrame id={id} states={states} touched={touched} busy={busy} error={error} submitLabel={submitLabel} onSubmit={submit} fields={fields}>
      {children}
    </CardFormFrame>
  );
}
