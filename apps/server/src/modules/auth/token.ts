import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

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

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Splits a bearer token `<id>|<secret>`, as Laravel Sanctum formats them; undefined if malformed. */
export function parseToken(token: string): { id: number; secret: string } | undefined {
  const match = /^(\d{1,12})\|([A-Za-z0-9]{40,128})$/.exec(token);
  if (!match) return undefined;
  return { id: Number(match[1]), secret: match[2]! };
}
