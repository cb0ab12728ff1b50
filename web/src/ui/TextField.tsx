import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { FieldMessages, describedBy } from './FieldMessages';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** A short rule shown under the label (read with the field). */
  hint?: string;
  /** The most characters the server accepts: said under the label before anything is typed. */
  maxChars?: number;
  /** Why the value is wrong, shown under the field (and the field marked invalid). */
  error?: string | null | undefined;
  invalid?: boolean;
  /** Id of a message elsewhere that explains why the field is invalid. */
  errorId?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hint, maxChars, error, invalid = false, errorId, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  const isInvalid = invalid || Boolean(error);
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <FieldMessages id={id} hint={hint} maxChars={maxChars} error={error}>
        <input
          ref={ref}
          id={id}
          className="field__input"
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy(id, { hint, maxChars, error, errorId: isInvalid ? errorId : undefined })}
          {...input}
        />
      </FieldMessages>
    </div>
  );
}
