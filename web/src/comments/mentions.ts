/**
 * @mentions in the composer: "@" and letters just before the caret ask for suggestions, the
 * display names of the thread's commenters whose name (or a word of it) starts with those
 * letters. Picking one puts "@Display Name " in their place; the server notifies that reader.
 */
export interface MentionQuery {
  /** Where the "@" is in the text. */
  start: number;
  /** The letters typed after it. */
  query: string;
}

const TYPED = /(?:^|\s)@(\p{L}[\p{L}\p{M}'-]*)$/u;
export const MAX_SUGGESTIONS = 5;

export function mentionAt(text: string, caret: number): MentionQuery | null {
  const match = TYPED.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1]!;
  return { start: caret - query.length - 1, query };
}

export function suggestNames(names: Iterable<string>, query: string, exclude: string | null = null): string[] {
  const wanted = query.toLocaleLowerCase();
  const found: string[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.toLocaleLowerCase();
    if (seen.has(key) || name === exclude) continue;
    seen.add(key);
    if (key.split(/\s+/).some((word) => word.startsWith(wanted))) found.push(name);
    if (found.length === MAX_SUGGESTIONS) break;
  }
  return found;
}

/** The text with the mention typed so far replaced by the name, and the caret after it. */
export function insertMention(text: string, caret: number, at: MentionQuery, name: string): { text: string; caret: number } {
  const mention = `@${name} `;
  const rest = text.slice(caret).replace(/^ /, '');
  return { text: text.slice(0, at.start) + mention + rest, caret: at.start + mention.length };
}
