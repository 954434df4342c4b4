import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setUnauthorizedHandler } from '@/lib/api-client';

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
