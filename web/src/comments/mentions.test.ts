import { describe, expect, it } from 'vitest';
import { insertMention, mentionAt, suggestNames } from './mentions';

describe('@mentions', () => {
  it('finds "@" and letters just before the caret, not inside an address', () => {
    expect(mentionAt('Hi @Ri', 6)).toEqual({ start: 3, query: 'Ri' });
    expect(mentionAt('@Ri', 3)).toEqual({ start: 0, query: 'Ri' });
    expect(mentionAt('mail me@example', 15)).toBeNull();
    expect(mentionAt('Hi @', 4)).toBeNull();
    expect(mentionAt('Hi @Ri there', 12)).toBeNull();
  });

  it('suggests the names with a word starting with the letters, without the reader', () => {
    const names = ['Riley Reader', 'Night Owl', 'Ada Lovelace', 'Rita Ray'];
    expect(suggestNames(names, 'r', 'Rita Ray')).toEqual(['Riley Reader']);
    expect(suggestNames(names, 'OW')).toEqual(['Night Owl']);
  });

  it('puts the name in place of the letters typed', () => {
    const text = 'Hi @Ri how are you';
    expect(insertMention(text, 6, { start: 3, query: 'Ri' }, 'Riley Reader')).toEqual({
      text: 'Hi @Riley Reader how are you',
      caret: 17,
    });
  });
});
