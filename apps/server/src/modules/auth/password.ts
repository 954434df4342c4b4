import { hash, verify } from '@node-rs/argon2';
import { Semaphore } from './semaphore';

/**
 * Verifications allowed to run at once in this process; the others wait in line. Each takes about
 * 19 MiB and a thread of libuv's pool (4 threads by default) for tens of milliseconds: two leave
 * room in the pool for file and DNS work, and still check dozens of logins a second.
 */
export const CONCURRENT_VERIFICATIONS = 2;

const verifications = new Semaphore(CONCURRENT_VERIFICATIONS);

/** argon2id with the library's defaults (19 MiB, 2 passes), as OWASP recommends. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown email) it still runs a full
 * verification against a throwaway hash, so both cases take the same time.
 */
export async function verifyPassword(
  storedHash: string | undefined,
  password: string,
): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hash('not-a-real-password');
    const throwaway = await dummyHash;
    await verifications.run(() => verify(throwaway, password).catch(() => false));
    return false;
  }
  return verifications.run(() => verify(storedHash, password).catch(() => false));
}
