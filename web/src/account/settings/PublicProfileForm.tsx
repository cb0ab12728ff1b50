import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Profile } from '../../api/types';
import { StatusMessage } from '../../ui/Alert';
import { Avatar, DEFAULT_AVATAR_COLOR } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { initialsOf } from '../../ui/initials';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { pushTrackingEvent } from '../../tracking';
import { ProfileFormAlert } from './ProfileFormAlert';
import { maxCharsOf, profileText } from './profileRules';
import { useProfileSave } from './useProfileSave';

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
const LABELS = { displayName: 'Display name', bio: 'Bio', location: 'Location' } as const;
const ORDER = ['displayName', 'bio', 'location'] as const;

const schema = z.object({
  displayName: profileText('display-name', LABELS.displayName),
  bio: profileText('bio', LABELS.bio),
  location: profileText('location', LABELS.location),
  avatarColor: z.string().regex(HEX_COLOUR),
  privateProfile: z.boolean(),
});

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
  const { save, error, detail, saving } = useProfileSave((fields) =>
    pushTrackingEvent('profileCustomized', { fields }),
  );
  const [saved, setSaved] = useState(false);
  const { register, handleSubmit, watch, formState, reset } = useForm({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(profile),
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setSaved(false);
    const outcome = await save({
      'display-name': values.displayName,
      bio: values.bio,
      location: values.location,
      'avatar-color': values.avatarColor.toLowerCase() === (profile['avatar-color'] ?? '').toLowerCase()
        ? (profile['avatar-color'] as string)
        : values.avatarColor,
      'private-profile': values.privateProfile,
    });
    if (outcome.status === 'saved') reset(valuesOf(outcome.profile));
    setSaved(outcome.status !== 'failed');
  });

  const colour = watch('avatarColor');
  const initials = initialsOf(profile['full-name']) || initialsOf(email);
  return (
    <section className="card" aria-labelledby="public-heading">
      <h2 id="public-heading">Public profile</h2>
      <ProfileFormAlert
        invalidLabels={formState.submitCount > 0 ? ORDER.filter((field) => errors[field]).map((field) => LABELS[field]) : []}
        failed={Boolean(error)}
        detail={detail}
      />
      <StatusMessage>{saved && <p>Your public profile has been saved.</p>}</StatusMessage>
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label={LABELS.displayName}
          autoComplete="nickname"
          hint="Shown next to your comments."
          maxChars={maxCharsOf('display-name')}
          error={errors.displayName?.message}
          {...register('displayName')}
        />
        <div className="colour-picker">
          <TextField label="Avatar colour" type="color" {...register('avatarColor')} />
          <div className="colour-picker__preview">
            <Avatar initials={initials} color={HEX_COLOUR.test(colour) ? colour : DEFAULT_AVATAR_COLOR} size={48} alt="" />
            <span>Preview</span>
          </div>
        </div>
        <TextArea
          label={LABELS.bio}
          rows={3}
          maxChars={maxCharsOf('bio')}
          error={errors.bio?.message}
          {...register('bio')}
        />
        <TextField
          label={LABELS.location}
          autoComplete="address-level2"
          maxChars={maxCharsOf('location')}
          error={errors.location?.message}
          {...register('location')}
        />
        <Checkbox
          label="Private profile"
          hint="Other readers cannot see your profile details."
          {...register('privateProfile')}
        />
        <Button type="submit" busy={saving}>
          Save public profile
        </Button>
      </form>
    </section>
  );
}
