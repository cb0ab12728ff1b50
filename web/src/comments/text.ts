/**
 * A comment's body as parts to render: its lines, and each http(s) address in them as a link
 * showing itself. Pure: the client renders the parts as React text and anchors, so nothing a
 * reader types is ever parsed as markup (no dangerouslySetInnerHTML anywhere in the client).
 * "javascript:alert(1)" is not an http(s) address, so it stays text.
 */
export type BodyPart = { kind: 'text'; text: string } | { kind: 'link'; href: string; text: string } | { kind: 'break' };

const LINK = /https?:\/\/[^\s<>"]+/g;
const TRAILING = /[.,;:!?)\]'"]+$/; // sentence punctuation after an address is not part of it

function httpUrl(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function bodyParts(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  const text = (value: string) => {
    const last = parts[parts.length - 1];
    if (last?.kind === 'text') last.text += value;
    else if (value) parts.push({ kind: 'text', text: value });
  };
  body.split('\n').forEach((line, index) => {
    if (index) parts.push({ kind: 'break' });
    let at = 0;
    for (const match of line.matchAll(LINK)) {
      const address = match[0].replace(TRAILING, '');
      const start = match.index ?? 0;
      text(line.slice(at, start));
      const href = httpUrl(address);
      if (href) parts.push({ kind: 'link', href, text: address });
      else text(address);
      at = start + address.length;
    }
    text(line.slice(at));
  });
  return parts;
}

/** Black or white initials, whichever reads better on the reader's chosen colour. */
export function inkOn(colour: string): string {
  const channel = (i: number) => {
    const c = parseInt(colour.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5) > 0.179 ? '#000' : '#fff';
}

export const COLOUR = /^#[0-9a-f]{6}$/i;

/** The server counts a body's characters after trimming, as Python does: by code point. */
export function commentLength(body: string): number {
  return [...body.trim()].length;
}
