import { find } from './dom.js';
import { fail } from './validate.js';
import { Widget, type WidgetParams } from './Widget.js';

function findContainer(container: unknown): HTMLElement {
  if (container instanceof HTMLElement) return container;
  if (container != null && typeof container != 'string') fail('container must be an HTMLElement or string');
  // By default the first of #squatchembed, then of .squatchembed.
  return (
    (container ? find(container) : find('#squatchembed') || find('.squatchembed')) ??
    fail(`element with selector '${container || '#squatchembed, .squatchembed'}' not found.`)
  );
}

/** The widget inline in a container of the page. */
export class EmbedWidget extends Widget {
  declare element: HTMLElement;

  constructor(params: WidgetParams, container?: HTMLElement | string) {
    super(params);
    this.element = findContainer(container);
  }

  load(): void {
    // A container named by the caller stays collapsed until open(), as in squatch-js.
    if (this.context.container) this.close();
    else this._analytics('loaded');
    this._write(this.content);
    this.element.replaceChildren(this.frame);
  }

  open(): void {
    this._show('visible', 'auto', 'auto');
    this._opened();
  }

  close(): void {
    this._isOpen = false;
    this._show('hidden', '0', 'hidden');
  }

  private _show(visibility: string, height: string, overflowY: string): void {
    Object.assign(this.element.style, { visibility, height, overflowY });
  }
}
