import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { FieldMessages, describedBy } from './FieldMessages';

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  hint?: string;
  /** The most characters the server accepts: said under the label before anything is typed. */
  maxChars?: number;
  /** Why the value is wrong, shown under the field (and the field marked invalid). */
  error?: string | null | undefined;
  invalid?: boolean;
  /** Id of a message elsewhere that explains why the field is invalid. */
  errorId?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ label, hint, maxChars, error, invalid = false, errorId, ref, ...textarea }: TextAreaProps) {
  const id = useId();
  const isInvalid = invalid || Boolean(error);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <FieldMessages id={id} hint={hint} maxChars={maxChars} error={error}>
        <textarea
          ref={ref}
          id={id}
          className="field__input field__input--multiline"
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy(id, { hint, maxChars, error, errorId: isInvalid ? errorId : undefined })}
          {...textarea}
        />
      </FieldMessages>
    </div>
  );
}
