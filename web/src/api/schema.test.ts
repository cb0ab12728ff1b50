import { readFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

const here = new URL('.', import.meta.url);

describe('generated API types', () => {
  it('schema.d.ts matches openapi.json (else run `npm run gen:api`)', async () => {
    const generated = astToString(await openapiTS(new URL('openapi.json', here)));
    const committed = readFileSync(new URL('schema.d.ts', here), 'utf8');
    // The CLI adds a "do not edit" banner before the generated text.
    expect(committed.endsWith(generated), 'web/src/api/schema.d.ts is stale: run `npm run gen:api`').toBe(true);
  }, 20_000);
});
