import { describe, expect, it } from 'vitest';
import { HeldReads, HeldReadsHub } from './held-reads';

type Row = { id: number; points: number };

function setup(options: { ttlMs?: number; capacity?: number } = {}) {
  let now = 0;
  let hearing = true;
  const cache = new HeldReads<number, Row>(
    () => hearing,
    (row) => row.id,
    { now: () => now, ttlMs: options.ttlMs ?? 1000, capacity: options.capacity ?? 100 },
  );
  const rows = new Map<number, Row>();
  let reads = 0;
  const read = (tokenId: number) =>
    cache.read(tokenId, async () => {
      reads++;
      const row = rows.get(tokenId);
      return row && { ...row };
    });
  return {
    cache,
    rows,
    read,
    reads: () => reads,
    advance: (ms: number) => (now += ms),
    setHearing: (value: boolean) => (hearing = value),
  };
}

describe('HeldReads', () => {
  it('serves a token read once without reading it again', async () => {
    const t = setup();
    t.rows.set(1, { id: 7, points: 10 });
    expect(await t.read(1)).toEqual({ id: 7, points: 10 });
    t.rows.set(1, { id: 7, points: 99 });
    expect(await t.read(1)).toEqual({ id: 7, points: 10 });
    expect(t.reads()).toBe(1);
  });

  it("reads again once a change to the token's user is heard, and keeps other users' tokens", async () => {
    const t = setup();
    t.rows.set(1, { id: 7, points: 10 });
    t.rows.set(2, { id: 8, points: 20 });
    await t.read(1);
    await t.read(2);
    t.rows.set(1, { id: 7, points: 15 });
    t.cache.changed(7);
    expect(await t.read(1)).toEqual({ id: 7, points: 15 });
    expect(await t.read(2)).toEqual({ id: 8, points: 20 });
    expect(t.reads()).toBe(3);
  });

  it('refuses a token deleted since it was read', async () => {
    const t = setup();
    t.rows.set(1, { id: 7, points: 10 });
    await t.read(1);
    t.rows.delete(1);
    t.cache.changed(7);
    expect(await t.read(1)).toBeUndefined();
  });

  it('reads everything again after a reset (a store changed, or changes went unheard)', async () => {
    const t = setup();
    t.rows.set(1, { id: 7, points: 10 });
    t.rows.set(2, { id: 8, points: 20 });
    await t.read(1);
    await t.read(2);
    t.cache.reset();
    expect(t.cache.size).toBe(0);
    await t.read(1);
    await t.read(2);
    expect(t.reads()).toBe(4);
  });

  it('neither serves nor keeps anything while changes are not heard', async () => {
    const t = setup();
    t.rows.set(1, { id: 7, points: 10 });
    await t.read(1);
    t.setHearing(false);
    t.rows.set(1, { id: 7, points: 11 });
    expect(await t.read(1)).toEqual({ id: 7, points: 11 });
    expect(await t.read(1)).toEqual({ id: 7, points: 11 });
    expect(t.reads()).toBe(3);
  });

  it('does not keep a read that began before a change to its user was heard', async () => {
    const t = setup();
    t.rows.set(1, { id: 7, points: 10 });
    // The read is answered with the row as it was, and the change is heard before the answer.
    const stale = t.cache.read(1, async () => {
      const before = { ...t.rows.get(1)! };
      t.rows.set(1, { id: 7, points: 50 });
      t.cache.changed(7);
      return before;
    });
    expect(await stale).toEqual({ id: 7, points: 10 });
    expect(await t.read(1)).toEqual({ id: 7, points: 50 });
  });

  it('does not keep a read that began before a reset', async () => {
    const t = setup();
    t.rows.set(1, { id: 7, points: 10 });
    await t.cache.read(1, async () => {
      t.cache.reset();
      return { id: 7, points: 10 };
    });
    expect(t.cache.size).toBe(0);
  });

  it('does not keep a read that began before the record of changes was emptied', async () => {
    const t = setup({ capacity: 2 });
    await t.cache.read(1, async () => {
      for (const user of [1, 2, 3]) t.cache.changed(user);
      return { id: 7, points: 10 };
    });
    expect(t.cache.size).toBe(0);
  });

  it('reads a token again once it has been held for the time to live', async () => {
    const t = setup({ ttlMs: 1000 });
    t.rows.set(1, { id: 7, points: 10 });
    await t.read(1);
    t.advance(999);
    await t.read(1);
    expect(t.reads()).toBe(1);
    t.advance(1);
    t.rows.set(1, { id: 7, points: 12 });
    expect(await t.read(1)).toEqual({ id: 7, points: 12 });
    expect(t.reads()).toBe(2);
  });

  it('holds at most its capacity, dropping the oldest read first', async () => {
    const t = setup({ capacity: 2 });
    for (const token of [1, 2, 3]) t.rows.set(token, { id: token, points: 0 });
    await t.read(1);
    await t.read(2);
    await t.read(3);
    expect(t.cache.size).toBe(2);
    await t.read(3);
    await t.read(2);
    expect(t.reads()).toBe(3);
    await t.read(1);
    expect(t.reads()).toBe(4);
  });
});

describe('HeldReadsHub', () => {
  it('reads through until it is attached to a watch, then tells each kind of read of changes', async () => {
    const hub = new HeldReadsHub();
    let hearing = true;
    const sessions = hub.hold<number, Row>((row) => row.id);
    const completions = hub.hold<number, string[]>((_rows, userId) => userId);
    let reads = 0;
    const session = () => sessions.read(1, async () => (reads++, { id: 7, points: 0 }));
    const done = () => completions.read(7, async () => (reads++, ['watches']));
    await session();
    await session();
    expect(reads).toBe(2);

    hub.attach({ hearing: () => hearing, close: async () => {} });
    await session();
    await done();
    await session();
    await done();
    expect(reads).toBe(4);
    hub.changed(7);
    await session();
    await done();
    expect(reads).toBe(6);
    hub.reset();
    expect(sessions.size + completions.size).toBe(0);
    hearing = false;
    await session();
    expect(reads).toBe(7);
  });

  it("drops a read of everyone's rows on a change to anyone's, and keeps none begun before", async () => {
    const hub = new HeldReadsHub();
    hub.attach({ hearing: () => true, close: async () => {} });
    const pages = hub.holdShared<string, Row[]>();
    let reads = 0;
    const page = (read = async () => (reads++, [{ id: 3, points: 10 }])) =>
      pages.read('desc:20:0', read);
    await page();
    await page();
    expect(reads).toBe(1);
    // A user on no page changed: the page may hold them now, it is read again.
    hub.changed(99);
    await page();
    expect(reads).toBe(2);

    // A read that began before a change was heard is served, not kept.
    hub.changed(5);
    let answer: (rows: Row[]) => void = () => {};
    const racing = page(() => (reads++, new Promise<Row[]>((resolve) => (answer = resolve))));
    hub.changed(42);
    answer([{ id: 3, points: 20 }]);
    expect(await racing).toEqual([{ id: 3, points: 20 }]);
    expect(pages.size).toBe(0);

    await page();
    hub.reset();
    expect(pages.size).toBe(0);
  });
});
