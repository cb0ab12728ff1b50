/**
 * Wire shapes of the identity API, taken from schema.d.ts, which `npm run gen:api` generates
 * from the server's OpenAPI document (web/src/api/openapi.json). schema.test.ts fails when
 * the generated file is stale.
 */
import type { components } from './schema';

type Schemas = components['schemas'];

export type Identifiers = Schemas['Identifiers'];
/** Login and register; the session cookie itself is also set HttpOnly. */
export type SessionResponse = Schemas['AuthResponse'];
export type Account = Schemas['AccountResponse'];
export type MessageResponse = Schemas['MessageResponse'];
export type EmailChangeResponse = Schemas['EmailChangedResponse'];

/**
 * The reader's profile with the spec's hyphenated keys. Partial on this side: the client
 * merges partial updates into it, and a screen must cope with a key it has not seen yet.
 */
export type Profile = Partial<Schemas['Profile']>;

/** The keys the settings pages let a reader edit. */
export type EditableProfileKey =
  | 'full-name'
  | 'first-name'
  | 'last-name'
  | 'display-name'
  | 'bio'
  | 'location'
  | 'phone-number'
  | 'avatar-color'
  | 'private-profile'
  | 'notification-reply'
  | 'notification-mentioned'
  | 'notification-liked'
  | 'notification-follower'
  | 'gender'
  | 'birth-month'
  | 'birth-day'
  | 'age-group';

export type ProfileUpdate = Partial<Pick<Schemas['Profile'], EditableProfileKey>>;

/** A logged-out reader's data layer is only `{ loggedIn: false }`. */
export type DataLayer = Partial<Schemas['DataLayer']> & { loggedIn: boolean };
