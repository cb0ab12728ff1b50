// Writes profileRules.ts: the limits and patterns of the profile keys a reader writes, taken
// from the server's OpenAPI document (components.schemas.ProfileUpdate), so the account
// area's forms hold the server's numbers. Run by `npm run gen:api` (part of `make api-types`).
import { readFileSync, writeFileSync } from 'node:fs';

const here = new URL('.', import.meta.url);
const document = JSON.parse(readFileSync(new URL('openapi.json', here), 'utf8'));
const properties = document.components.schemas.ProfileUpdate.properties;

const maxLength = {};
const pattern = {};
for (const [key, rule] of Object.entries(properties).sort(([a], [b]) => a.localeCompare(b))) {
  if (rule.type !== 'string') continue;
  maxLength[key] = rule.maxLength;
  if (rule.pattern) pattern[key] = rule.pattern;
}

const source = `/**
 * The limits and patterns of the profile keys a reader writes, GENERATED from the server's
 * OpenAPI document (components.schemas.ProfileUpdate) by gen-profile-rules.mjs: run
 * \`npm run gen:api\`, do not edit. profileRules.test.ts fails when this file and
 * openapi.json disagree. Lengths count characters (code points), as the server does.
 */
export const PROFILE_MAX_LENGTH = ${JSON.stringify(maxLength, null, 2)} as const;

/** Anchored ECMAScript patterns; an empty value (which clears the key) matches each. */
export const PROFILE_PATTERN = ${JSON.stringify(pattern, null, 2)} as const;
`;
writeFileSync(new URL('profileRules.ts', here), source);
