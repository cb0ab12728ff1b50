import { describe, expect, it } from 'vitest';
import { FRAME_MESSAGES, PAGE_MESSAGES, parseFrameMessage, SHARE_MEDIA } from '../src/protocol.js';
import PROTOCOL_MD from '../PROTOCOL.md?raw';
import definition from '../src/protocol.json';

// src/protocol.json is the protocol's one list of messages and fields. The widget's parser,
// its own posts to frames and PROTOCOL.md are checked against it here; the server's template
// script in templateScript.test.ts (and server/tests/referrals/test_widget_templates.py).

interface Field {
  number?: { min: number; max: number };
  text?: { minLength: number; maxLength?: number };
  oneOf?: 'shareMedia';
  optional?: boolean;
}
type Fields = Record<string, Field>;
const frameToPage = definition.frameToPage as Record<string, Fields>;
const pageToFrame = definition.pageToFrame as Record<string, Fields>;

/** The smallest and the largest valid value of a field. */
function valid(field: Field): [unknown, unknown] {
  if (field.number) return [field.number.min, field.number.max];
  if (field.text) return ['x'.repeat(field.text.minLength), 'x'.repeat(field.text.maxLength ?? 1000)];
  return [definition.shareMedia[0], definition.shareMedia.at(-1)];
}

/** Values a field must not take. */
function invalid(field: Field): unknown[] {
  if (field.number) return [field.number.min - 1, field.number.max + 1, String(field.number.min), Number.NaN];
  if (field.text) return [...(field.text.minLength > 0 ? [''] : []), 'x'.repeat((field.text.maxLength ?? 0) + 1), 5];
  return ['MYSPACE', definition.shareMedia[0]!.toLowerCase(), 1];
}

function message(type: string, fields: Fields, pick: 0 | 1, optional: boolean): Record<string, unknown> {
  const entries = Object.entries(fields).filter(([, field]) => optional || !field.optional);
  return { ...definition.envelope, type, ...Object.fromEntries(entries.map(([name, field]) => [name, valid(field)[pick]])) };
}

/** The first column of the PROTOCOL.md table under `heading`. */
function documentedTypes(heading: string): string[] {
  const section = PROTOCOL_MD.split(`## ${heading}\n`)[1]!.split('\n## ')[0]!;
  return [...section.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1]!);
}

describe('protocol.json', () => {
  it('lists what src/protocol.ts knows', () => {
    expect(Object.keys(frameToPage)).toEqual([...FRAME_MESSAGES]);
    expect(Object.keys(pageToFrame)).toEqual([...PAGE_MESSAGES]);
    expect(definition.shareMedia).toEqual([...SHARE_MEDIA]);
    expect(definition.envelope).toEqual({ squatch: 1 });
  });

  it('lists what PROTOCOL.md describes', () => {
    expect(documentedTypes('Frame → page')).toEqual(Object.keys(frameToPage));
    expect(documentedTypes('Page → frame')).toEqual(Object.keys(pageToFrame));
    const shared = PROTOCOL_MD.match(/^\| `shared` \|(.*)$/m)![1]!;
    expect([...shared.split('|')[0]!.matchAll(/`([A-Z]+)`/g)].map((match) => match[1])).toEqual(definition.shareMedia);
  });

  it.each(Object.entries(frameToPage))('describes %s as the page parses it', (type, fields) => {
    for (const [pick, optional] of [[0, false], [1, true]] as const) {
      const sent = message(type, fields, pick, optional);
      const { squatch: _envelope, ...expected } = sent;
      expect(parseFrameMessage(sent)).toMatchObject(expected);
    }
    expect(parseFrameMessage({ ...message(type, fields, 0, false), squatch: 2 })).toBeNull();
    for (const [name, field] of Object.entries(fields)) {
      for (const value of invalid(field)) {
        const parsed = parseFrameMessage({ ...message(type, fields, 0, true), [name]: value }) as Record<string, unknown> | null;
        // A required field makes the message invalid; a bad optional one never gets through.
        if (field.optional) expect(parsed?.[name]).toBeUndefined();
        else expect(parsed).toBeNull();
      }
    }
  });

  it('is the only list of frame messages the page accepts', () => {
    for (const type of [...Object.keys(pageToFrame), 'bogus', 'toString', '']) {
      expect(parseFrameMessage({ ...definition.envelope, type })).toBeNull();
    }
  });

  it('names every message the widget posts to its frames', () => {
    const sources = import.meta.glob('../src/*.ts', { query: '?raw', import: 'default', eager: true });
    const posted = Object.values(sources).flatMap((text) => [...text.matchAll(/postToFrame\([^,]+, '(\w+)'/g)].map((match) => match[1]!));
    expect(new Set(posted)).toEqual(new Set(Object.keys(pageToFrame)));
  });
});
