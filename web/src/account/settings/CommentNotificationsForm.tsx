import { useState } from 'react';
import { z } from 'zod';
import type { Profile, ProfileUpdate } from '../../api/types';
import { StatusMessage } from '../../ui/Alert';
import { Checkbox } from '../../ui/Checkbox';
import { FormError, SubmitButton } from '../FormParts';
import { useAccountForm } from '../useAccountForm';
import { invalidFieldsSummary, profileSaveFailure } from './profileMessages';
import { useProfileSave } from './useProfileSave';

/** The profile's notification-* keys (spec section 4): what the comments tell the reader of,
 * in the page and by email. Each is one checkbox. */
const SWITCHES = [
  { key: 'notification-reply', field: 'reply', label: 'Replies to my comments' },
  { key: 'notification-mentioned', field: 'mentioned', label: 'Mentions of me (@my name)' },
  { key: 'notification-liked', field: 'liked', label: 'Hearts on my comments' },
  { key: 'notification-follower', field: 'follower', label: 'New followers' },
] as const;
type Field = (typeof SWITCHES)[number]['field'];

const schema = z.object({ reply: z.boolean(), mentioned: z.boolean(), liked: z.boolean(), follower: z.boolean() });
type Values = z.infer<typeof schema>;

function valuesOf(profile: Profile): Values {
  const values = {} as Values;
  for (const { key, field } of SWITCHES) values[field] = Boolean(profile[key]);
  return values;
}

/** Which comment notifications the reader wants (off until chosen: nothing is sent unasked). */
export function CommentNotificationsForm({ profile }: { profile: Profile }) {
  const save = useProfileSave();
  const [saved, setSaved] = useState(false);
  const form = useAccountForm<Field, Values>({
    fields: SWITCHES.map((s) => s.field),
    schema,
    defaultValues: valuesOf(profile),
    summary: (invalid) => invalidFieldsSummary(invalid),
    submit: async (values) => {
      setSaved(false);
      const update: ProfileUpdate = {};
      for (const { key, field } of SWITCHES) update[key] = values[field];
      const stored = await save(update);
      if (stored) form.reset(valuesOf(stored));
      setSaved(true);
    },
    failure: profileSaveFailure,
  });
  return (
    <section className="card" aria-labelledby="comment-notifications-heading">
      <h2 id="comment-notifications-heading">Comment notifications</h2>
      <FormError form={form} />
      <StatusMessage>{saved && <p>Your notification choices have been saved.</p>}</StatusMessage>
      <form noValidate onSubmit={form.onSubmit}>
        <fieldset className="choice-group">
          <legend className="field__label">Tell me, on the site and by email, about:</legend>
          {SWITCHES.map(({ field, label }) => (
            <Checkbox key={field} label={label} {...form.register(field)} />
          ))}
        </fieldset>
        <SubmitButton form={form}>Save notification choices</SubmitButton>
      </form>
    </section>
  );
}
