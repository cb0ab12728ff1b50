import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../api/client';
import { updateProfile } from '../../api/identity';
import type { Profile, ProfileUpdate } from '../../api/types';
import { useIdentity } from '../state/IdentityProvider';

/** Only what changed is sent: the server records updated-values as the reader's edits. */
export function changedFields(profile: Profile | null, values: ProfileUpdate): ProfileUpdate {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const before = (profile as Record<string, unknown> | null)?.[key];
    const same = typeof value === 'boolean' ? Boolean(before) === value : (before ?? '') === value;
    if (!same) changes[key] = value;
  }
  return changes as ProfileUpdate;
}

export type SaveOutcome = { status: 'saved'; profile: Profile } | { status: 'unchanged' } | { status: 'failed' };

/** `onSaved` hears which profile keys a successful save changed. */
export function useProfileSave(onSaved?: (changedKeys: string[]) => void) {
  const { state, profileSaved } = useIdentity();
  const mutation = useMutation({
    mutationFn: (changes: ProfileUpdate) => updateProfile(changes),
    onSuccess: (profile: Profile, changes: ProfileUpdate) => {
      profileSaved(profile);
      onSaved?.(Object.keys(changes));
    },
  });

  /** Resolves with the profile as the server stored it (it may complete the names). */
  const save = (values: ProfileUpdate): Promise<SaveOutcome> => {
    const changes = changedFields(state.user.profile, values);
    if (Object.keys(changes).length === 0) {
      mutation.reset();
      return Promise.resolve({ status: 'unchanged' });
    }
    return mutation.mutateAsync(changes).then(
      (profile) => ({ status: 'saved', profile }),
      () => ({ status: 'failed' }),
    );
  };

  /** The server's reason, shown under the spec's message when it names a bad value. */
  const detail =
    isApiError(mutation.error) && mutation.error.status === 400 ? mutation.error.message : null;
  return { save, error: mutation.error, detail, saving: mutation.isPending };
}
