import type { SessionRowListener, SessionRowWatch } from '../../db/session-row-changes';

/** How long a session read is served at most, should a change go unheard (docs/decisions/0045). */
export const SESSION_TTL_MS = 10_000;
/** Tokens held at most; the oldest read goes first. */
export const SESSION_CAPACITY = 10_000;

type Held<Row> = { row: Row; readAt: number };

/**
 * The session rows (a token with its user and store) an instance read, served again until a
 * change to them is heard (`watchSessionRows`), for SESSION_TTL_MS at most: a signed-in request
 * then reads nothing from the database. Nothing is kept or served while changes are not heard.
 * A read that began before a change to its user was heard is not kept: it may predate the change.
 */
export class SessionCache<Row extends { id: number }> implements SessionRowListener {
  readonly #held = new Map<number, Held<Row>>();
  readonly #tokensOf = new Map<number, Set<number>>();
  /** Changes heard, counted: the count when each user's rows last changed. */
  #changes = 0;
  readonly #changedAt = new Map<number, number>();
  /** Reads begun before this count are not kept, whoever they are for. */
  #keptFrom = 0;
  #watch: SessionRowWatch | undefined;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = SESSION_TTL_MS,
    private readonly capacity = SESSION_CAPACITY,
  ) {}

  /** Starts serving held rows: `watch` tells of changes to them (this cache as its listener). */
  attach(watch: SessionRowWatch): void {
    this.#watch = watch;
  }

  /** The row of a token: held, or read with `read` and held when nothing changed meanwhile. */
  async read(tokenId: number, read: () => Promise<Row | undefined>): Promise<Row | undefined> {
    if (!this.#watch?.hearing()) return read();
    const held = this.#held.get(tokenId);
    if (held && this.now() - held.readAt < this.ttlMs) return held.row;
    if (held) this.#forgetToken(tokenId, held.row.id);
    const begun = this.#changes;
    const readAt = this.now();
    const row = await read();
    if (row && this.#watch.hearing() && this.#unchangedSince(row.id, begun)) {
      this.#hold(tokenId, row, readAt);
    }
    return row;
  }

  changed(userId: number): void {
    this.#changedAt.set(userId, ++this.#changes);
    // The record of changes stays small: past its size, every read begun before is refused.
    if (this.#changedAt.size > this.capacity) {
      this.#changedAt.clear();
      this.#keptFrom = this.#changes;
    }
    const tokens = this.#tokensOf.get(userId);
    if (!tokens) return;
    this.#tokensOf.delete(userId);
    for (const tokenId of tokens) this.#held.delete(tokenId);
  }

  reset(): void {
    this.#keptFrom = ++this.#changes;
    this.#changedAt.clear();
    this.#held.clear();
    this.#tokensOf.clear();
  }

  /** Tokens held now (for tests). */
  get size(): number {
    return this.#held.size;
  }

  #unchangedSince(userId: number, begun: number): boolean {
    return begun >= this.#keptFrom && (this.#changedAt.get(userId) ?? 0) <= begun;
  }

  #hold(tokenId: number, row: Row, readAt: number): void {
    if (this.#held.size >= this.capacity) {
      const oldest = this.#held.entries().next().value;
      if (oldest) this.#forgetToken(oldest[0], oldest[1].row.id);
    }
    this.#held.set(tokenId, { row, readAt });
    let tokens = this.#tokensOf.get(row.id);
    if (!tokens) this.#tokensOf.set(row.id, (tokens = new Set()));
    tokens.add(tokenId);
  }

  #forgetToken(tokenId: number, userId: number): void {
    this.#held.delete(tokenId);
    const tokens = this.#tokensOf.get(userId);
    tokens?.delete(tokenId);
    if (tokens?.size === 0) this.#tokensOf.delete(userId);
  }
}
