import { useState } from 'react';
import { z } from 'zod';
import type { Profile } from '../../api/types';
import { StatusMessage } from '../../ui/Alert';
import { SelectField } from '../../ui/SelectField';
import { FormError, SubmitButton } from '../FormParts';
import { useAccountForm } from '../useAccountForm';
import { invalidFieldsSummary, profileSaveFailure } from './profileMessages';
import { useProfileSave } from './useProfileSave';

/**
 * The optional profile (spec section 2, "profile ... optional"): gender, birthday (month and
 * day, no year) and age group. Each may stay unanswered; none is shown to other readers.
 * How the reader appears to others (location, bio) and their notification choices are on
 * Display settings, one form each (the settings page's footer says so).
 */
const LABELS = { gender: 'Gender', birthMonth: 'Birth month', birthDay: 'Birth day', ageGroup: 'Age group' } as const;
const FIELDS = ['gender', 'birthMonth', 'birthDay', 'ageGroup'] as const;

const UNANSWERED = { value: '', label: 'Prefer not to say' };
export const GENDERS = ['Woman', 'Man', 'Non-binary', 'Another gender'] as const;
export const AGE_GROUPS = ['Under 18', '18–24', '25–34', '35–44', '45–54', '55–64', '65 or over'] as const;
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/** The most days each month can have (a birthday has no year: February 29th is one). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

const choices = (values: readonly string[]) => [UNANSWERED, ...values.map((value) => ({ value, label: value }))];
/** A stored answer outside today's list (written by another client) stays choosable. */
const withStored = (values: readonly string[], stored: string) => (stored && !values.includes(stored) ? [...values, stored] : values);

const schema = z
  .object({ gender: z.string(), birthMonth: z.string(), birthDay: z.string(), ageGroup: z.string() })
  .superRefine((values, ctx) => {
    const month = Number(values.birthMonth);
    const day = Number(values.birthDay);
    if (month && day > MONTH_DAYS[month - 1]!) {
      ctx.addIssue({ code: 'custom', path: ['birthDay'], message: `${MONTHS[month - 1]} has ${MONTH_DAYS[month - 1]} days.` });
    }
  });
type Values = z.infer<typeof schema>;

function valuesOf(profile: Profile): Values {
  const number = (value: unknown) => (typeof value === 'number' ? String(value) : '');
  return {
    gender: profile.gender ?? '',
    birthMonth: number(profile['birth-month']),
    birthDay: number(profile['birth-day']),
    ageGroup: profile['age-group'] ?? '',
  };
}

const numberOrNull = (value: string) => (value ? Number(value) : null);

export function OptionalProfileForm({ profile }: { profile: Profile }) {
  const save = useProfileSave();
  const [saved, setSaved] = useState(false);
  const start = valuesOf(profile);
  const form = useAccountForm({
    fields: FIELDS,
    schema,
    defaultValues: start,
    summary: (invalid) => invalidFieldsSummary(invalid.map((field) => LABELS[field])),
    submit: async (values) => {
      setSaved(false);
      const stored = await save({
        gender: values.gender,
        'birth-month': numberOrNull(values.birthMonth),
        'birth-day': numberOrNull(values.birthDay),
        'age-group': values.ageGroup,
      });
      if (stored) form.reset(valuesOf(stored));
      setSaved(true);
    },
    failure: profileSaveFailure,
  });

  return (
    <section className="card" aria-labelledby="optional-heading">
      <h2 id="optional-heading">About you (optional)</h2>
      <p>Helps us choose what to show you. Only you and our staff see these answers, and you can change or clear them at any time.</p>
      <FormError form={form} />
      <StatusMessage>{saved && <p>Your answers have been saved.</p>}</StatusMessage>
      <form noValidate onSubmit={form.onSubmit}>
        <SelectField label={LABELS.gender} options={choices(withStored(GENDERS, start.gender))} {...form.field('gender')} />
        <div className="row">
          <SelectField
            label={LABELS.birthMonth}
            autoComplete="bday-month"
            options={[UNANSWERED, ...MONTHS.map((month, index) => ({ value: String(index + 1), label: month }))]}
            {...form.field('birthMonth')}
          />
          <SelectField
            label={LABELS.birthDay}
            autoComplete="bday-day"
            options={[UNANSWERED, ...Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }))]}
            {...form.field('birthDay')}
          />
        </div>
        <SelectField label={LABELS.ageGroup} options={choices(withStored(AGE_GROUPS, start.ageGroup))} {...form.field('ageGroup')} />
        <SubmitButton form={form}>Save answers</SubmitButton>
      </form>
    </section>
  );
}
