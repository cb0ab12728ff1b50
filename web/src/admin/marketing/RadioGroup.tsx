import { useId, type InputHTMLAttributes } from 'react';

type RadioProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value'>;

/** One choice among a few, as radio buttons under a legend; `radio` gives each one's props. */
export function RadioGroup({
  legend,
  hint,
  options,
  radio,
}: {
  legend: string;
  hint?: string;
  options: readonly { value: string; label: string }[];
  radio: RadioProps;
}) {
  const id = useId();
  return (
    <fieldset className="marketing-choices" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="field__label">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {options.map((option) => (
        <div key={option.value} className="checkbox">
          <input id={`${id}-${option.value}`} type="radio" className="checkbox__input" value={option.value} {...radio} />
          <label htmlFor={`${id}-${option.value}`} className="checkbox__label">
            {option.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
