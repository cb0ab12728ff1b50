let enabled = false;

/** init() switches this on for "test…" tenants or debug: true, off otherwise. */
export function setDebug(on: boolean): void {
  enabled = on;
}

export function log(...args: unknown[]): void {
  if (enabled) console.debug('squatch-js', ...args);
}
