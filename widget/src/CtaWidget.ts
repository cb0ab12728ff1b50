import { ctaStyle, type CtaPlacement } from './cta.js';
import { ctaDocument } from './documents.js';
import { createFrame, onFrameMessage } from './frame.js';
import { log } from './log.js';
import { PopupWidget } from './PopupWidget.js';
import type { WidgetParams } from './Widget.js';

/** A floating button (the template's #cta element) in its own frame; clicking it opens the popup. */
export class CtaWidget extends PopupWidget {
  readonly ctaFrame: HTMLIFrameElement;
  readonly #cta: string | null;

  constructor(params: WidgetParams, placement: CtaPlacement, cta: string | null, trigger?: string) {
    super(params, trigger);
    this.#cta = cta;
    // Invisible and click-through until its size is known; not display:none, because browsers
    // do not lay out hidden cross-origin frames, so the size would never be reported.
    const frame = (this.ctaFrame = createFrame(
      `border:0;background-color:transparent;position:fixed;z-index:2147482999;opacity:0;pointer-events:none;${ctaStyle(placement)}`,
    ));
    onFrameMessage(frame, (message) => {
      if (message.type === 'open') this.open();
      if (message.type !== 'height') return;
      frame.height = String(Math.ceil(message.height));
      frame.width = String(Math.ceil(message.width ?? 0));
      frame.style.opacity = '1';
      frame.style.pointerEvents = 'auto';
    });
  }

  override load(): void {
    super.load();
    if (this.#cta === null) return log(new Error('CTA element not found in theme'));
    document.body.appendChild(this.ctaFrame);
    this.ctaFrame.srcdoc = ctaDocument(this.#cta);
  }
}
