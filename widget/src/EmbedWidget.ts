import { Widget, type WidgetParams } from './Widget.js';

function findContainer(container: unknown): HTMLElement {
  if (container instanceof HTMLElement) return container;
  if (container != null && typeof container !== 'string') throw new Error('container must be an HTMLElement or string');
  const selector = container || '#squatchembed, .squatchembed';
  let element: Element | null = null;
  try {
    // By default the first of #squatchembed, then of .squatchembed.
    element = container ? document.querySelector(selector) : document.querySelector('#squatchembed') || document.querySelector('.squatchembed');
  } catch {
    // An invalid selector finds nothing.
  }
  if (!(element instanceof HTMLElement)) throw new Error(`element with selector '${selector}' not found.`);
  return element;
}

/** The widget inline in a container of the page. */
export class EmbedWidget extends Widget {
  readonly element: HTMLElement;

  constructor(params: WidgetParams, container?: HTMLElement | string) {
    super(params);
    this.element = findContainer(container);
  }

  load(): void {
    // A container named by the caller stays collapsed until open(), as in squatch-js.
    if (this.context.container) this.close();
    else this.analytics('loaded');
    this.element.replaceChildren(this.frame);
    this.write(this.content);
  }

  open(): void {
    this.#show('visible', 'auto');
    this.opened();
  }

  close(): void {
    this.isOpen = false;
    this.#show('hidden', '0');
  }

  #show(visibility: string, height: string): void {
    Object.assign(this.element.style, { visibility, height, overflowY: visibility === 'hidden' ? 'hidden' : 'auto' });
  }
}
