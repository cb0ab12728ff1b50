/**
 * The slug a headline suggests, pure: its letters and digits, lowercased and without accents,
 * words joined by hyphens. The server's articles/rules.py suggest_slug does the same (the
 * tests of both share their cases), and checks every slug whatever the editor typed.
 */

export const SLUG_MAX = 120;
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function suggestSlug(headline: string): string {
  const plain = headline
    .normalize('NFKD')
    .replace(/[^\x00-\x7f]/g, '')
    .toLowerCase()
    .replace(/'/g, '');
  const words = plain.match(/[a-z0-9]+/g) ?? [];
  return words.join('-').slice(0, SLUG_MAX).replace(/^-+|-+$/g, '');
}
