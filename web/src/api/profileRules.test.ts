import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROFILE_MAX_LENGTH, PROFILE_PATTERN } from './profileRules';

interface Rule {
  type?: string;
  maxLength?: number;
  pattern?: string;
}

// The committed OpenAPI document, which `make check-api-types` holds equal to the server's.
const document = JSON.parse(readFileSync(new URL('openapi.json', import.meta.url), 'utf8')) as {
  components: { schemas: { ProfileUpdate: { properties: Record<string, Rule> } } };
};
const properties = document.components.schemas.ProfileUpdate.properties;
const texts = Object.entries(properties).filter(([, rule]) => rule.type === 'string');

describe("the profile forms' limits are the server's (else run `npm run gen:api`)", () => {
  it('every text key has the maxLength of the OpenAPI document', () => {
    expect(texts.length).toBeGreaterThan(0);
    expect(PROFILE_MAX_LENGTH).toEqual(Object.fromEntries(texts.map(([key, rule]) => [key, rule.maxLength])));
  });

  it('every pattern is the OpenAPI document’s', () => {
    expect(PROFILE_PATTERN).toEqual(
      Object.fromEntries(texts.filter(([, rule]) => rule.pattern).map(([key, rule]) => [key, rule.pattern])),
    );
  });

  it('the patterns read in ECMAScript as the server reads them', () => {
    const phone = new RegExp(PROFILE_PATTERN['phone-number'], 'u');
    expect(phone.test('+1 (212) 555-0100')).toBe(true);
    expect(phone.test('')).toBe(true);
    expect(phone.test('call me')).toBe(false);
    expect(new RegExp(PROFILE_PATTERN['avatar-color'], 'u').test('#1a2b3c')).toBe(true);
  });
});
