import { useState } from 'react';
import { z } from 'zod';
import type { Profile } from '../../api/types';
import { StatusMessage } from '../../ui/Alert';
import { TextField } from '../../ui/TextField';
import { FormError, SubmitButton } from '../FormParts';
import { useAccountForm } from '../useAccountForm';
import { invalidFieldsSummary, profileSaveFailure } from './profileMessages';
import { joinName, maxCharsOf, profileText } from './profileRules';
import { useProfileSave } from './useProfileSave';

const LABELS = { fullName: 'Full name', firstName: 'First name', lastName: 'Last name', phone: 'Phone number' } as const;
const FIELDS = ['fullName', 'firstName', 'lastName', 'phone'] as const;

const schema = z.object({
  fullName: profileText('full-name', LABELS.fullName),
  firstName: profileText('first-name', LABELS.firstName),
  lastName: profileText('last-name', LABELS.lastName),
  phone: profileText('phone-number', LABELS.phone, 'Please enter a valid phone number, like +1 212 555 0100.'),
});

function valuesOf(profile: Profile) {
  return {
    fullName: profile['full-name'] ?? '',
    firstName: profile['first-name'] ?? '',
    lastName: profile['last-name'] ?? '',
    phone: profile['phone-number'] ?? '',
  };
}

/** Name and phone: the private part of the profile. */
export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const save = useProfileSave();
  const [saved, setSaved] = useState(false);
  const form = useAccountForm({
    fields: FIELDS,
    schema,
    defaultValues: valuesOf(profile),
    summary: (invalid) => invalidFieldsSummary(invalid.map((field) => LABELS[field])),
    submit: async (values) => {
      setSaved(false);
      const stored = await save({
        'full-name': values.fullName,
        'first-name': values.firstName,
        'last-name': values.lastName,
        'phone-number': values.phone,
      });
      if (stored) form.reset(valuesOf(stored));
      setSaved(true);
    },
    failure: profileSaveFailure,
  });

  // Full name follows first and last name as they are typed (the reader may still edit it).
  const { getValues, setValue, formState } = form.controls;
  const followNames = () =>
    setValue('fullName', joinName(getValues('firstName'), getValues('lastName')), {
      shouldDirty: true,
      shouldValidate: Boolean(formState.errors.fullName),
    });

  return (
    <section className="card" aria-labelledby="details-heading">
      <h2 id="details-heading">Personal details</h2>
      <FormError form={form} />
      <StatusMessage>{saved && <p>Your details have been saved.</p>}</StatusMessage>
      <form noValidate onSubmit={form.onSubmit}>
        <TextField
          label={LABELS.fullName}
          autoComplete="name"
          hint="Follows your first and last name; edit it if it should read differently."
          maxChars={maxCharsOf('full-name')}
          {...form.field('fullName')}
        />
        <div className="row">
          <TextField
            label={LABELS.firstName}
            autoComplete="given-name"
            maxChars={maxCharsOf('first-name')}
            {...form.field('firstName', { onChange: followNames })}
          />
          <TextField
            label={LABELS.lastName}
            autoComplete="family-name"
            maxChars={maxCharsOf('last-name')}
            {...form.field('lastName', { onChange: followNames })}
          />
        </div>
        <TextField
          label={LABELS.phone}
          type="tel"
          autoComplete="tel"
          hint="Digits, spaces and + ( ) - . only."
          maxChars={maxCharsOf('phone-number')}
          {...form.field('phone')}
        />
        <SubmitButton form={form}>Save details</SubmitButton>
      </form>
    </section>
  );
}
