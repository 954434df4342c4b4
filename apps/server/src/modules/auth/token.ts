import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SECRET_LENGTH = 48;

/** A token secret: 48 characters from 62, about 285 bits. */
export function newSecret(): string {
  const bytes = randomBytes(SECRET_LENGTH * 2);
  let secret = '';
  for (const byte of bytes) {
    // 248 is the largest multiple of 62 below 256: rejecting the rest keeps every character equally likely.
    if (byte < 248) secret += ALPHABET[byte % 62];
    if (secret.length === SECRET_LENGTH) return secret;
  }
  return secret + newSecret().slice(secret.length);
}

/** A secret's SHA-256, as bytes: to compare with a stored hash read as bytes once. */
export function digestOf(secret: string): Buffer {
  return hash('sha256', secret, 'buffer');
}

/** A secret's SHA-256, in hex: as a token's is stored. */
export function hashSecret(secret: string): string {
  return digestOf(secret).toString('hex');
}

/**
 * Whether two digests, or two secrets, are the same, in a time that does not depend on where they
 * differ.
 */
export function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Splits a bearer token `<id>|<secret>`, as Laravel Sanctum formats them; undefined if malformed. */
export function parseToken(token: string): { id: number; secret: string } | undefined {
  const match = /^(\d{1,12})\|([A-Za-z0-9]{40,128})$/.exec(token);
  if (!match) return undefined;
  return { id: Number(match[1]), secret: match[2]! };
}
