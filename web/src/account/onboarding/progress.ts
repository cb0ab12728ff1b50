/**
 * Which onboarding steps this reader has continued or skipped, kept in local storage per
 * reader (the profile has no field for it; only `onboarded` is kept on the server), so the
 * reader can leave and pick up where they left off on this browser.
 */

const PREFIX = 'masthead-onboarding:';

function keyOf(reader: string | null): string {
  return `${PREFIX}${reader ?? 'anonymous'}`;
}

export function readDone(reader: string | null, storage: Storage | undefined = globalThis.localStorage): Set<string> {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(keyOf(reader)) ?? '[]');
    return new Set(Array.isArray(raw) ? raw.filter((step): step is string => typeof step === 'string') : []);
  } catch {
    return new Set(); // unreadable or blocked storage: start from the beginning
  }
}

export function writeDone(reader: string | null, done: ReadonlySet<string>, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(keyOf(reader), JSON.stringify([...done]));
  } catch {
    // Storage full or blocked: the steps still work, only resuming forgets
  }
}

export function forgetDone(reader: string | null, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.removeItem(keyOf(reader));
  } catch {
    // as above
  }
}
