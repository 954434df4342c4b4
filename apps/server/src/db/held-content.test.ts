import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Executor } from './database';
import { CONTENT_TTL_MS, forgetContent, heldContent } from './held-content';

afterEach(() => vi.useRealTimers());

/** A held read of a counter: each read of the database gives the next value. */
function counting() {
  let reads = 0;
  let fail = false;
  const content = heldContent(async () => {
    reads += 1;
    if (fail) throw new Error('The database is down.');
    return { version: reads };
  });
  return { content, reads: () => reads, failing: (value: boolean) => (fail = value) };
}

// Any object serves as the database: content is held by it, never read from it here.
const db = {} as Executor;

describe('heldContent', () => {
  it('peeks at nothing before a read has settled, then at the value every read answers', async () => {
    const { content, reads } = counting();
    expect(content.peek(db)).toBeUndefined();
    const reading = content(db);
    expect(content.peek(db)).toBeUndefined();
    const value = await reading;
    expect(content.peek(db)).toBe(value);
    expect(await content(db)).toBe(value);
    expect(reads()).toBe(1);
  });

  it('peeks at nothing once the content is forgotten or too old, until it is read again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { content, reads } = counting();
    await content(db);
    forgetContent(db);
    expect(content.peek(db)).toBeUndefined();
    const again = await content(db);
    expect(again).toEqual({ version: 2 });
    expect(content.peek(db)).toBe(again);

    vi.setSystemTime(Date.now() + CONTENT_TTL_MS);
    expect(content.peek(db)).toBeUndefined();
    expect(await content(db)).toEqual({ version: 3 });
    expect(reads()).toBe(3);
  });

  it('holds nothing of a read that failed: the next read goes to the database', async () => {
    const { content, reads, failing } = counting();
    failing(true);
    await expect(content(db)).rejects.toThrow('The database is down.');
    expect(content.peek(db)).toBeUndefined();
    failing(false);
    expect(await content(db)).toEqual({ version: 2 });
    expect(reads()).toBe(2);
  });

  it('holds content for each database apart', async () => {
    const { content } = counting();
    const other = {} as Executor;
    const mine = await content(db);
    expect(content.peek(other)).toBeUndefined();
    expect(await content(other)).not.toBe(mine);
  });
});
