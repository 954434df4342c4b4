import { describe, expect, it } from 'vitest';
import { medianPair } from './lib.mjs';

/** A run of `rps` requests a second. */
const run = (/** @type {number} */ rps) => ({ rps, p50: 1, p99: 2, requests: rps, errors: 0 });
const pair = (/** @type {number} */ rps, /** @type {number} */ bare) => ({
  figures: run(rps),
  bare: run(bare),
  ratio: rps / bare,
});

describe('medianPair', () => {
  it('keeps the pair of the median ratio, not of the median req/s, with every ratio', () => {
    // The machine slowed down for the second pair: its req/s is the lowest, its ratio the highest.
    const paired = medianPair([pair(20_000, 40_000), pair(12_000, 20_000), pair(19_000, 40_000)]);
    expect(paired.figures.rps).toBe(20_000);
    expect(paired.bare.rps).toBe(40_000);
    expect(paired.ratios).toEqual([0.475, 0.5, 0.6]);
  });

  it('takes the lower middle pair of an even count, and refuses none', () => {
    expect(medianPair([pair(3, 10), pair(1, 10)]).figures.rps).toBe(1);
    expect(() => medianPair([])).toThrow('No pair was measured.');
  });
});
