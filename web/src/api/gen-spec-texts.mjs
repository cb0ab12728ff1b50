// Writes specTexts.ts: the texts the spec owns, as the server holds them. Reads the JSON that
// `python -m masthead.spec_texts` prints on stdin; writes to the path given, else next to this
// file. Run by `make api-types`; `make check-api-types` compares its output with the file.
import { readFileSync, writeFileSync } from 'node:fs';

const texts = JSON.parse(readFileSync(0, 'utf8'));
const target = process.argv[2] ?? new URL('specTexts.ts', import.meta.url);

const constants = Object.entries(texts)
  .map(([name, text]) => {
    if (!/^[A-Z][A-Z0-9_]*$/.test(name) || typeof text !== 'string') throw new Error(`Not a spec text: ${name}`);
    return `export const ${name} = ${JSON.stringify(text)};`;
  })
  .join('\n');

const source = `/**
 * The texts the spec owns (sections 8 and 9: calls to action, badge, payment, pause and billing
 * messages), GENERATED from the server's (masthead/spec_texts.py, from billing's cta.py) by
 * gen-spec-texts.mjs: run \`make api-types\`, do not edit. \`make check-api-types\` fails when
 * this file and the server disagree. Templates keep their '{type}' and '{digits}' placeholders.
 */
${constants}
`;
writeFileSync(target, source);
