import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setUnauthorizedHandler } from '@/lib/api-client';

// Every render is wrapped in <StrictMode>, as main.tsx renders the app: effects run twice on
// mount, so a component that cannot stand it fails here rather than in development.
configure({ reactStrictMode: true });

beforeEach(() => {
  // jsdom does not scroll; the layout resets the scroll on each navigation.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  setUnauthorizedHandler(null);
  Reflect.deleteProperty(window, 'matchMedia');
  vi.useRealTimers();
});
