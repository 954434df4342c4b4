import { DAY_MS } from '@app/contract/dates';
import type { Db } from '../database';
import { transact } from '../transaction';
import { nameKeys } from '../../lib/search-text';
import { alignSplits } from '../../modules/points/points.service';
import { rebuildSplitTotals, listSplits } from '../../modules/points/points.repository';
import { findOrCreateStore } from '../../modules/user/user-provisioning.repository';
import { unusablePasswordHash } from '../../modules/user/user-provisioning.service';
import { seededRandom } from './random';

/**
 * Many staff at once, for measuring the product at the size of a brand (100 000 or 1 000 000
 * users): boutiques in many countries, and for each person a few ledger rows spread over the past
 * months, with their totals and split totals equal to their ledger. The accounts cannot sign in
 * (no password). Deterministic for a given seed and count.
 */

const PLACES: [country: string, timeZone: string, cities: string[]][] = [
  ['Suisse', 'Europe/Zurich', ['Genève', 'Zurich', 'Lausanne', 'Bâle']],
  ['France', 'Europe/Paris', ['Paris', 'Lyon', 'Cannes', 'Bordeaux']],
  ['Italie', 'Europe/Rome', ['Milan', 'Rome', 'Florence']],
  ['Allemagne', 'Europe/Berlin', ['Munich', 'Berlin', 'Hambourg']],
  ['Royaume-Uni', 'Europe/London', ['London', 'Edinburgh']],
  ['Espagne', 'Europe/Madrid', ['Madrid', 'Barcelona']],
  ['Japon', 'Asia/Tokyo', ['Tokyo', 'Osaka', 'Kyoto']],
  ['Singapour', 'Asia/Singapore', ['Singapore']],
  ['Chine', 'Asia/Shanghai', ['Shanghai', 'Beijing', 'Shenzhen']],
  ['Émirats arabes unis', 'Asia/Dubai', ['Dubai', 'Abu Dhabi']],
  ['États-Unis', 'America/New_York', ['New York', 'Miami', 'Boston']],
  ['États-Unis', 'America/Los_Angeles', ['Los Angeles', 'San Francisco']],
];
const STORE_NAMES = ['Boutique Rhône', 'Maison Centrale', 'Galerie', 'Salon Horloger'];
const FIRST = [
  'Camille',
  'Lucas',
  'Hélène',
  'Sofia',
  'Kenji',
  'Amélie',
  'Thomas',
  'Mei',
  'James',
  'Léa',
  'Noah',
  'Chloé',
  'Matteo',
  'Yuki',
  'Zoé',
  'Elias',
  'Inès',
  'Hugo',
  'Aiko',
  'Nora',
  'Louis',
  'Emma',
  'Jonas',
  'Clara',
  'Omar',
  'Sara',
  'Luca',
  'Maya',
  'Felix',
  'Anaïs',
];
const LAST = [
  'Laurent',
  'Meyer',
  'Vautier',
  'Rossi',
  'Sato',
  'Roux',
  'Keller',
  'Tan',
  'Whitmore',
  'Dubois',
  'Favre',
  'Müller',
  'Bianchi',
  'Tanaka',
  'Moreau',
  'Schmid',
  'Ricci',
  'Nakamura',
  'Girard',
  'Weber',
  'Lambert',
  'Fontana',
  'Kobayashi',
  'Bonnet',
  'Huber',
  'Greco',
  'Fischer',
  'Lefèvre',
  'Conti',
  'Ito',
];
const CHUNK = 500;

export type GeneratedPeople = { users: number; ledgerRows: number; stores: number };

export async function generatePeople(
  db: Db,
  options: { count: number; timeZone: string; seed?: number; now?: Date; emailDomain?: string },
): Promise<GeneratedPeople> {
  const random = seededRandom(options.seed ?? 1874);
  const now = (options.now ?? new Date()).getTime();
  const created = new Date(now - 365 * DAY_MS).toISOString();
  const domain = options.emailDomain ?? 'generated.example.test';
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

  const storeIds: number[] = [];
  for (const [country, timezone, cities] of PLACES) {
    for (const city of cities) {
      for (const name of STORE_NAMES) {
        const store = await findOrCreateStore(db, {
          name,
          city,
          country,
          timezone,
          created_at: created,
        });
        storeIds.push(store.id);
      }
    }
  }

  const passwordHash = unusablePasswordHash();
  const start = Number(
    (
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  let ledgerRows = 0;
  for (let offset = 0; offset < options.count; offset += CHUNK) {
    const size = Math.min(CHUNK, options.count - offset);
    const people = Array.from({ length: size }, (_, i) => {
      const n = start + offset + i;
      // Most earn a little, some a lot: a long tail, as in real rankings.
      const rows = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, r) => ({
        amount: Math.round((250 + random() ** 3 * 12_000) / 50) * 50,
        at: new Date(now - Math.floor(random() * 300 * DAY_MS)).toISOString(),
        reference: `generated:${n}:${r}`,
      }));
      const first = pick(FIRST);
      const last = pick(LAST);
      return {
        user: {
          email: `staff.${n}@${domain}`,
          first_name: first,
          last_name: last,
          ...nameKeys(first, last),
          password_hash: passwordHash,
          role: 'staff' as const,
          store_id: pick(storeIds),
          total_points: rows.reduce((sum, r) => sum + r.amount, 0),
          points_updated_at: rows.reduce((latest, r) => (r.at > latest ? r.at : latest), created),
          points_version: 1,
          created_at: created,
          updated_at: created,
        },
        rows,
      };
    });
    await transact(db, async (trx) => {
      const inserted = await trx
        .insertInto('users')
        .values(people.map((p) => p.user))
        .returning('id')
        .execute();
      const ledger = people.flatMap((p, i) =>
        p.rows.map((r) => ({
          user_id: inserted[i]!.id,
          amount: r.amount,
          reason: 'quiz' as const,
          reference: r.reference,
          created_at: r.at,
        })),
      );
      for (let i = 0; i < ledger.length; i += CHUNK) {
        await trx
          .insertInto('points_ledger')
          .values(ledger.slice(i, i + CHUNK))
          .execute();
      }
      ledgerRows += ledger.length;
    });
  }

  // Split totals from the ledger, as credit() keeps them one row at a time.
  await transact(db, async (trx) => {
    await alignSplits(trx, options.timeZone);
    for (const split of await listSplits(trx)) await rebuildSplitTotals(trx, split.id);
  });
  return { users: options.count, ledgerRows, stores: storeIds.length };
}
