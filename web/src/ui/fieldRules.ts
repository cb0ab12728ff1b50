/** Texts and counts shared by the forms' fields. */

const count = new Intl.NumberFormat('en-US');

/** Characters as the server counts them (code points): an emoji is one, not two UTF-16 units. */
export function characterCount(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}

/** Shown with a field before anything is typed, so the limit is known before it is reached. */
export function limitHint(max: number): string {
  return `Up to ${count.format(max)} characters.`;
}

/** What is wrong and how to fix it, once the text is too long. */
export function tooLongMessage(label: string, max: number, length: number): string {
  return `${label} can be at most ${count.format(max)} characters; it has ${count.format(length)}. Please shorten it.`;
}

/** Spec section 8: 'The {field} field is invalid.' or 'The following fields are invalid: {list}'. */
export function invalidFieldsMessage(labels: readonly string[]): string | null {
  if (labels.length === 0) return null;
  if (labels.length === 1) return `The ${labels[0]} field is invalid.`;
  return `The following fields are invalid: ${labels.join(', ')}`;
}
