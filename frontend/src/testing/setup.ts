import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetAnalyticsForTests } from '../lib/analytics';
// the toast store, which the providers load after their first render: loaded here, so a test that ends at
// once does not leave that import running past the end of its file
import '@mantine/notifications';

// a page's first render in a test file loads its lazy route and Mantine's modules: allow it time on a busy machine
configure({ asyncUtilTimeout: 4000 });

// jsdom lacks the browser APIs Mantine relies on
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = (() => {}) as typeof window.scrollTo;

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

beforeEach(() => {
  resetAnalyticsForTests();
  localStorage.clear();
  // the analytics module warns once when no measurement id is set; keep test output clean
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  // the test files share a module graph per worker (isolate: false): the notifications store is global
  notifications.clean();
});
