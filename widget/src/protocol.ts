import { isObject, isText } from './validate.js';

export const SHARE_MEDIA = ['EMAIL', 'FACEBOOK', 'TWITTER', 'LINKEDIN', 'SMS', 'WHATSAPP', 'DIRECT'] as const;
export type ShareMedium = (typeof SHARE_MEDIA)[number];

/** Messages a widget frame may post to the page (see widget/PROTOCOL.md). */
export type FrameMessage =
  | { type: 'height'; height: number; width?: number }
  | { type: 'close' | 'open' | 'ready' }
  | { type: 'shared'; shareMedium: ShareMedium }
  | { type: 'register'; email: string; firstName?: string | undefined; lastName?: string | undefined };

// The names of both directions, as listed in protocol.json (the protocol's one list of
// messages and fields, which the server's template script is tested against too; the widget's
// tests fail when these constants, parseFrameMessage or PROTOCOL.md disagree with it).
export const FRAME_MESSAGES = ['height', 'close', 'shared', 'open', 'register', 'ready'] as const satisfies readonly FrameMessage['type'][];
/** Messages the page posts to a frame. */
export const PAGE_MESSAGES = ['opened', 'document'] as const;
export type PageMessageType = (typeof PAGE_MESSAGES)[number];

const isSize = (x: unknown): x is number => typeof x == 'number' && x >= 0 && x <= 1e5;
const shortText = (x: unknown, max: number): x is string => isText(x) && x.length <= max;
const isName = (x: unknown): x is string | undefined => x === undefined || shortText(x, 100);

/** A checked copy of a frame's message, or null when it is not one of ours or malformed. */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  if (!isObject(data) || data.squatch !== 1) return null;
  const { type, height, width, shareMedium, email, firstName, lastName } = data;
  if (type === 'height' && isSize(height)) return { type, height, ...(isSize(width) && { width }) };
  if (type === 'close' || type === 'open' || type === 'ready') return { type };
  if (type === 'shared' && SHARE_MEDIA.includes(shareMedium as ShareMedium)) return { type, shareMedium: shareMedium as ShareMedium };
  if (type === 'register' && shortText(email, 254) && isName(firstName) && isName(lastName))
    return { type, email, firstName, lastName };
  return null;
}
