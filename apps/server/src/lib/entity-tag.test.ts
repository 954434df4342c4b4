import { describe, expect, it } from 'vitest';
import { matchesTag } from './entity-tag';

describe('If-None-Match', () => {
  it('names the tag, weak or strong, alone or in a list, or any tag with *', () => {
    expect(matchesTag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesTag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesTag('"x", W/"abc" ', 'W/"abc"')).toBe(true);
    expect(matchesTag('*', 'W/"abc"')).toBe(true);
  });

  it('does not name another tag, nor a part of it', () => {
    expect(matchesTag(undefined, 'W/"abc"')).toBe(false);
    expect(matchesTag('', 'W/"abc"')).toBe(false);
    expect(matchesTag('W/"ab"', 'W/"abc"')).toBe(false);
    expect(matchesTag('abc', 'W/"abc"')).toBe(false);
  });
});
