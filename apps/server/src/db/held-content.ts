import type { Executor } from './database';

/** How long an instance serves content it read before reading it again (docs/decisions/0028). */
export const CONTENT_TTL_MS = 30_000;

const everyHold: WeakMap<Executor, unknown>[] = [];

/**
 * A read of content, what changes only by an import (training modules, the title ladder), held by
 * each instance for CONTENT_TTL_MS instead of read on every request. An import drops what this
 * process holds at once (`forgetContent`); other instances read it again within the TTL. A read
 * that fails is not held.
 */
export function heldContent<T>(read: (db: Executor) => Promise<T>): (db: Executor) => Promise<T> {
  const held = new WeakMap<Executor, { readAt: number; value: Promise<T> }>();
  everyHold.push(held);
  return (db) => {
    const entry = held.get(db);
    if (entry && Date.now() - entry.readAt < CONTENT_TTL_MS) return entry.value;
    const value = read(db);
    held.set(db, { readAt: Date.now(), value });
    value.catch(() => {
      if (held.get(db)?.value === value) held.delete(db);
    });
    return value;
  };
}

/** Drops all the content this process holds for the database: the next reads go to it. */
export function forgetContent(db: Executor): void {
  for (const held of everyHold) held.delete(db);
}
