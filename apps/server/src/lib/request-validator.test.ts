import { describe, expect, it } from 'vitest';
import { nulPath } from './request-validator';

describe('nulPath', () => {
  it('finds a NUL character in any text of a request, a key included, and nothing elsewhere', () => {
    expect(nulPath({ a: 'fine', b: [1, 'x', { c: 'y\0' }] })).toEqual(['b', 2, 'c']);
    expect(nulPath({ ['k\0']: 1 })).toEqual(['k\0']);
    expect(nulPath('\0')).toEqual([]);
    expect(nulPath({ a: 'fine', b: [1, null, { c: '\\u0000' }], d: true })).toBeUndefined();
  });
});
