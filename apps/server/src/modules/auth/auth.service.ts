import { TOKEN_IDLE_DAYS } from '@app/contract/constants';
import { MESSAGES } from '@app/contract/errors';
import { DAY_MS, isoTime } from '@app/contract/dates';
import { nowIso, type Db } from '../../db/database';
import type { HeldReads } from '../../db/held-reads';
import type { UserWithStoreRow } from '../user/user.repository';
import { HttpError } from '../../lib/http-error';
import * as repo from './auth.repository';
import { clientKey } from './client-key';
import type { ThrottleStore } from './login-throttle';
import { verifyPassword } from './password';
import { digestOf, hashSecret, newSecret, parseToken, sameBytes } from './token';

const TOUCH_EVERY_MS = 60 * 1000;

export const LOGIN_LIMITS = {
  windowSeconds: 15 * 60,
  perEmailAndAddress: 5,
  perAddress: 50,
};

/**
 * Who a request is from: their token, and their own row as read with it (a route that changes
 * the row reads it again), with their store's time zone, which sets their day (`DayOwner`).
 */
export type Session = {
  userId: number;
  tokenId: number;
  user: UserWithStoreRow;
  storeTimeZone: string | null;
};

/** A token's row with its user's and their store's, as a session is read. */
type TokenWithUser = NonNullable<Awaited<ReturnType<typeof repo.findTokenWithUser>>>;

/**
 * A token as its row is held (docs/decisions/0045): the session it opens, made once per read of
 * the row and shared by the requests it serves (frozen: none may change it), its hash as bytes and
 * when it was last used, so that a request compares and reads the clock, nothing more. Once a
 * secret has matched the hash, it is kept beside it, in this process's memory only, and the
 * requests after compare with it instead of hashing again (docs/decisions/0077).
 */
export type HeldToken = {
  readonly session: Readonly<Session>;
  readonly tokenHash: Buffer;
  readonly lastUsedAt: number;
  verifiedSecret: Buffer | undefined;
};

function heldToken(row: TokenWithUser): HeldToken {
  const { token_id: tokenId, token_hash, last_used_at, store_timezone, ...user } = row;
  const session = {
    userId: user.id,
    tokenId,
    user: Object.freeze(user),
    storeTimeZone: store_timezone,
  };
  return {
    session: Object.freeze(session),
    tokenHash: Buffer.from(token_hash, 'hex'),
    lastUsedAt: Date.parse(last_used_at),
    verifiedSecret: undefined,
  };
}

/**
 * Whether the secret is the held token's, compared in constant time: with the secret that matched
 * its hash before, else by their digests, the secret kept once it matches. A token has one secret,
 * so a secret other than the one kept is wrong, without hashing it.
 */
function isSecretOf(held: HeldToken, secret: string): boolean {
  // parseToken lets only ASCII letters and digits through: one byte each.
  const presented = Buffer.from(secret, 'latin1');
  if (held.verifiedSecret) return sameBytes(held.verifiedSecret, presented);
  if (!sameBytes(held.tokenHash, digestOf(secret))) return false;
  held.verifiedSecret = presented;
  return true;
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly throttle: ThrottleStore,
    /** The tokens read, by id, served again until their rows change (docs/decisions/0045). */
    readonly sessions: HeldReads<number, HeldToken>,
  ) {}

  /**
   * Checks the credentials and issues a token; throttled per email and address, and per address.
   * The attempt is counted before the password is checked, so a burst sent at once gets no more
   * checks than the limit; a success takes its attempt back (see docs/decisions/0013).
   */
  async login(
    email: string,
    password: string,
    ip: string,
  ): Promise<{ userId: number; token: string }> {
    const normalized = email.trim().toLowerCase();
    const address = clientKey(ip);
    const keys = {
      pair: `login:pair:${address}:${normalized}`,
      address: `login:address:${address}`,
    };
    const verdict = await this.throttle.attempt(
      [
        { key: keys.pair, max: LOGIN_LIMITS.perEmailAndAddress },
        { key: keys.address, max: LOGIN_LIMITS.perAddress },
      ],
      LOGIN_LIMITS.windowSeconds,
    );
    if (!verdict.allowed) {
      throw new HttpError(429, MESSAGES.tooManyAttempts, undefined, {
        'retry-after': String(verdict.retryAfter),
      });
    }

    const user = await repo.findCredentialsByEmail(this.db, normalized);
    const valid = await verifyPassword(user?.password_hash, password);
    if (!user || !valid) throw new HttpError(401, MESSAGES.invalidCredentials);
    await Promise.all([this.throttle.clear(keys.pair), this.throttle.release(keys.address)]);
    return { userId: user.id, token: await this.issueToken(user.id, 'web') };
  }

  async issueToken(userId: number, name: string): Promise<string> {
    const secret = newSecret();
    const id = await repo.insertToken(this.db, {
      user_id: userId,
      name,
      token_hash: hashSecret(secret),
      at: nowIso(),
    });
    return `${id}|${secret}`;
  }

  /**
   * The session of a bearer token this instance holds, at once, when answering it needs neither a
   * read nor a write (its use was written less than a minute ago): null if the token is malformed
   * or its secret wrong; undefined when `sessionFor` must answer.
   */
  heldSessionFor(bearer: string): Session | null | undefined {
    const parsed = parseToken(bearer);
    if (!parsed) return null;
    const held = this.sessions.peek(parsed.id);
    if (!held) return undefined;
    if (!isSecretOf(held, parsed.secret)) return null;
    return Date.now() - held.lastUsedAt <= TOUCH_EVERY_MS ? held.session : undefined;
  }

  /** The session a bearer token opens; null if it is missing, malformed, unknown, revoked or idle too long. */
  async sessionFor(bearer: string | undefined): Promise<Session | null> {
    const parsed = bearer ? parseToken(bearer) : undefined;
    if (!parsed) return null;
    const held = await this.sessions.read(parsed.id, async () => {
      const row = await repo.findTokenWithUser(this.db, parsed.id);
      return row && heldToken(row);
    });
    if (!held || !isSecretOf(held, parsed.secret)) return null;
    const { session, lastUsedAt } = held;
    const now = Date.now();
    if (now - lastUsedAt > TOKEN_IDLE_DAYS * DAY_MS) {
      await repo.deleteToken(this.db, session.tokenId);
      return null;
    }
    if (now - lastUsedAt > TOUCH_EVERY_MS)
      await repo.touchToken(this.db, session.tokenId, isoTime(now));
    return session;
  }

  logout(session: Session): Promise<void> {
    return repo.deleteToken(this.db, session.tokenId);
  }

  /** Tokens idle for longer than the limit; the read path refuses them anyway, this only tidies. */
  pruneIdleTokens(): Promise<number> {
    return repo.deleteIdleTokens(this.db, isoTime(Date.now() - TOKEN_IDLE_DAYS * DAY_MS));
  }
}
