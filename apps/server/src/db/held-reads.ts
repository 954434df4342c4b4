import type { UserRowListener, UserRowWatch } from './user-row-changes';

/** How long a read is served at most, should a change go unheard (docs/decisions/0045). */
export const HELD_READ_TTL_MS = 10_000;
/** Reads held at most by each kind; the oldest goes first. */
export const HELD_READ_CAPACITY = 10_000;

type HoldOptions = { now?: () => number; ttlMs?: number; capacity?: number };

/** Whose rows a read of everyone's rows is filed under: no user's id. */
const ANYONE = -1;

/**
 * Reads an instance holds until a change to their user's rows is heard (`watchUserRows`), one
 * kind of read a `HeldReads` (a session by its token, a user's completions by the user); every
 * kind is told of every change. Nothing is kept or served while changes are not heard.
 */
export class HeldReadsHub implements UserRowListener {
  readonly #holds = new Set<HeldReads<unknown, unknown>>();
  readonly #shared = new Set<HeldReads<unknown, unknown>>();
  #watch: UserRowWatch | undefined;

  /** Starts serving held reads: `watch` tells of changes (this hub as its listener). */
  attach(watch: UserRowWatch): void {
    this.#watch = watch;
  }

  /** A kind of read held by key; `userOf` names whose rows a value was read from. */
  hold<K, V>(userOf: (value: V, key: K) => number, options: HoldOptions = {}): HeldReads<K, V> {
    const held = new HeldReads<K, V>(() => this.#watch?.hearing() ?? false, userOf, options);
    this.#holds.add(held as HeldReads<unknown, unknown>);
    return held;
  }

  /**
   * A kind of read of rows anyone's change may alter (a page of the ranking), held by key until a
   * change to any user's rows is heard.
   */
  holdShared<K, V>(options: HoldOptions = {}): HeldReads<K, V> {
    const held = new HeldReads<K, V>(
      () => this.#watch?.hearing() ?? false,
      () => ANYONE,
      options,
    );
    this.#shared.add(held as HeldReads<unknown, unknown>);
    return held;
  }

  changed(userId: number): void {
    for (const held of this.#holds) held.changed(userId);
    for (const held of this.#shared) held.changed(ANYONE);
  }

  reset(): void {
    for (const held of [...this.#holds, ...this.#shared]) held.reset();
  }
}

type Held<V> = { value: V; readAt: number };

/**
 * One kind of read, held by key until a change to its user's rows is heard, for HELD_READ_TTL_MS
 * at most. A read that began before a change to its user was heard is served but not kept: it may
 * predate the change. A read that finds nothing (undefined) is not kept either.
 */
export class HeldReads<K, V> implements UserRowListener {
  readonly #held = new Map<K, Held<V>>();
  readonly #keysOf = new Map<number, Set<K>>();
  /** Changes heard, counted: the count when each user's rows last changed. */
  #changes = 0;
  readonly #changedAt = new Map<number, number>();
  /** Reads begun before this count are not kept, whoever they are for. */
  #keptFrom = 0;
  readonly #now: () => number;
  readonly #ttlMs: number;
  readonly #capacity: number;

  constructor(
    private readonly hearing: () => boolean,
    private readonly userOf: (value: V, key: K) => number,
    options: HoldOptions = {},
  ) {
    // A monotonic clock: a system clock set back would make a hold last longer.
    this.#now = options.now ?? (() => performance.now());
    this.#ttlMs = options.ttlMs ?? HELD_READ_TTL_MS;
    this.#capacity = options.capacity ?? HELD_READ_CAPACITY;
  }

  /** The value held for `key` while it is fresh, at once; undefined if it must be read. */
  peek(key: K): V | undefined {
    if (!this.hearing()) return undefined;
    const held = this.#held.get(key);
    return held && this.#now() - held.readAt < this.#ttlMs ? held.value : undefined;
  }

  /** The value of `key`: held, or read with `read` and held when nothing changed meanwhile. */
  async read(key: K, read: () => Promise<V | undefined>): Promise<V | undefined> {
    if (!this.hearing()) return read();
    const held = this.#held.get(key);
    if (held && this.#now() - held.readAt < this.#ttlMs) return held.value;
    if (held) this.#forget(key, held.value);
    const begun = this.#changes;
    const readAt = this.#now();
    const value = await read();
    if (value !== undefined && this.hearing()) {
      const userId = this.userOf(value, key);
      if (this.#unchangedSince(userId, begun)) this.#hold(key, value, userId, readAt);
    }
    return value;
  }

  changed(userId: number): void {
    this.#changedAt.set(userId, ++this.#changes);
    // The record of changes stays small: past its size, every read begun before is refused.
    if (this.#changedAt.size > this.#capacity) {
      this.#changedAt.clear();
      this.#keptFrom = this.#changes;
    }
    const keys = this.#keysOf.get(userId);
    if (!keys) return;
    this.#keysOf.delete(userId);
    for (const key of keys) this.#held.delete(key);
  }

  reset(): void {
    this.#keptFrom = ++this.#changes;
    this.#changedAt.clear();
    this.#held.clear();
    this.#keysOf.clear();
  }

  /** Values held now (for tests). */
  get size(): number {
    return this.#held.size;
  }

  #unchangedSince(userId: number, begun: number): boolean {
    return begun >= this.#keptFrom && (this.#changedAt.get(userId) ?? 0) <= begun;
  }

  #hold(key: K, value: V, userId: number, readAt: number): void {
    if (this.#held.size >= this.#capacity) {
      const oldest = this.#held.entries().next().value;
      if (oldest) this.#forget(oldest[0], oldest[1].value);
    }
    this.#held.set(key, { value, readAt });
    let keys = this.#keysOf.get(userId);
    if (!keys) this.#keysOf.set(userId, (keys = new Set()));
    keys.add(key);
  }

  #forget(key: K, value: V): void {
    this.#held.delete(key);
    const userId = this.userOf(value, key);
    const keys = this.#keysOf.get(userId);
    keys?.delete(key);
    if (keys?.size === 0) this.#keysOf.delete(userId);
  }
}
