import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// screens load their code on demand; on a busy 2-core CI machine the first render of one can
// take seconds, so findBy*/waitFor wait up to 10 s (they return as soon as the UI is there)
configure({ asyncUtilTimeout: 10_000 });

// vitest runs without globals, so Testing Library's automatic cleanup must be registered here
afterEach(() => cleanup());

// jsdom has no ResizeObserver; Radix primitives (Switch inside a form) measure with it
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver =
    ResizeObserverStub;
}
