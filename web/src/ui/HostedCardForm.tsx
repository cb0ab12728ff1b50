/**
 * The card form over a hosted tokeniser (Braintree Hosted Fields in production): the form
 * renders the labels, a container per field, the messages and the button; the provider's
 * framed inputs are mounted into the containers, and their events (empty, validity, blur)
 * drive the same messages and the same disabled submit as the form's own inputs do.
 */
import { useId, type FormEvent } from 'react';
import { CARD_FIELDS, type CardField, type FieldState } from './CardFormValidation';
import { CardFormFrame, useCardSubmit, type CardFormProps } from './CardFormFrame';
import type { HostedCardTokenizer } from './cardTokenizer';
import { HostedField } from './HostedField';
import { useHostedFields } from './useHostedFields';

export function HostedCardForm({ tokenizer, onTokenized, submitLabel, onSubmitStart, children }: CardFormProps<HostedCardTokenizer>) {
  const id = useId();
  const hosted = useHostedFields(tokenizer, CARD_FIELDS, { onSubmitRequest: () => submit() });
  const { session } = hosted;
  const { busy, error, run } = useCardSubmit(onTokenized, onSubmitStart);
  const states = Object.fromEntries(CARD_FIELDS.map((field) => [field, hosted.stateOf(field)])) as Record<CardField, FieldState>;

  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (!session || !hosted.valid || busy) {
      hosted.touchAll();
      return;
    }
    void run(() => session.tokenize());
  };

  const fields = CARD_FIELDS.map((field) => (
    <HostedField
      key={field}
      id={id}
      field={field}
      message={hosted.messages[field]}
      session={session}
      container={hosted.container(field)}
      className={`card-form__field card-form__field--${field}`}
    />
  ));

  return (
    <CardFormFrame id={id} states={states} touched={hosted.touched} busy={busy} error={error ?? hosted.loadError} submitLabel={submitLabel} onSubmit={submit} fields={fields}>
      {!session && !hosted.loadError && (
        <p className="field__hint" role="status">
          Loading the secure card fields…
        </p>
      )}
      {children}
    </CardFormFrame>
  );
}
