/** A value the islands share, read with useSyncExternalStore: get, subscribe, set. */
export interface Store<T> {
  get: () => T;
  subscribe: (listener: () => void) => () => void;
  set: (value: T) => void;
}

export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value) {
      state = value;
      for (const listener of listeners) listener();
    },
  };
}
