import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

// The engine does not matter here: this runs in each server project, quickly.
describe('password storage (ASVS 2.4.1)', () => {
  it('stores argon2id with 19 MiB, 2 passes and a salt of its own for each hash', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(second).not.toBe(first);
    expect(first).not.toContain('correct horse battery');
    expect(await verifyPassword(first, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(first, 'correct horse batterY')).toBe(false);
  });

  it('refuses without a stored hash, after a verification of its own (an unknown email)', async () => {
    expect(await verifyPassword(undefined, 'correct horse battery')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse battery')).toBe(false);
  });
});
