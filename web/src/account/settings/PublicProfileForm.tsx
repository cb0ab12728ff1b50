import { useState } from 'react';
import { z } from 'zod';
import { profaneTextRefusal, profanityRefusal } from '../../api/moderation';
import type { Profile, ProfileUpdate } from '../../api/types';
import { StatusMessage } from '../../ui/Alert';
import { Avatar, DEFAULT_AVATAR_COLOR } from '../../ui/Avatar';
import { Checkbox } from '../../ui/Checkbox';
import { initialsOf } from '../../ui/initials';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { pushTrackingEvent } from '../../tracking';
import { FormError, SubmitButton } from '../FormParts';
import { useSaveOnContinue } from '../onboarding/saveOnContinue';
import { useAccountForm } from '../useAccountForm';
import { invalidFieldsSummary, profileSaveFailure } from './profileMessages';
import { maxCharsOf, profileText } from './profileRules';
import { useProfileSave } from './useProfileSave';

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
const LABELS = { displayName: 'Display name', bio: 'Bio', location: 'Location' } as const;
const FIELDS = ['displayName', 'bio', 'location'] as const;
/** What other readers see goes through the profanity check (spec section 5): profile key to field. */
const SCREENED = { 'display-name': 'displayName', bio: 'bio' } as const;
type ScreenedKey = keyof typeof SCREENED;

/** A screened field the profanity check refused, and the server's sentence for the reader. */
interface Refusal {
  field: (typeof SCREENED)[ScreenedKey];
  message: string;
}

const schema = z.object({
  displayName: profileText('display-name', LABELS.displayName),
  bio: profileText('bio', LABELS.bio),
  location: profileText('location', LABELS.location),
  avatarColor: z.string().regex(HEX_COLOUR),
  privateProfile: z.boolean(),
});

type Values = z.infer<typeof schema>;

function isScreened(key: string): key is ScreenedKey {
  return key in SCREENED;
}

/**
 * The first changed display name or bio the site API's profanity check refuses, before
 * anything is saved. A check that fails (offline, too many) refuses nothing: the save's own
 * check on the server decides then.
 */
async function profanityBeforeSaving(profile: Profile, values: Values): Promise<Refusal | null> {
  for (const [key, field] of Object.entries(SCREENED) as [ScreenedKey, Refusal['field']][]) {
    const text = values[field];
    if (text === '' || text === (profile[key] ?? '')) continue;
    const message = await profanityRefusal(text).catch(() => null);
    if (message) return { field, message };
  }
  return null;
}

function valuesOf(profile: Profile) {
  const colour = profile['avatar-color'] ?? '';
  return {
    displayName: profile['display-name'] ?? '',
    bio: profile.bio ?? '',
    location: profile.location ?? '',
    avatarColor: HEX_COLOUR.test(colour) ? colour : DEFAULT_AVATAR_COLOR,
    privateProfile: Boolean(profile['private-profile']),
  };
}

/**
 * How the reader appears to others (comments): display name, avatar, bio, privacy. `email`
 * gives the avatar's initials while the reader has no name, as the header does.
 */
export function PublicProfileForm({ profile, email }: { profile: Profile; email?: string | null }) {
  const save = useProfileSave((fields) => pushTrackingEvent('profileCustomized', { fields }));
  const [saved, setSaved] = useState(false);

  /** Saves; a display name or bio the server's profanity check refuses comes back as a Refusal. */
  async function saveOrRefusal(values: Values): Promise<Refusal | null> {
    const update: ProfileUpdate = {
      'display-name': values.displayName,
      bio: values.bio,
      location: values.location,
      'avatar-color': values.avatarColor.toLowerCase() === (profile['avatar-color'] ?? '').toLowerCase()
        ? (profile['avatar-color'] as string)
        : values.avatarColor,
      'private-profile': values.privateProfile,
    };
    try {
      const stored = await save(update);
      if (stored) form.reset(valuesOf(stored));
      setSaved(true);
      return null;
    } catch (error) {
      const profane = profaneTextRefusal(error);
      if (profane && isScreened(profane.key)) return { field: SCREENED[profane.key], message: profane.message };
      throw error;
    }
  }
  const form = useAccountForm({
    fields: FIELDS,
    schema,
    defaultValues: valuesOf(profile),
    summary: (invalid) => invalidFieldsSummary(invalid.map((field) => LABELS[field])),
    submit: async (values) => {
      setSaved(false);
      const refusal = (await profanityBeforeSaving(profile, values)) ?? (await saveOrRefusal(values));
      // Said under the field it is about, as the form's own checks are.
      if (refusal) form.controls.setError(refusal.field, { type: 'server', message: refusal.message }, { shouldFocus: true });
    },
    failure: profileSaveFailure,
  });

  // On an onboarding step, Continue saves what is typed here and not yet saved.
  const unsaved = form.controls.formState.isDirty;
  useSaveOnContinue(async () => !unsaved || (await form.submitted()));

  const colour = form.controls.watch('avatarColor');
  const initials = initialsOf(profile['full-name']) || initialsOf(email);
  return (
    <section className="card" aria-labelledby="public-heading">
      <h2 id="public-heading">Public profile</h2>
      <FormError form={form} />
      <StatusMessage>{saved && <p>Your public profile has been saved.</p>}</StatusMessage>
      <form noValidate onSubmit={form.onSubmit}>
        <TextField
          label={LABELS.displayName}
          autoComplete="nickname"
          hint="Shown next to your comments."
          maxChars={maxCharsOf('display-name')}
          {...form.field('displayName')}
        />
        <div className="colour-picker">
          <TextField label="Avatar colour" type="color" {...form.register('avatarColor')} />
          <div className="colour-picker__preview">
            <Avatar initials={initials} color={HEX_COLOUR.test(colour) ? colour : DEFAULT_AVATAR_COLOR} size={48} alt="" />
            <span>Preview</span>
          </div>
        </div>
        <TextArea label={LABELS.bio} rows={3} maxChars={maxCharsOf('bio')} {...form.field('bio')} />
        <TextField
          label={LABELS.location}
          autoComplete="address-level2"
          maxChars={maxCharsOf('location')}
          {...form.field('location')}
        />
        <Checkbox
          label="Private profile"
          hint="Other readers cannot see your profile details."
          {...form.register('privateProfile')}
        />
        <SubmitButton form={form}>Save public profile</SubmitButton>
      </form>
    </section>
  );
}
