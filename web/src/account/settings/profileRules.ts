/**
 * The profile forms' rules: each text field's limit and pattern are the server's, read from
 * the generated api/profileRules.ts (from the OpenAPI document), so the form refuses exactly
 * what the server would, and says why before a request is sent.
 */
import { z } from 'zod';
import { PROFILE_MAX_LENGTH, PROFILE_PATTERN } from '../../api/profileRules';
import { characterCount, tooLongMessage } from '../../ui/fieldRules';

export type ProfileTextKey = keyof typeof PROFILE_MAX_LENGTH;

export function maxCharsOf(key: ProfileTextKey): number {
  return PROFILE_MAX_LENGTH[key];
}

function patternOf(key: ProfileTextKey): RegExp | null {
  const patterns: Partial<Record<ProfileTextKey, string>> = PROFILE_PATTERN;
  const source = patterns[key];
  return source ? new RegExp(source, 'u') : null;
}

/** A trimmed text field of the profile: at most the server's characters, in its pattern. */
export function profileText(key: ProfileTextKey, label: string, patternMessage = `The ${label} field is invalid.`) {
  const max = maxCharsOf(key);
  const pattern = patternOf(key);
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const length = characterCount(value);
      if (length > max) ctx.addIssue({ code: 'custom', message: tooLongMessage(label, max, length) });
      else if (pattern && !pattern.test(value)) ctx.addIssue({ code: 'custom', message: patternMessage });
    });
}

/** Full name follows first and last name, as the server completes it (profile_fields.py). */
export function joinName(first: string, last: string): string {
  return `${first.trim()} ${last.trim()}`.trim();
}
