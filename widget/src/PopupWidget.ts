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

/** A closed popup in the page whose frame starts loading now, for a widget still on its way. */
export function bootPopup(): Boot {
  const boot = bootFrame();
  document.body.append(popupAround(boot[0]));
  return boot;
}

/** A modal over the page: a dimmed full-screen backdrop with the widget centred on it. */
export class PopupWidget extends Widget {
  declare readonly popupdiv: HTMLDivElement;
  declare readonly popupcontent: HTMLDivElement;
  declare trigger: string;

  constructor(params: WidgetParams, trigger = '.squatchpop') {
    super(params);
    const { frame } = this;
    // A booted frame already sits in its popup (bootPopup): moving a frame would reload it.
    const popupdiv = frame.parentElement?.parentElement ?? popupAround(frame);
    Object.assign(this, { trigger, popupdiv, popupcontent: frame.parentElement });
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
