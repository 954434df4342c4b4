import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, testConfig } from '../../../test/helpers';
import type { Db } from '../database';
import { verifyPassword } from '../../modules/auth/password';
import { settleOverdue } from '../../modules/duel/duel-round.service';
import { seedDemoDataIfEmpty } from './demo';

let db: Db;
let drop: () => Promise<void>;
let seeded: boolean;

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
  seeded = await seedDemoDataIfEmpty(db, testConfig(), new Date('2026-11-21T09:00:00Z'));
});
afterAll(() => drop());

describe('seedDemoDataIfEmpty', () => {
  it('creates the three documented accounts with the password demo1234', async () => {
    expect(seeded).toBe(true);
    const accounts = await db
      .selectFrom('users')
      .select(['email', 'role', 'store_id', 'password_hash'])
      .where('email', 'in', ['demo@example.com', 'rival@example.com', 'admin@example.com'])
      .orderBy('email')
      .execute();
    expect(accounts.map((a) => [a.email, a.role])).toEqual([
      ['admin@example.com', 'admin'],
      ['demo@example.com', 'staff'],
      ['rival@example.com', 'staff'],
    ]);
    for (const account of accounts)
      expect(await verifyPassword(account.password_hash, 'demo1234')).toBe(true);
    const [demo, , rival] = [accounts[1]!, accounts[0]!, accounts[2]!];
    expect(demo.store_id).not.toBe(rival.store_id);
  });

  it('spreads at least 30 staff over at least 6 stores in at least 3 countries, with varied points', async () => {
    const staff = await db
      .selectFrom('users')
      .select(['total_points'])
      .where('role', '=', 'staff')
      .execute();
    expect(staff.length).toBeGreaterThanOrEqual(30);
    expect(new Set(staff.map((s) => s.total_points)).size).toBeGreaterThanOrEqual(25);
    const stores = await db.selectFrom('stores').select(['country']).execute();
    expect(stores.length).toBeGreaterThanOrEqual(6);
    expect(new Set(stores.map((s) => s.country)).size).toBeGreaterThanOrEqual(3);
  });

  it("keeps every user's cached total equal to the sum of their ledger", async () => {
    const mismatches = await db
      .selectFrom('users')
      .select(['users.email', 'users.total_points'])
      .select((eb) =>
        eb
          .selectFrom('points_ledger')
          .select(sql<number>`coalesce(sum(amount), 0)`.as('sum'))
          .whereRef('points_ledger.user_id', '=', 'users.id')
          .as('ledger'),
      )
      .execute();
    for (const row of mismatches) expect(Number(row.ledger), row.email).toBe(row.total_points);
  });

  it('gives the demo user duels in every state, a daily history, badges and training progress', async () => {
    const demo = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'demo@example.com')
      .executeTakeFirstOrThrow();
    const duels = await db
      .selectFrom('duels')
      .select(['status', 'winner_id', 'user1_id', 'user2_id'])
      .where((eb) => eb.or([eb('user1_id', '=', demo.id), eb('user2_id', '=', demo.id)]))
      .execute();
    expect(new Set(duels.map((d) => d.status))).toEqual(
      new Set(['pending', 'in_progress', 'completed', 'timeout']),
    );
    const completed = duels.filter((d) => d.status === 'completed');
    expect(completed.some((d) => d.winner_id === demo.id)).toBe(true);
    expect(completed.some((d) => d.winner_id !== null && d.winner_id !== demo.id)).toBe(true);
    expect(completed.some((d) => d.winner_id === null)).toBe(true);
    expect(duels.some((d) => d.status === 'pending' && d.user2_id === demo.id)).toBe(true);
    expect(duels.some((d) => d.status === 'pending' && d.user1_id === demo.id)).toBe(true);
    // The running duels are still running when read right after the seed: no deadline has passed.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T09:00:00Z'));
    try {
      expect(await settleOverdue(db)).toBe(0);
    } finally {
      vi.useRealTimers();
    }
    expect(duels.filter((d) => d.status === 'in_progress')).toHaveLength(2);

    const daily = await db
      .selectFrom('daily_answers')
      .select(['day', 'is_correct'])
      .where('user_id', '=', demo.id)
      .execute();
    expect(daily.length).toBeGreaterThan(15);
    expect(daily.some((d) => d.is_correct === 0)).toBe(true);
    expect(daily.every((d) => d.day < '2026-11-21')).toBe(true);

    const badges = await db
      .selectFrom('user_badges')
      .select('id')
      .where('user_id', '=', demo.id)
      .execute();
    expect(badges.length).toBeGreaterThan(0);
    const trainings = await db
      .selectFrom('training_completions')
      .select('id')
      .where('user_id', '=', demo.id)
      .execute();
    expect(trainings).toHaveLength(2);
  });

  it('leaves a database that has users alone', async () => {
    expect(await seedDemoDataIfEmpty(db, testConfig())).toBe(false);
  });
});
