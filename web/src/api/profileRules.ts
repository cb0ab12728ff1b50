/**
 * The limits and patterns of the profile keys a reader writes, GENERATED from the server's
 * OpenAPI document (components.schemas.ProfileUpdate) by gen-profile-rules.mjs: run
 * `npm run gen:api`, do not edit. profileRules.test.ts fails when this file and
 * openapi.json disagree. Lengths count characters (code points), as the server does.
 */
export const PROFILE_MAX_LENGTH = {
  "age-group": 40,
  "avatar-color": 7,
  "bio": 500,
  "cancel-reason": 200,
  "cancel-reason-text": 1000,
  "display-name": 50,
  "first-name": 100,
  "full-name": 200,
  "gender": 40,
  "image-url": 2048,
  "last-name": 100,
  "location": 100,
  "pause-reason": 200,
  "pause-reason-text": 1000,
  "phone-number": 32
} as const;

/** Anchored ECMAScript patterns; an empty value (which clears the key) matches each. */
export const PROFILE_PATTERN = {
  "avatar-color": "^(?:#[0-9a-fA-F]{6})?$",
  "image-url": "^(?:https://[^\\s/$.?#][^\\s]*)?$",
  "phone-number": "^(?:\\+?[0-9 ()\\-.]{4,32})?$"
} as const;
