import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Profile } from '../../api/types';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { Avatar, DEFAULT_AVATAR_COLOR } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { initialsOf } from '../../ui/initials';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { pushTrackingEvent } from '../../tracking';
import { messages } from '../messages';
import { useProfileSave } from './useProfileSave';

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

const schema = z.object({
  displayName: z.string().trim().max(60),
  bio: z.string().trim().max(500),
  location: z.string().trim().max(100),
  avatarColor: z.string().regex(HEX_COLOUR),
  privateProfile: z.boolean(),
});

/** How the reader appears to others (comments): display name, avatar, bio, privacy. */
export function PublicProfileForm({ profile }: { profile: Profile }) {
  const { save, error, detail, saving } = useProfileSave((fields) =>
    pushTrackingEvent('profileCustomized', { fields }),
  );
  const [saved, setSaved] = useState(false);
  const { register, handleSubmit, watch } = useForm({
    resolver: zodResolver(schema),
    defaultValues: {
      displayName: profile['display-name'] ?? '',
      bio: profile.bio ?? '',
      location: profile.location ?? '',
      avatarColor: HEX_COLOUR.test(profile['avatar-color'] ?? '') ? (profile['avatar-color'] as string) : DEFAULT_AVATAR_COLOR,
      privateProfile: Boolean(profile['private-profile']),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setSaved(false);
    const result = await save({
      'display-name': values.displayName,
      bio: values.bio,
      location: values.location,
      'avatar-color': values.avatarColor.toLowerCase() === (profile['avatar-color'] ?? '').toLowerCase()
        ? (profile['avatar-color'] as string)
        : values.avatarColor,
      'private-profile': values.privateProfile,
    });
    setSaved(result !== 'failed');
  });

  const colour = watch('avatarColor');
  const initials = initialsOf(profile['full-name']);
  return (
    <section className="card" aria-labelledby="public-heading">
      <h2 id="public-heading">Public profile</h2>
      <ErrorAlert>
        {error && (
          <>
            <p>{messages.profileUpdateError}</p>
            {detail && <p>{detail}</p>}
          </>
        )}
      </ErrorAlert>
      <StatusMessage>{saved && <p>Your public profile has been saved.</p>}</StatusMessage>
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label="Display name"
          autoComplete="nickname"
          hint="Shown next to your comments."
          {...register('displayName')}
        />
        <div className="colour-picker">
          <TextField label="Avatar colour" type="color" {...register('avatarColor')} />
          <div className="colour-picker__preview">
            <Avatar initials={initials} color={HEX_COLOUR.test(colour) ? colour : DEFAULT_AVATAR_COLOR} size={48} alt="" />
            <span>Preview</span>
          </div>
        </div>
        <TextArea label="Bio" rows={3} {...register('bio')} />
        <TextField label="Location" autoComplete="address-level2" {...register('location')} />
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
