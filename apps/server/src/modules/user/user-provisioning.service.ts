import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, ROLES, type Role } from '@app/contract/constants';
import { isTimeZone } from '@app/contract/dates';
import { nowIso, type Db, type Executor } from '../../db/database';
import { transact } from '../../db/transaction';
import { parseCsv } from '../../lib/csv';
import { deleteTokensOf } from '../auth/auth.repository';
import { hashPassword, verifyPassword } from '../auth/password';
import * as repo from './user-provisioning.repository';

/** Staff provisioning for the admin command line: an HR export in CSV, or one user at a time. */

export const REQUIRED_COLUMNS = [
  'email',
  'first_name',
  'last_name',
  'store_name',
  'store_city',
  'store_country',
] as const;
export const OPTIONAL_COLUMNS = ['role', 'password', 'store_timezone'] as const;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'email is required')
  .max(254)
  .email('email is not a valid address');
const name = (field: string) =>
  z.string().trim().min(1, `${field} is required`).max(80, `${field} is too long`);
const timeZone = z.string().refine(isTimeZone, 'store_timezone is not an IANA time zone');

const row = z.object({
  email,
  first_name: name('first_name'),
  last_name: name('last_name'),
  store_name: name('store_name'),
  store_city: name('store_city'),
  store_country: name('store_country'),
  // Blank (or no role column): a new user is staff, a known user keeps the role they have.
  role: z
    .string()
    .trim()
    .transform((v) => v.toLowerCase())
    .pipe(
      z.union([z.literal(''), z.enum(ROLES)], {
        error: `role must be one of ${ROLES.join(', ')}`,
      }),
    ),
  password: z
    .string()
    .refine(
      (v) => v === '' || v.length >= PASSWORD_MIN_LENGTH,
      `password must have at least ${PASSWORD_MIN_LENGTH} characters`,
    ),
  store_timezone: z.union([z.literal(''), timeZone]),
});
type Row = z.infer<typeof row>;

export type ImportReport =
  | {
      ok: true;
      created: number;
      updated: number;
      storesCreated: number;
      /** Known users whose password the file changed (and who were signed out everywhere). */
      passwordsChanged: number;
      withoutPassword: string[];
    }
  | { ok: false; errors: string[] };

/** Countries with a single time zone; elsewhere a store needs store_timezone or gets the brand's. */
const COUNTRY_TIME_ZONES: Record<string, string> = {
  switzerland: 'Europe/Zurich',
  suisse: 'Europe/Zurich',
  france: 'Europe/Paris',
  germany: 'Europe/Berlin',
  italy: 'Europe/Rome',
  italie: 'Europe/Rome',
  'united kingdom': 'Europe/London',
  uk: 'Europe/London',
  spain: 'Europe/Madrid',
  japan: 'Asia/Tokyo',
  japon: 'Asia/Tokyo',
  singapore: 'Asia/Singapore',
  'hong kong': 'Asia/Hong_Kong',
  china: 'Asia/Shanghai',
  'united arab emirates': 'Asia/Dubai',
  uae: 'Asia/Dubai',
};

export function storeTimeZone(country: string, given: string, fallback: string): string {
  return given || COUNTRY_TIME_ZONES[country.trim().toLowerCase()] || fallback;
}

/**
 * Validates the whole file first; if any line is wrong, reports every wrong line and changes
 * nothing. Otherwise applies it in one transaction: users are matched by email (created or
 * updated), stores by name, city and country (created as needed).
 */
