import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { FieldMessages, describedBy } from './FieldMessages';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  hint?: string;
  error?: string | null | undefined;
  invalid?: boolean;
  errorId?: string;
  options: readonly { value: string; label: string }[];
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled choice among a few options (a brand, a section, a status), with the hint and
 * error messages TextField has. */
export function SelectField({ id: given, label, hint, error, invalid = false, errorId, options, className, ref, ...select }: SelectFieldProps) {
  const own = useId();
  const id = given ?? own;
  const isInvalid = invalid || Boolean(error);
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <FieldMessages id={id} hint={hint} error={error}>
        <select
          ref={ref}
          id={id}
          className="field__input"
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy(id, { hint, error, errorId: isInvalid ? errorId : undefined })}
          {...select}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </FieldMessages>
    </div>
  );
}
