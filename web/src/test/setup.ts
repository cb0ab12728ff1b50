import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';

// jsdom has no matchMedia; components that ask get "desktop" unless a test stubs it.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Lazy screens load their chunks on a shared, busy machine: give findBy/waitFor 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 });
