import { element } from './dom.js';
import { bootFrame, type Boot } from './frame.js';
import { log } from './log.js';
import { Widget, type WidgetParams } from './Widget.js';

/**
 * The popup around `frame`: a dimmed full-screen backdrop, closed (hidden and parked
 * off-screen, 5% start padding until the content height is known), and the centred content area.
 */
function popupAround(frame: HTMLIFrameElement): HTMLDivElement {
  const div = element(
    'div',
    'position:fixed;z-index:2147483000;left:0;top:-2000px;width:100%;height:100%;box-sizing:border-box;' +
      'overflow:auto;visibility:hidden;padding-top:5%;background:#0006',
  );
  const content = element('div', 'margin:auto;width:80%;max-width:500px;position:relative');
  div.setAttribute('role', 'dialog');
  div.setAttribute('aria-modal', 'true');
  content.append(frame);
  div.append(content);
  return div;
}

/**
 * A popup booted before any widget asked for one (warmPopup), which the next popup takes;
 * null once a popup was asked for: the page needs none ahead any more.
 */
let spare: Boot | null | undefined;

/** A closed popup in the page whose frame has started loading, for a widget still on its way. */
export function bootPopup(boot = spare): Boot {
  spare = null;
  if (!boot) document.body.append(popupAround((boot = bootFrame())[0]));
  return boot;
}

/**
 * On a page with a popup trigger, starts a popup's frame (its boot document) before any
 * widget is asked for, so a reader's click does not wait for it (PROTOCOL.md).
 */
export function warmPopup(): unknown {
  return spare === undefined && document.querySelector('.squatchpop') && (spare = bootPopup());
}

/** A modal over the page: a dimmed full-screen backdrop with the widget centred on it. */
export class PopupWidget extends Widget {
  declare popupdiv: HTMLDivElement;
  declare popupcontent: HTMLDivElement;
  declare trigger: string;

  constructor(params: WidgetParams, trigger = '.squatchpop') {
    // A popup made by hand (a page's own PopupWidget or CtaWidget) takes the warm one too.
    super({ boot: spare ? bootPopup() : undefined, ...params });
    const { frame } = this;
    // A booted frame already sits in its popup (bootPopup): moving a frame would reload it.
    const popupdiv = (frame.parentElement?.parentElement ?? popupAround(frame)) as HTMLDivElement;
    this.trigger = trigger;
    this.popupdiv = popupdiv;
    this.popupcontent = frame.parentElement as HTMLDivElement;
    popupdiv.onclick = (event) => event.target == popupdiv && this.close();
  }

  load(): void {
    // Every matching element opens the popup; as in squatch-js the last widget bound wins.
    try {
      document.querySelectorAll<HTMLElement>(this.trigger).forEach((trigger) => (trigger.onclick = () => this.open()));
    } catch (e) {
      log(e);
    }
    this._write(this.content);
    if (!this.popupdiv.isConnected) document.body.append(this.popupdiv);
  }

  open(): void {
    this._show('visible', '0px');
    this._opened();
  }

  close(): void {
    this._isOpen = false;
    this._show('hidden', '-2000px');
  }

  private _show(visibility: string, top: string): void {
    Object.assign(this.popupdiv.style, { visibility, top });
  }

  /** Centred while the content fits in the window, else 5px from the top. */
  protected override _resize(height: number): void {
    super._resize(height);
    const room = innerHeight - Math.ceil(height);
    this.popupdiv.style.paddingTop = room > 0 ? `${room / 2}px` : '5px';
  }
}
