import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { FieldMessages, describedBy } from '../../ui/FieldMessages';

interface StorySelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  hint?: string;
  error?: string | null | undefined;
  invalid?: boolean;
  errorId?: string;
  options: readonly { value: string; label: string }[];
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled choice (brand, section, status), with a field's hint and error messages. */
export function StorySelect({ label, hint, error, invalid = false, errorId, options, ref, ...select }: StorySelectProps) {
  const id = useId();
  const isInvalid = invalid || Boolean(error);
  return (
    <div className="field">
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
