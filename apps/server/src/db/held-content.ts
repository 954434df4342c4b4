import type { Executor } from './database';

/** How long an instance serves content it read before reading it again (docs/decisions/0028). */
export const CONTENT_TTL_MS = 30_000;

const everyHold: WeakMap<Executor, unknown>[] = [];

/** A read of content held by each instance (`heldContent`). */
export type HeldContent<T> = {
  (db: Executor): Promise<T>;
  /** What is held for `db` now, read and fresh; undefined when the next read goes to the database. */
  peek(db: Executor): T | undefined;
};

/**
 * A read of content, what changes only by an import (training modules, the title ladder), held by
 * each instance for CONTENT_TTL_MS instead of read on every request. An import drops what this
 * process holds at once (`forgetContent`); other instances read it again within the TTL. A read
 * that fails is not held.
 */
export function heldContent<T>(read: (db: Executor) => Promise<T>): HeldContent<T> {
  type Entry = { readAt: number; value: Promise<T>; settled?: { value: T } };
  const held = new WeakMap<Executor, Entry>();
  everyHold.push(held);
  const fresh = (entry: Entry | undefined): entry is Entry =>
    entry !== undefined && Date.now() - entry.readAt < CONTENT_TTL_MS;
  const hold = (db: Executor): Promise<T> => {
    const entry = held.get(db);
    if (fresh(entry)) return entry.value;
    const value = read(db);
    const made: Entry = { readAt: Date.now(), value };
    held.set(db, made);
    value.then(
      (settled) => (made.settled = { value: settled }),
      () => {
        if (held.get(db) === made) held.delete(db);
      },
    );
    return value;
  };
  return Object.assign(hold, {
    peek: (db: Executor) => {
      const entry = held.get(db);
      return fresh(entry) ? entry.settled?.value : undefined;
    },
  });
}

/** Drops all the content this process holds for the database: the next reads go to it. */
export function forgetContent(db: Executor): void {
  for (const held of everyHold) held.delete(db);
}
