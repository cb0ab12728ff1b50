import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Profile } from '../../api/types';
import { StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { ProfileFormAlert } from './ProfileFormAlert';
import { joinName, maxCharsOf, profileText } from './profileRules';
import { useProfileSave } from './useProfileSave';

const LABELS = { fullName: 'Full name', firstName: 'First name', lastName: 'Last name', phone: 'Phone number' } as const;
const ORDER = ['fullName', 'firstName', 'lastName', 'phone'] as const;

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
  const { save, error, detail, saving } = useProfileSave();
  const [saved, setSaved] = useState(false);
  const { register, handleSubmit, formState, getValues, setValue, reset } = useForm({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(profile),
  });
  const { errors } = formState;

  // Full name follows first and last name as they are typed (the reader may still edit it).
  const followNames = () =>
    setValue('fullName', joinName(getValues('firstName'), getValues('lastName')), {
      shouldDirty: true,
      shouldValidate: Boolean(errors.fullName),
    });

  const onSubmit = handleSubmit(async (values) => {
    setSaved(false);
    const outcome = await save({
      'full-name': values.fullName,
      'first-name': values.firstName,
      'last-name': values.lastName,
      'phone-number': values.phone,
    });
    if (outcome.status === 'saved') reset(valuesOf(outcome.profile));
    setSaved(outcome.status !== 'failed');
  });

  const message = (field: (typeof ORDER)[number]) => errors[field]?.message;
  return (
    <section className="card" aria-labelledby="details-heading">
      <h2 id="details-heading">Personal details</h2>
      <ProfileFormAlert
        id="details-error"
        invalidLabels={formState.submitCount > 0 ? ORDER.filter((field) => errors[field]).map((field) => LABELS[field]) : []}
        failed={Boolean(error)}
        detail={detail}
      />
      <StatusMessage>{saved && <p>Your details have been saved.</p>}</StatusMessage>
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label={LABELS.fullName}
          autoComplete="name"
          hint="Follows your first and last name; edit it if it should read differently."
          maxChars={maxCharsOf('full-name')}
          error={message('fullName')}
          {...register('fullName')}
        />
        <div className="row">
          <TextField
            label={LABELS.firstName}
            autoComplete="given-name"
            maxChars={maxCharsOf('first-name')}
            error={message('firstName')}
            {...register('firstName', { onChange: followNames })}
          />
          <TextField
            label={LABELS.lastName}
            autoComplete="family-name"
            maxChars={maxCharsOf('last-name')}
            error={message('lastName')}
            {...register('lastName', { onChange: followNames })}
          />
        </div>
        <TextField
          label={LABELS.phone}
          type="tel"
          autoComplete="tel"
          hint="Digits, spaces and + ( ) - . only."
          maxChars={maxCharsOf('phone-number')}
          error={message('phone')}
          {...register('phone')}
        />
        <Button type="submit" busy={saving}>
          Save details
        </Button>
      </form>
    </section>
  );
}
