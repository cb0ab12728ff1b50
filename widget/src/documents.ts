import { FRAME_BRIDGE } from './frameBridge.js';

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A whole document for a frame the library fills itself, speaking the protocol through FRAME_BRIDGE. */
export const frameDocument = (body: string, style = 'padding:16px;font:14px sans-serif;text-align:center;background:#fff'): string =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><style>body{margin:0}.squatch-container{${style}}` +
  `.close{float:right;border:0;background:none;font-size:24px}</style></head><body>${body}<script>${FRAME_BRIDGE}</script></body></html>`;

export const errorDocument = (rsCode: string, closable: boolean): string =>
  frameDocument(
    '<div class="squatch-container">' +
      (closable ? '<button type="button" class="close" data-squatch-close aria-label="Close">&times;</button>' : '') +
      '<h4>Our referral program is temporarily unavailable.</h4>' +
      '<p>Please reload the page or check back later.</p>' +
      '<p>If the persists please contact our support team.</p>' +
      `<p>Error Code: ${escapeHtml(rsCode)}</p></div>`,
  );

/** Shown after the registration form was sent; its button asks the page to show the new widget. */
export const followUpDocument = (email: string, label: string): string =>
  frameDocument(
    `<div class="squatch-container squatch-register"><p><strong>${escapeHtml(email)}</strong><br>` +
      `Has been successfully registered</p><button type="button" data-squatch-open>${label}</button></div>`,
  );

/** The CTA frame: the template's #cta content, sized to fit; a click anywhere opens the popup. */
export const ctaDocument = (cta: string): string =>
  frameDocument(`<div class="squatch-container" data-squatch-open>${cta}</div>`, 'display:inline-block;cursor:pointer');
