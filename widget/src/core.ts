import { EmbedWidget } from './EmbedWidget.js';
import { bootFrame, onFrameMessage, writer } from './frame.js';
import { log } from './log.js';
import { PopupWidget } from './PopupWidget.js';
import { readReferralCookie } from './referralCookie.js';

/**
 * What the classic script shares with its chunks, as window.squatch._core: all a chunk may
 * import from a module it does not bundle (checked by widget/vite.config.ts).
 */
export const core = { PopupWidget, EmbedWidget, bootFrame, onFrameMessage, writer, log, readReferralCookie };
