/** What the moderators' screens call things: pure, so the tests can hold them to it. */

/** Why pre-moderation held a comment (the server's held_reason), as a sentence. */
export const HELD_REASONS: Record<string, string> = {
  all: 'Every comment on this site waits for a moderator.',
  'first-comment': 'The author’s first comment: new commenters wait for a moderator.',
  'suspect-word': 'It holds a word on the suspect list.',
  link: 'It holds a link.',
  repeated: 'The author posted the same text before.',
};

export function heldText(reason: string | null): string {
  if (reason === null) return 'Held for a moderator.';
  return HELD_REASONS[reason] ?? `Held: ${reason}.`;
}

export const REPORT_REASONS: Record<string, string> = {
  spam: 'Spam',
  abuse: 'Abuse',
  harassment: 'Harassment',
  misinformation: 'Misinformation',
  other: 'Other',
};

export function reportReason(reason: string): string {
  return REPORT_REASONS[reason] ?? reason;
}

export const WHO_MAY_COMMENT = [
  { value: 'signed-in', label: 'Signed-in readers' },
  { value: 'members', label: 'Members only' },
  { value: 'nobody', label: 'Nobody: comments are closed' },
] as const;

export const PREMODERATION = [
  { value: 'none', label: 'None: comments appear at once' },
  { value: 'first-comments', label: 'First comments of new commenters' },
  { value: 'all', label: 'Every comment' },
] as const;

/** How long a ban lasts: days, or null until a moderator lifts it. */
export const BAN_LENGTHS = [
  { value: '1', label: '1 day', days: 1 },
  { value: '7', label: '7 days', days: 7 },
  { value: '30', label: '30 days', days: 30 },
  { value: 'lifted', label: 'Until a moderator lifts it', days: null },
] as const;

export const BAN_REASON_LIMIT = 500;
export const WORD_LIMIT = 64;

export const LIST_TEXTS = {
  banned: { title: 'Banned words', hint: 'Refused wherever readers write: comments, display names and bios.' },
  suspect: { title: 'Suspect words', hint: 'A comment holding one waits for a moderator.' },
  allowed: { title: 'Allowed words', hint: 'Never refused, even when the built-in list would refuse them.' },
} as const;

/** The word as the server keeps it (trimmed, lowercase, single spaces), or why it cannot be added. */
export function checkWord(raw: string): { word: string } | { error: string } {
  const word = raw.trim().split(/\s+/).join(' ').toLowerCase();
  if (word === '') return { error: 'Type the word or phrase to add.' };
  if (word.length > WORD_LIMIT) return { error: `At most ${WORD_LIMIT} characters; this has ${word.length}.` };
  if (word.includes('/')) return { error: 'A word or phrase cannot hold a slash (/).' };
  return { word };
}
