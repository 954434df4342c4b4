import { describe, expect, it } from 'vitest';
import { MemoryRankStore, type BoardEntry } from './rank-store';

const entry = (userId: number, score: number, version = 1): BoardEntry => ({
  userId,
  score,
  version,
});

/** A board's rows as the database gives them, in one page. */
async function* onePage(...entries: BoardEntry[]) {
  yield entries;
}

describe('the rank store in memory', () => {
  it('loads a board page by page, keeping a change set while the pages are read', async () => {
    const store = new MemoryRankStore();
    async function* pages() {
      yield [entry(1, 100), entry(2, 50)];
      await between();
      // Read before the changes below were committed: older versions.
      yield [entry(3, 10), entry(4, 5)];
    }
    const between = async () => {
      expect(await store.isLoaded('global')).toBe(false);
      await store.set('global', entry(4, 500, 2)); // on a page still to come
      await store.set('global', entry(2, 1, 3)); // on a page already read
    };
    await store.load('global', pages());

    expect(await store.isLoaded('global')).toBe(true);
    expect(await store.size('global')).toBe(4);
    // 500 (user 4), 100 (user 1), 10 (user 3), 1 (user 2)
    expect(await store.ranks('global', [500, 100, 10, 1])).toEqual([1, 2, 3, 4]);
  });

  it('keeps what it holds when loaded again from older rows', async () => {
    const store = new MemoryRankStore();
    await store.load('global', onePage(entry(1, 10), entry(2, 20)));
    await store.set('global', entry(1, 30, 2));
    await store.load('global', onePage(entry(1, 10), entry(2, 20), entry(3, 5)));
    expect(await store.ranks('global', [30, 20, 5])).toEqual([1, 2, 3]);
    expect(await store.size('global')).toBe(3);
  });

  it('keeps a change set while a board it holds is loaded again', async () => {
    const store = new MemoryRankStore();
    await store.load('global', onePage(entry(1, 10), entry(2, 20)));
    await store.load(
      'global',
      (async function* () {
        yield [entry(1, 10), entry(2, 20)];
        // A newcomer committed after the last page was read, and a change to one already read.
        await store.set('global', entry(3, 0));
        await store.set('global', entry(1, 40, 2));
        // Until the load ends, the board held answers, with the changes.
        expect(await store.size('global')).toBe(3);
      })(),
    );
    expect(await store.size('global')).toBe(3);
    expect(await store.ranks('global', [40, 20, 0])).toEqual([1, 2, 3]);
  });

  it('forgets a change to a board nobody loads', async () => {
    const store = new MemoryRankStore();
    await store.set('split:1', entry(1, 10));
    expect(await store.isLoaded('split:1')).toBe(false);
    expect(await store.size('split:1')).toBe(0);
  });
});
