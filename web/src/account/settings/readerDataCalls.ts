/** The reader's data calls: download everything Masthead holds about them, delete the account. */
import { api, call, isApiError } from '../../api/client';
import type { components } from '../../api/schema';
import type { SocialProvider } from '../social/socialApi';
import { messages } from '../messages';

export const DATA_PATH = '/blaize/users/data';
export const DELETED_PATH = '/account/account-deleted';

export interface DataFile {
  blob: Blob;
  filename: string;
}

/** The file name the server gives (Content-Disposition), else one of the same form. */
export function filenameOf(disposition: string | null, today = new Date()): string {
  const named = disposition?.match(/filename="([^"]+)"/)?.[1];
  return named ?? `masthead-data-${today.toISOString().slice(0, 10)}.json`;
}

export async function downloadData(): Promise<DataFile> {
  let filename = filenameOf(null);
  const blob = await call(async () => {
    const answer = await api.GET(DATA_PATH, { parseAs: 'blob' });
    filename = filenameOf(answer.response.headers.get('content-disposition'));
    return answer;
  });
  return { blob, filename };
}

/** Hands the file to the browser, which saves it as a download. */
export function saveFile({ blob, filename }: DataFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: the browser has the file by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export type DeleteOptions = components['schemas']['DeleteOptions'];
/** Exactly one: the password, or the provider this session has just confirmed with. */
export type DeleteValidators = { password: string } | { provider: SocialProvider };

/** How the account can confirm its deletion: a password, the providers linked to it. */
export function fetchDeleteOptions(): Promise<DeleteOptions> {
  return call(() => api.GET('/blaize/users/delete/'));
}

export function deleteAccount(validators: DeleteValidators): Promise<unknown> {
  return call(() => api.POST('/blaize/users/delete/', { body: { validators } }));
}

export const SIGNED_OUT_MESSAGE = 'Your session has ended. Please log in again to continue.';

/** The server's refusals are sentences a reader can act on; a few need ours. */
export function readerDataErrorMessage(error: unknown): string {
  if (!isApiError(error)) return messages.unknownError;
  if (error.status === 401) return SIGNED_OUT_MESSAGE;
  if ([0, 400, 429, 503].includes(error.status) && error.message) return error.message;
  return messages.unknownError;
}
