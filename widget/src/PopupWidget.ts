import { log } from './log.js';
import { Widget, type WidgetParams } from './Widget.js';

/** Every element matching `selector` opens the popup; as in squatch-js the last widget bound wins. */
function bindTriggers(selector: string, onClick: () => void): void {
  try {
    document.querySelectorAll<HTMLElement>(selector).forEach((element) => (element.onclick = onClick));
  } catch (e) {
    log(e);
  }
}

/** A modal over the page: a dimmed full-screen backdrop with the widget centred on it. */
export class PopupWidget extends Widget {
  readonly popupdiv: HTMLDivElement;
  readonly popupcontent: HTMLDivElement;
  trigger: string;

  constructor(params: WidgetParams, trigger = '.squatchpop') {
    super(params);
    this.trigger = trigger;
    const div = (this.popupdiv = document.createElement('div'));
    div.setAttribute('role', 'dialog');
    div.setAttribute('aria-modal', 'true');
    // Closed: hidden and parked off-screen; 5% start padding until the content height is known.
    div.style.cssText =
      'position:fixed;z-index:2147483000;left:0;top:-2000px;width:100%;height:100%;box-sizing:border-box;' +
      'overflow:auto;visibility:hidden;padding-top:5%;background:#0006';
    this.popupcontent = document.createElement('div');
    this.popupcontent.style.cssText = 'margin:auto;width:80%;max-width:500px;position:relative';
    div.addEventListener('click', (event) => {
      if (event.target === div) this.close();
    });
  }

  load(): void {
    bindTriggers(this.trigger, () => this.open());
    this.popupcontent.appendChild(this.frame);
    this.popupdiv.appendChild(this.popupcontent);
    document.body.appendChild(this.popupdiv);
    this.write(this.content);
  }

  open(): void {
    this.popupdiv.style.visibility = 'visible';
    this.popupdiv.style.top = '0px';
    this.opened();
  }

  close(): void {
    this.isOpen = false;
    this.popupdiv.style.visibility = 'hidden';
    this.popupdiv.style.top = '-2000px';
  }

  /** Centred while the content fits in the window, else 5px from the top. */
  protected override resize(height: number): void {
    super.resize(height);
    const room = innerHeight - Math.ceil(height);
    this.popupdiv.style.paddingTop = room > 0 ? `${room / 2}px` : '5px';
  }
}
