import { useId, type InputHTMLAttributes } from 'react';
import { Checkbox } from '../../ui/Checkbox';
import { ROLES, ROLE_TEXTS, type Role } from '../roles';

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>;

/** The five roles as checkboxes, each with what it allows; `checkbox` gives each one's props. */
export function RoleCheckboxes({
  legend,
  hint,
  error,
  checkbox,
}: {
  legend: string;
  hint?: string;
  error?: string | undefined;
  checkbox: (role: Role) => CheckboxProps;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="admin-roles" aria-describedby={described}>
      <legend className="field__label">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {ROLES.map((role) => (
        <Checkbox key={role} label={ROLE_TEXTS[role].label} hint={ROLE_TEXTS[role].hint} {...checkbox(role)} />
      ))}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
