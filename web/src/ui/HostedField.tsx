/**
 * One hosted field in our form: the visible label, the container the provider's framed input
 * is mounted into, and the message under it. The frame is named by its own hidden label (the
 * same words), so the visible one is not tied to it; a click on it focuses the frame.
 */
import { CARD_FIELD_LABELS, type CardField } from './CardFormValidation';
import type { HostedCardSession } from './cardTokenizer';

interface HostedFieldProps {
  id: string;
  field: CardField;
  message: string | null | undefined;
  session: HostedCardSession | null;
  container: (element: HTMLDivElement | null) => void;
  /** On the wrapper (message included), and on the label and frame's own box. */
  className?: string;
  fieldClassName?: string;
}

export function HostedField({ id, field, message, session, container, className, fieldClassName }: HostedFieldProps) {
  return (
    <div className={className}>
      <div className={['field', fieldClassName].filter(Boolean).join(' ')}>
        <label id={`${id}-${field}-label`} className="field__label" onClick={() => session?.focus(field)}>
          {CARD_FIELD_LABELS[field]}
        </label>
        <div
          ref={container}
          id={`${id}-${field}`}
          data-field={field}
          className={['field__input', 'field__input--hosted', message ? 'field__input--invalid' : ''].filter(Boolean).join(' ')}
        />
      </div>
      {message && (
        <p id={`${id}-${field}-error`} className="field__error">
          {message}
        </p>
      )}
    </div>
  );
}
