import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, hint, ref, ...input }: CheckboxProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="checkbox">
      <input ref={ref} id={id} type="checkbox" className="checkbox__input" aria-describedby={hintId} {...input} />
      <div>
        <label htmlFor={id} className="checkbox__label">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="field__hint">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
