import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** A short rule shown under the label (read with the field). */
  hint?: string;
  invalid?: boolean;
  /** Id of the message that explains why the field is invalid. */
  errorId?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hint, invalid = false, errorId, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, invalid ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <input
        ref={ref}
        id={id}
        className="field__input"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        {...input}
      />
    </div>
  );
}
