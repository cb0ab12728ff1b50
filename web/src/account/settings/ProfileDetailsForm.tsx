import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Profile } from '../../api/types';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { messages } from '../messages';
import { useProfileSave } from './useProfileSave';

const schema = z.object({
  fullName: z.string().trim().max(200),
  firstName: z.string().trim().max(100),
  lastName: z.string().trim().max(100),
  phone: z
    .string()
    .trim()
    .regex(/^[+()\d\s.-]{0,30}$/, 'Please enter a valid phone number.'),
});

/** Name and phone: the private part of the profile. */
export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const { save, error, detail, saving } = useProfileSave();
  const [saved, setSaved] = useState(false);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      fullName: profile['full-name'] ?? '',
      firstName: profile['first-name'] ?? '',
      lastName: profile['last-name'] ?? '',
      phone: profile['phone-number'] ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setSaved(false);
    const result = await save({
      'full-name': values.fullName,
      'first-name': values.firstName,
      'last-name': values.lastName,
      'phone-number': values.phone,
    });
    setSaved(result !== 'failed');
  });

  const phoneError = formState.errors.phone?.message;
  return (
    <section className="card" aria-labelledby="details-heading">
      <h2 id="details-heading">Personal details</h2>
      <ErrorAlert id="details-error">
        {phoneError ??
          (error && (
            <>
              <p>{messages.profileUpdateError}</p>
              {detail && <p>{detail}</p>}
            </>
          ))}
      </ErrorAlert>
      <StatusMessage>{saved && <p>Your details have been saved.</p>}</StatusMessage>
      <form noValidate onSubmit={onSubmit}>
        <TextField label="Full name" autoComplete="name" {...register('fullName')} />
        <div className="row">
          <TextField label="First name" autoComplete="given-name" {...register('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...register('lastName')} />
        </div>
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          invalid={Boolean(phoneError)}
          errorId="details-error"
          {...register('phone')}
        />
        <Button type="submit" busy={saving}>
          Save details
        </Button>
      </form>
    </section>
  );
}
