import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each(['/training', '/quiz/play?attempt_id=4', '/'])(
    'keeps the same-origin path %s',
    (path) => {
      expect(safeRedirect(path)).toBe(path);
    },
  );

  it.each([
    null,
    '',
    'training',
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
  ])('goes home instead of %j', (value) => {
    expect(safeRedirect(value)).toBe('/');
  });
});