export async function importUsersCsv(
  db: Db,
  text: string,
  options: { defaultTimeZone: string },
): Promise<ImportReport> {
  const rows = parseCsv(text);
  const header = rows.shift();
  if (!header) return { ok: false, errors: ['line 1: the file is empty'] };
  const columns = header.fields.map((f) => f.trim().toLowerCase());
  const errors: string[] = [];
  const known = new Set<string>([...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]);
  for (const column of columns)
    if (!known.has(column)) errors.push(`line 1: unknown column "${column}"`);
  for (const column of REQUIRED_COLUMNS)
    if (!columns.includes(column)) errors.push(`line 1: missing column "${column}"`);
  if (new Set(columns).size !== columns.length) errors.push('line 1: a column appears twice');
  if (errors.length > 0) return { ok: false, errors };

  const valid: { line: number; data: Row }[] = [];
  const seen = new Map<string, number>();
  for (const { line, fields } of rows) {
    if (fields.length !== columns.length) {
      errors.push(`line ${line}: expected ${columns.length} fields, found ${fields.length}`);
      continue;
    }
    const record = Object.fromEntries(OPTIONAL_COLUMNS.map((c) => [c, '']));
    columns.forEach((column, index) => (record[column] = fields[index]!));
    const parsed = row.safeParse(record);
    if (!parsed.success) {
      errors.push(`line ${line}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
      continue;
    }
    const previous = seen.get(parsed.data.email);
    if (previous) {
      errors.push(`line ${line}: ${parsed.data.email} already appears on line ${previous}`);
      continue;
    }
    seen.set(parsed.data.email, line);
    valid.push({ line, data: parsed.data });
  }
  if (errors.length > 0) return { ok: false, errors };

  // Hash outside the transaction: it is the slow part and needs no lock. Only rows that set a
  // password that differs from the user's current one are hashed (argon2 is deliberately slow).
  const hashes = new Map<string, string>();
  for (const { data } of valid) {
    if (!data.password) continue;
    const current = await repo.findPasswordHashByEmail(db, data.email);
    if (current !== undefined && (await verifyPassword(current, data.password))) continue;
    hashes.set(data.email, await hashPassword(data.password));
  }

  // `transact`: once committed, the rankings hear of the newcomers (announced by insertUser).
  return transact(db, async (trx) => {
    let created = 0;
    let updated = 0;
    let storesCreated = 0;
    let passwordsChanged = 0;
    const withoutPassword: string[] = [];
    const stores = new Map<string, number>();
    const at = nowIso();
    for (const { data } of valid) {
      const storeKey = JSON.stringify([data.store_name, data.store_city, data.store_country]);
      let storeId = stores.get(storeKey);
      if (storeId === undefined) {
        const store = await repo.findOrCreateStore(trx, {
          name: data.store_name,
          city: data.store_city,
          country: data.store_country,
          timezone: storeTimeZone(data.store_country, data.store_timezone, options.defaultTimeZone),
          created_at: at,
        });
        if (store.created) storesCreated++;
        storeId = store.id;
        stores.set(storeKey, storeId);
      }
      const passwordHash = hashes.get(data.email);
      const existing = await repo.findUserIdByEmail(trx, data.email);
      if (existing === undefined) {
        await repo.insertUser(trx, {
          email: data.email,
          first_name: data.first_name,
          last_name: data.last_name,
          role: data.role || 'staff',
          store_id: storeId,
          password_hash: passwordHash ?? unusablePasswordHash(),
          at,
        });
        created++;
        if (!data.password) withoutPassword.push(data.email);
      } else {
        await repo.updateUserFromImport(trx, existing, {
          first_name: data.first_name,
          last_name: data.last_name,
          store_id: storeId,
          updated_at: at,
          ...(data.role ? { role: data.role } : {}),
          ...(passwordHash ? { password_hash: passwordHash } : {}),
        });
        // A new password closes every session, as set-password does.
        if (passwordHash) {
          await deleteTokensOf(trx, existing);
          passwordsChanged++;
        }
        updated++;
      }
    }
    return {
      ok: true as const,
      created,
      updated,
      storesCreated,
      passwordsChanged,
      withoutPassword,
    };
  });
}

export type NewUserInput = {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  role?: Role;
  store?: { name: string; city: string; country: string; timezone?: string };
};

export async function createUser(
  db: Executor,
  input: NewUserInput,
  defaultTimeZone: string,
): Promise<number> {
  const address = email.parse(input.email);
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    throw new Error(`The password must have at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  // Hashed before the transaction, which it would hold for as long (argon2 is deliberately slow).
  const passwordHash = await hashPassword(input.password);
  // The user and their store together, and the rankings told of the newcomer before this returns
  // (`transact` waits for what follows a commit; in the caller's transaction, for its commit).
  return transact(db, async (trx) => {
    if ((await repo.findUserIdByEmail(trx, address)) !== undefined)
      throw new Error(`${address} already has an account.`);
    const at = nowIso();
    const store = input.store
      ? await repo.findOrCreateStore(trx, {
          ...input.store,
          timezone: storeTimeZone(input.store.country, input.store.timezone ?? '', defaultTimeZone),
          created_at: at,
        })
      : undefined;
    return repo.insertUser(trx, {
      email: address,
      first_name: input.firstName.trim(),
      last_name: input.lastName.trim(),
      role: input.role ?? 'staff',
      store_id: store?.id ?? null,
      password_hash: passwordHash,
      at,
    });
  });
}

/** Sets a new password and signs the user out everywhere. */
export async function setPassword(db: Db, userEmail: string, password: string): Promise<void> {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new Error(`The password must have at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  const id = await repo.findUserIdByEmail(db, email.parse(userEmail));
  if (id === undefined) throw new Error(`No account for ${userEmail}.`);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await repo.updateUserFromImport(trx, id, { password_hash: passwordHash, updated_at: nowIso() });
    await deleteTokensOf(trx, id);
  });
}

/**
 * A password hash that no password matches, for accounts that get theirs later through
 * set-password. It is an argon2id hash in form (the parameters of hashPassword, a random salt and a
 * random digest) without the cost of computing one, and a login against it still takes the time
 * of a full verification, as for any other account.
 */
export function unusablePasswordHash(): string {
  const salt = randomBytes(16).toString('base64').replace(/=+$/, '');
  const digest = randomBytes(32).toString('base64').replace(/=+$/, '');
  return `$argon2id$v=19$m=19456,t=2,p=1$${salt}$${digest}`;
}
