import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const MODULE = new URL('./tick-shape.ts', import.meta.url).href;

/**
 * Run in a process of its own, with V8's natives (to compare hidden classes) and a garbage
 * collector it may call: the entry kept is held only weakly here, so it survives full
 * collections only if the module keeps it.
 */
const SCRIPT = `
const { keepTickShape } = await import(${JSON.stringify(MODULE)});
const { executionAsyncResource } = await import('node:async_hooks');
const entry = () => new Promise((resolve) => process.nextTick(() => resolve(executionAsyncResource())));
const pause = () => new Promise((resolve) => setTimeout(resolve, 1));
// Out of the module's own evaluation, which keeps every object a WeakRef was made with alive.
setTimeout(async () => {
  const kept = new WeakRef(await keepTickShape());
  const rounds = [];
  for (let i = 0; i < 3; i++) {
    await pause();
    globalThis.gc();
    const later = await entry();
    const held = kept.deref();
    rounds.push({ held: held !== undefined, sameShape: held !== undefined && %HaveSameMap(held, later) });
  }
  const held = kept.deref();
  console.log(JSON.stringify({
    keys: held && Object.keys(held),
    symbols: held && Object.getOwnPropertySymbols(held).length,
    rounds,
  }));
}, 1);
`;

describe('keepTickShape', () => {
  it('keeps a nextTick entry through full collections, in the shape of the entries made after them', () => {
    const output = execFileSync(
      process.execPath,
      [
        '--allow-natives-syntax',
        '--expose-gc',
        '--import',
        'tsx',
        '--input-type=module',
        '--eval',
        SCRIPT,
      ],
      { encoding: 'utf8' },
    );
    const report = JSON.parse(output.trim().split('\n').at(-1)!);
    // What Node's entry is made of (the literal with the two computed keys).
    expect(report.keys).toEqual(['callback', 'args']);
    expect(report.symbols).toBe(2);
    expect(report.rounds).toEqual(Array(3).fill({ held: true, sameShape: true }));
  });
});
