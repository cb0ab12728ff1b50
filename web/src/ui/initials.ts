/** First letter of the first and last words of a name, uppercased ("Mary Ann Smith" → "MS"). */
export function initialsOf(fullName: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (word: string | undefined) => (word ? (Array.from(word)[0] ?? '') : '');
  return `${letter(first)}${letter(last)}`.toUpperCase();
}
