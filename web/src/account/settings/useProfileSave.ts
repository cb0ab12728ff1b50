import { useMutation } from '@tanstack/react-query';
import { updateProfile } from '../../api/identity';
import type { Profile, ProfileUpdate } from '../../api/types';
import { useIdentity } from '../state/IdentityProvider';
import { useProfile } from '../state/identityData';

/** Only what changed is sent: the server records updated-values as the reader's edits. */
export function changedFields(profile: Profile | null, values: ProfileUpdate): ProfileUpdate {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const before = (profile as Record<string, unknown> | null)?.[key];
    // An empty answer is one, whether stored as '', null or never: clearing it is no change.
    const same = typeof value === 'boolean' ? Boolean(before) === value : (before ?? '') === (value ?? '');
    if (!same) changes[key] = value;
  }
  return changes as ProfileUpdate;
}

/** `onSaved` hears which profile keys a successful save changed. */
export function useProfileSave(onSaved?: (changedKeys: string[]) => void) {
  const { profileSaved } = useIdentity();
  const profile = useProfile();
  const mutation = useMutation({
    mutationFn: (changes: ProfileUpdate) => updateProfile(changes),
    onSuccess: (profile: Profile, changes: ProfileUpdate) => {
      profileSaved(profile);
      onSaved?.(Object.keys(changes));
    },
  });

  /**
   * Resolves with the profile as the server stored it (it may complete the names), or null
   * when nothing changed (nothing is sent); rejects with the server's refusal.
   */
  return (values: ProfileUpdate): Promise<Profile | null> => {
    const changes = changedFields(profile.isPlaceholderData ? null : (profile.data ?? null), values);
    if (Object.keys(changes).length === 0) return Promise.resolve(null);
    return mutation.mutateAsync(changes);
  };
}
