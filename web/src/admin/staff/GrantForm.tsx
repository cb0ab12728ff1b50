import { useState } from 'react';
import { z } from 'zod';
import { FormError, SubmitButton } from '../../account/FormParts';
import { useAccountForm } from '../../account/useAccountForm';
import { StatusMessage } from '../../ui/Alert';
import { TextField } from '../../ui/TextField';
import { failureText } from '../signIn/failure';
import type { StaffMember } from '../data';
import { ROLES, rolesPhrase, type Role } from '../roles';
import { RoleCheckboxes } from './RoleCheckboxes';

const FIELDS = ['email', 'roles'] as const;
const LABELS = { email: 'Email address', roles: 'Roles' } as const;

const schema = z.object({
  email: z.string().trim().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter an email address like name@example.com.'),
  roles: z.array(z.enum(ROLES)).min(1, 'Choose at least one role.'),
});
type Values = z.infer<typeof schema>;

/** Roles stay as granted: someone already on staff keeps theirs and gains the new ones. */
export function grantedRoles(email: string, chosen: readonly Role[], staff: readonly StaffMember[]): Role[] {
  const member = staff.find((item) => item.email.toLowerCase() === email.toLowerCase());
  return ROLES.filter((role) => chosen.includes(role) || member?.roles.includes(role));
}

export function GrantForm({ staff, save }: { staff: readonly StaffMember[]; save: (email: string, roles: Role[]) => Promise<unknown> }) {
  const [granted, setGranted] = useState<string | null>(null);
  const form = useAccountForm<(typeof FIELDS)[number], Values>({
    fields: FIELDS,
    schema,
    defaultValues: { email: '', roles: [] },
    summary: (invalid) => <p>Check the {invalid.map((field) => LABELS[field].toLowerCase()).join(' and ')} below.</p>,
    submit: async ({ email, roles }) => {
      setGranted(null);
      const all = grantedRoles(email, roles, staff);
      await save(email, all);
      setGranted(`${email} now has ${rolesPhrase(all)}.`);
      form.reset({ email: '', roles: [] });
    },
    failure: failureText,
  });
  const rolesError = form.field('roles').error;

  return (
    <section className="card" aria-labelledby="grant-heading">
      <h2 id="grant-heading">Add someone to staff</h2>
      <p>They need a Masthead account first. The next time they sign in at /admin, they set up their authenticator app.</p>
      <FormError form={form} />
      <StatusMessage>{granted && <p>{granted}</p>}</StatusMessage>
      <form noValidate onSubmit={form.onSubmit}>
        <TextField label={LABELS.email} type="email" autoComplete="off" inputMode="email" {...form.field('email')} />
        <RoleCheckboxes
          legend={LABELS.roles}
          hint="Someone already on staff keeps the roles they have."
          error={rolesError}
          checkbox={(role) => ({ value: role, ...form.register('roles') })}
        />
        <SubmitButton form={form}>{form.submitting ? 'Granting…' : 'Grant roles'}</SubmitButton>
      </form>
    </section>
  );
}
