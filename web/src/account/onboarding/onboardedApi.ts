import { api, call } from '../../api/client';
import type { Profile } from '../../api/types';

/**
 * Marks the reader's profile `onboarded` (POST /blaize/profile): the end of onboarding. Its
 * own call rather than the settings forms' save, whose keys are the ones those forms edit.
 */
export function markOnboarded(): Promise<Profile> {
  return call(() => api.POST('/blaize/profile', { body: { onboarded: true, 'updated-values': ['onboarded'] } }));
}
