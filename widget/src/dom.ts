/** A new element styled with `style`. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, style: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.style.cssText = style;
  return node;
}

/** The first element matching `selector`, or null; a selector the page got wrong finds nothing. */
export function find(selector: string): HTMLElement | null {
  try {
    return document.querySelector(selector);
  } catch {
    return null;
  }
}
