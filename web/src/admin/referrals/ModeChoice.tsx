import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { MODES } from './forms';

/** Test or live mode, as two radio buttons under a legend. */
export function ModeChoice({ radio }: { radio: UseFormRegisterReturn }) {
  const id = useId();
  return (
    <fieldset className="referrals-choices">
      <legend className="field__label">Mode</legend>
      {MODES.map((mode) => (
        <div key={mode.value} className="checkbox">
          <input id={`${id}-${mode.value}`} type="radio" className="checkbox__input" value={mode.value} {...radio} />
          <label htmlFor={`${id}-${mode.value}`} className="checkbox__label">
            {mode.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
