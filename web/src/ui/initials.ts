/**
 * The spec's initials (section 3): the first letter of the first and last words, uppercased
 * ("Mary Ann Smith" → "MS"), in any script. A "letter" is what a reader sees as one character
 * (a grapheme: an accented or pointed letter, a flag, an emoji with its skin tone), so it is
 * never cut in half. The server's avatar image keeps the same rule
 * (server/masthead/identity/initials.py); initials.cases.json is the table both are tested on.
 */

// A word's initial is its first grapheme that starts with a letter, a number or an emoji and
// holds nothing but letters, numbers, marks and the parts of emoji sequences. Punctuation,
// symbols and format characters (a right-to-left mark before a name) are skipped.
const INITIAL = new RegExp(
  '^[\\p{L}\\p{N}\\p{Extended_Pictographic}\\p{Regional_Indicator}]' +
    '[\\p{L}\\p{M}\\p{N}\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u200c\\u200d\\u20e3' +
    '\\ufe00-\\ufe0f\\u{1f3fb}-\\u{1f3ff}\\u{e0020}-\\u{e007f}\\u{e0100}-\\u{e01ef}]*$',
  'u',
);
/** The server refuses longer graphemes (a letter buried under marks). */
const MAX_CODE_POINTS = 32;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

function isInitial(grapheme: string): boolean {
  return Array.from(grapheme).length <= MAX_CODE_POINTS && INITIAL.test(grapheme);
}

/** Uppercased, unless that would turn one character into two ("ß" → "SS"). */
function upper(grapheme: string): string {
  const result = grapheme.toUpperCase();
  return graphemes(result).length === 1 && isInitial(result) ? result : grapheme;
}

function wordInitial(word: string): string | undefined {
  const first = graphemes(word).find(isInitial);
  return first === undefined ? undefined : upper(first);
}

export function initialsOf(fullName: string | null | undefined): string {
  const letters = (fullName ?? '')
    .split(/\s+/u)
    .map(wordInitial)
    .filter((letter): letter is string => letter !== undefined);
  const first = letters[0];
  if (first === undefined) return '';
  return letters.length > 1 ? `${first}${letters[letters.length - 1]}` : first;
}
