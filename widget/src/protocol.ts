import { isObject, isText } from './validate.js';

export const SHARE_MEDIA = ['EMAIL', 'FACEBOOK', 'TWITTER', 'LINKEDIN', 'SMS', 'WHATSAPP', 'DIRECT'] as const;
export type ShareMedium = (typeof SHARE_MEDIA)[number];

/** Messages a widget frame may post to the page (see widget/PROTOCOL.md). */
export type FrameMessage =
  | { type: 'height'; height: number; width?: number }
  | { type: 'close' }
  | { type: 'open' }
  | { type: 'shared'; shareMedium: ShareMedium }
  | { type: 'open-url'; url: string }
  | { type: 'register'; email: string; firstName?: string | undefined; lastName?: string | undefined };

const MAX_PX = 100000;
const isSize = (x: unknown): x is number => typeof x === 'number' && x >= 0 && x <= MAX_PX;
const shortText = (x: unknown, max: number): x is string => isText(x) && x.length <= max;

function httpUrl(x: unknown): string | null {
  if (!shortText(x, 2048)) return null;
  try {
    const url = new URL(x);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A checked copy of a frame's message, or null when it is not one of ours or malformed. */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  if (!isObject(data) || data.squatch !== 1) return null;
  switch (data.type) {
    case 'height':
      if (!isSize(data.height)) return null;
      return isSize(data.width)
        ? { type: 'height', height: data.height, width: data.width }
        : { type: 'height', height: data.height };
    case 'close':
    case 'open':
      return { type: data.type };
    case 'shared': {
      const medium = SHARE_MEDIA.find((m) => m === data.shareMedium);
      return medium ? { type: 'shared', shareMedium: medium } : null;
    }
    case 'open-url': {
      const url = httpUrl(data.url);
      return url ? { type: 'open-url', url } : null;
    }
    case 'register': {
      const { email, firstName, lastName } = data;
      const name = (x: unknown): x is string | undefined => x === undefined || shortText(x, 100);
      return shortText(email, 254) && name(firstName) && name(lastName) ? { type: 'register', email, firstName, lastName } : null;
    }
    default:
      return null;
  }
}
