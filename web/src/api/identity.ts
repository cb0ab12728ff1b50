/** The identity calls of the account area, one function per endpoint. */
import { api, call, isApiError } from './client';
import type {
  Account,
  DataLayer,
  EditableProfileKey,
  EmailChangeResponse,
  MessageResponse,
  Profile,
  ProfileUpdate,
  SessionResponse,
} from './types';

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration extends Credentials {
  firstName: string;
  lastName: string;
}

export function login({ email, password }: Credentials): Promise<SessionResponse> {
  return call(() =>
    api.POST('/blaize/login', { body: { identifiers: { email_address: email }, validators: { password } } }),
  );
}

export function register({ email, password, firstName, lastName }: Registration): Promise<SessionResponse> {
  return call(() =>
    api.POST('/blaize/register', {
      body: {
        identifiers: { email_address: email },
        validators: { password },
        attributes: {
          'full-name': `${firstName} ${lastName}`.trim(),
          'first-name': firstName,
          'last-name': lastName,
        },
      },
    }),
  );
}

export function logout(): Promise<MessageResponse> {
  return call(() => api.POST('/blaize/logout'));
}

/** A 401 is not an error here: it means the reader is logged out. */
export async function fetchDataLayer(): Promise<DataLayer> {
  try {
    const response = await call(() => api.GET('/blaize/datalayer'));
    return response.dataLayer;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return { loggedIn: false };
    throw error;
  }
}

export function fetchAccount(): Promise<Account> {
  return call(() => api.GET('/blaize/account'));
}

export function fetchProfile(): Promise<Profile> {
  return call(() => api.GET('/blaize/profile'));
}

/** Sends only the changed keys and names them in updated-values; returns the whole profile. */
export function updateProfile(changes: ProfileUpdate): Promise<Profile> {
  const sent = Object.keys(changes) as EditableProfileKey[]; // Object.keys widens to string[]
  return call(() => api.POST('/blaize/profile', { body: { ...changes, 'updated-values': sent } }));
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return call(() => api.POST('/blaize/users/reset', { body: { identifiers: { email_address: email } } }));
}

export function resetPassword(state: string, password: string): Promise<unknown> {
  return call(() =>
    api.POST('/blaize/users/reset/{state}', { params: { path: { state } }, body: { validators: { password } } }),
  );
}

export function requestEmailChange(newEmail: string): Promise<MessageResponse> {
  return call(() => api.POST('/blaize/users/update-email/', { body: { new_identifiers: { email_address: newEmail } } }));
}

export function confirmEmailChange(token: string, password: string): Promise<EmailChangeResponse> {
  return call(() =>
    api.POST('/blaize/users/update-email/{token}', { params: { path: { token } }, body: { validators: { password } } }),
  );
}

export function changePassword(currentPassword: string, newPassword: string): Promise<unknown> {
  return call(() =>
    api.POST('/blaize/users/change-password/', {
      body: { current_validators: { password: currentPassword }, new_validators: { password: newPassword } },
    }),
  );
}

export function avatarUrl(color: string, initials: string): string {
  const params = new URLSearchParams({ color, initials });
  return `/account/avatar/?${params.toString()}`;
}
