/** The identity calls of the account area, one function per endpoint. */
import { isApiError, request } from './client';
import type {
  Account,
  DataLayer,
  DataLayerResponse,
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
  return request('/blaize/login', {
    method: 'POST',
    body: { identifiers: { email_address: email }, validators: { password } },
  });
}

export function register({ email, password, firstName, lastName }: Registration): Promise<SessionResponse> {
  return request('/blaize/register', {
    method: 'POST',
    body: {
      identifiers: { email_address: email },
      validators: { password },
      attributes: {
        'full-name': `${firstName} ${lastName}`.trim(),
        'first-name': firstName,
        'last-name': lastName,
      },
    },
  });
}

export function logout(): Promise<MessageResponse> {
  return request('/blaize/logout', { method: 'POST' });
}

/** A 401 is not an error here: it means the reader is logged out. */
export async function fetchDataLayer(): Promise<DataLayer> {
  try {
    const response = await request<DataLayerResponse>('/blaize/datalayer');
    return response.dataLayer;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return { loggedIn: false };
    throw error;
  }
}

export function fetchAccount(): Promise<Account> {
  return request('/blaize/account');
}

export function fetchProfile(): Promise<Profile> {
  return request('/blaize/profile');
}

/** Sends only the changed keys and names them in updated-values; returns the whole profile. */
export function updateProfile(changes: ProfileUpdate): Promise<Profile> {
  return request('/blaize/profile', {
    method: 'POST',
    body: { ...changes, 'updated-values': Object.keys(changes) },
  });
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return request('/blaize/users/reset', {
    method: 'POST',
    body: { identifiers: { email_address: email } },
  });
}

export function resetPassword(state: string, password: string): Promise<unknown> {
  return request(`/blaize/users/reset/${encodeURIComponent(state)}`, {
    method: 'POST',
    body: { validators: { password } },
  });
}

export function requestEmailChange(newEmail: string): Promise<MessageResponse> {
  return request('/blaize/users/update-email/', {
    method: 'POST',
    body: { new_identifiers: { email_address: newEmail } },
  });
}

export function confirmEmailChange(token: string, password: string): Promise<EmailChangeResponse> {
  return request(`/blaize/users/update-email/${encodeURIComponent(token)}`, {
    method: 'POST',
    body: { validators: { password } },
  });
}

export function changePassword(currentPassword: string, newPassword: string): Promise<unknown> {
  return request('/blaize/users/change-password/', {
    method: 'POST',
    body: {
      current_validators: { password: currentPassword },
      new_validators: { password: newPassword },
    },
  });
}

export function avatarUrl(color: string, initials: string): string {
  const params = new URLSearchParams({ color, initials });
  return `/account/avatar/?${params.toString()}`;
}
