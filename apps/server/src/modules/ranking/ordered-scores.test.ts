import { describe, expect, it } from 'vitest';
import { OrderedScores } from './ordered-scores';

/** The obvious way: count by scanning. */
const naive = (scores: number[], value: number) => scores.filter((s) => s > value).length;

function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('OrderedScores', () => {
  it('counts the scores above a value, ties included, as a scan would', () => {
    const scores = [0, 0, 0, 250, 500, 500, 1200, 90_000];
    const index = new OrderedScores(scores);
    for (const value of [-1, 0, 1, 250, 499, 500, 1199, 1200, 90_000, 1e9]) {
      expect(index.countAbove(value), String(value)).toBe(naive(scores, value));
    }
    expect(index.size).toBe(scores.length);
  });

  it('stays right through thousands of adds and removes across block splits and merges', () => {
    const next = random(42);
    const scores: number[] = [];
    const index = new OrderedScores();
    for (let step = 0; step < 20_000; step++) {
      if (scores.length > 0 && next() < 0.4) {
        const at = Math.floor(next() * scores.length);
        const [value] = scores.splice(at, 1);
        expect(index.remove(value!)).toBe(true);
      } else {
        const value = Math.floor(next() * 3000) * 50;
        scores.push(value);
        index.add(value);
      }
      if (step % 997 === 0) {
        for (const probe of [-1, 0, 50, 12_345, 74_950, 150_000]) {
          expect(index.countAbove(probe)).toBe(naive(scores, probe));
        }
      }
    }
    expect(index.size).toBe(scores.length);
    expect(index.remove(-5)).toBe(false);
  });

  it('stays right as thousands of distinct scores split blocks and are all removed again', () => {
    const next = random(11);
    const scores = Array.from({ length: 6000 }, () => Math.floor(next() * 1_000_000));
    const index = new OrderedScores();
    for (const value of scores) index.add(value);
    const check = (left: number[]) => {
      for (const probe of [-1, 0, 999, 250_000, 500_000, 999_999, 1_000_000]) {
        expect(index.countAbove(probe)).toBe(naive(left, probe));
      }
      for (const value of left.slice(0, 20)) {
        expect(index.countAbove(value)).toBe(naive(left, value));
        expect(index.countAbove(value - 1)).toBe(naive(left, value - 1));
      }
    };
    check(scores);
    const left = [...scores];
    while (left.length > 0) {
      const [value] = left.splice(Math.floor(next() * left.length), 1);
      expect(index.remove(value!)).toBe(true);
      if (left.length % 500 === 0) check(left);
    }
    expect(index.size).toBe(0);
    expect(index.countAbove(-1)).toBe(0);
    index.add(5);
    expect(index.countAbove(4)).toBe(1);
    // A score no one holds any more is gone, even below a score still held.
    index.add(9);
    expect(index.remove(5)).toBe(true);
    expect(index.remove(5)).toBe(false);
    expect(index.countAbove(4)).toBe(1);
    expect(index.size).toBe(1);
  });

  it('is built from a large list at once', () => {
    const next = random(7);
    const scores = Array.from({ length: 100_000 }, () => Math.floor(next() * 1_000_000));
    const index = new OrderedScores(scores);
    const sorted = [...scores].sort((a, b) => b - a);
    expect(index.countAbove(sorted[0]!)).toBe(0);
    expect(index.countAbove(sorted[50_000]!)).toBe(naive(scores, sorted[50_000]!));
  });
});
