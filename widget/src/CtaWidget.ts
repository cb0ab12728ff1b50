import { ctaStyle, type CtaPlacement } from './cta.js';
import { ctaDocument } from './documents.js';
import { bootFrame, onFrameMessage, writer } from './frame.js';
import { log } from './log.js';
import { PopupWidget } from './PopupWidget.js';
import type { WidgetParams } from './Widget.js';

/** A floating button (the template's #cta element) in its own frame; clicking it opens the popup. */
export class CtaWidget extends PopupWidget {
  declare readonly ctaFrame: HTMLIFrameElement;
  declare private _cta: string | null;
  declare private _ctaBoot: Promise<boolean>;

  constructor(params: WidgetParams, placement: CtaPlacement, cta: string | null, trigger?: string) {
    super(params, trigger);
    // Invisible and click-through until its size is known; not display:none, because browsers
    // do not lay out hidden cross-origin frames, so the size would never be reported.
    const [ctaFrame, booted] = bootFrame(`position:fixed;z-index:2147482999;opacity:0;pointer-events:none;${ctaStyle(placement)}`);
    Object.assign(this, { ctaFrame, _cta: cta, _ctaBoot: booted });
    onFrameMessage(ctaFrame, (message) => {
      if (message.type == 'open') this.open();
      if (message.type != 'height') return;
      ctaFrame.height = String(Math.ceil(message.height));
      ctaFrame.width = String(Math.ceil(message.width ?? 0));
      Object.assign(ctaFrame.style, { opacity: '1', pointerEvents: 'auto' });
    });
  }

  override load(): void {
    super.load();
    const { ctaFrame, _cta: cta } = this;
    if (cta == null) return log(Error('CTA element not found in theme'));
    void this._ctaBoot.then(writer(ctaFrame, ctaDocument(cta)));
    document.body.append(ctaFrame);
  }
}
