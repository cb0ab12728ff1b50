import { FRAME_BRIDGE } from './frameBridge.js';

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The one builder of the documents the library fills itself (error widget, registration
 * follow-up, CTA button): `body` inside the inner container, speaking the protocol through
 * FRAME_BRIDGE. `attributes` go on the container, `style` is its CSS.
 */
const frameDocument = (body: string, attributes = '', style = 'padding:16px;font:14px sans-serif;text-align:center;background:#fff'): string =>
  `<!DOCTYPE html><html lang="en"><style>body{margin:0}.squatch-container{${style}}.close{float:right;border:0;background:none;font-size:24px}</style>` +
  `<div class="squatch-container"${attributes}>${body}</div><script>${FRAME_BRIDGE}</script>`;

export const errorDocument = (rsCode: string, closable: boolean): string =>
  frameDocument(
    (closable ? '<button type="button" class="close" data-squatch-close aria-label="Close">&times;</button>' : '') +
      '<h4>Our referral program is temporarily unavailable.</h4>' +
      '<p>Please reload the page or check back later.</p>' +
      '<p>If the persists please contact our support team.</p>' +
      `<p>Error Code: ${escapeHtml(rsCode)}</p>`,
  );

/** Shown after the registration form was sent; its button asks the page to show the new widget. */
export const followUpDocument = (email: string, label: string): string =>
  frameDocument(
    `<p><strong>${escapeHtml(email)}</strong><br>Has been successfully registered</p><button type="button" data-squatch-open>${label}</button>`,
  );

/** The CTA frame: the template's #cta content, sized to fit; a click anywhere opens the popup. */
export const ctaDocument = (cta: string): string => frameDocument(cta, ' data-squatch-open', 'display:inline-block;cursor:pointer');
