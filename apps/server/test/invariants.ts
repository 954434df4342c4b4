import { sql, type Kysely } from 'kysely';
import { isPostgres, type Db } from '../src/db/database';

/**
 * The promises about points and uniqueness that must hold whatever was sent: each a query that
 * returns the rows breaking it. `violations` lists them all, empty when everything holds.
 */

type Check = { name: string; rows: (db: Db, now: string) => Promise<unknown[]> };

const checks: Check[] = [
  {
    name: "a user's total_points differs from the sum of their ledger rows",
    rows: async (db) =>
      (
        await sql<{ id: number; total_points: number; ledger: number }>`
          select u.id, u.total_points, coalesce(sum(l.amount), 0) as ledger
          from users u left join points_ledger l on l.user_id = u.id
          group by u.id, u.total_points
        `.execute(db)
      ).rows.filter((r) => Number(r.total_points) !== Number(r.ledger)),
  },
  {
    name: 'a user has a negative total',
    rows: (db) => db.selectFrom('users').select('id').where('total_points', '<', 0).execute(),
  },
  {
    name: 'a ledger row is written twice for one (user, reason, reference)',
    rows: (db) =>
      db
        .selectFrom('points_ledger')
        .select(['user_id', 'reason', 'reference', (eb) => eb.fn.countAll().as('rows')])
        .groupBy(['user_id', 'reason', 'reference'])
        .having((eb) => eb.fn.countAll(), '>', 1)
        .execute(),
  },
  {
    name: 'a user answered the daily question twice on one day',
    rows: (db) =>
      db
        .selectFrom('daily_answers')
        .select(['user_id', 'day', (eb) => eb.fn.countAll().as('rows')])
        .groupBy(['user_id', 'day'])
        .having((eb) => eb.fn.countAll(), '>', 1)
        .execute(),
  },
  {
    name: 'a daily answer earned points without its ledger row, or the other way round',
    rows: async (db) =>
      (
        await sql<{ user_id: number; day: string }>`
          select a.user_id, a.day from daily_answers a
          left join points_ledger l on l.user_id = a.user_id and l.reason = 'daily'
            and l.reference = ${sql.lit('daily:')} || ${dayText(db, sql.ref('a.day'))}
          where (a.points > 0) <> (l.id is not null)
        `.execute(db)
      ).rows,
  },
  {
    name: 'a user holds two open quizzes, or two open training validations',
    rows: (db) =>
      db
        .selectFrom('quiz_attempts')
        .select(['user_id', 'kind', (eb) => eb.fn.countAll().as('open')])
        .where('status', '=', 'open')
        .where('kind', 'in', ['quiz', 'training'])
        .groupBy(['user_id', 'kind'])
        .having((eb) => eb.fn.countAll(), '>', 1)
        .execute(),
  },
  {
    // An attempt past its deadline is closed, even before the sweep or a read closes its row.
    name: 'a question is open in two attempts of one user',
    rows: (db, now) =>
      db
        .selectFrom('quiz_attempts as a')
        .innerJoin('quiz_attempt_questions as aq', 'aq.attempt_id', 'a.id')
        .select((eb) => [
          'a.user_id',
          'aq.question_id',
          eb.fn.countAll().as('open'),
          eb.fn.min('a.id').as('first_attempt'),
          eb.fn.max('a.id').as('last_attempt'),
          eb.fn.min('a.kind').as('kind'),
          eb.fn.max('a.kind').as('other_kind'),
        ])
        .where('a.status', '=', 'open')
        .where('a.expires_at', '>', now)
        .groupBy(['a.user_id', 'aq.question_id'])
        .having((eb) => eb.fn.countAll(), '>', 1)
        .execute(),
  },
  {
    name: 'a question of a live quiz or validation is not held for it',
    rows: (db, now) =>
      db
        .selectFrom('quiz_attempts as a')
        .innerJoin('quiz_attempt_questions as aq', 'aq.attempt_id', 'a.id')
        .leftJoin('question_holds as h', (join) =>
          join
            .onRef('h.user_id', '=', 'a.user_id')
            .onRef('h.question_id', '=', 'aq.question_id')
            .on('h.expires_at', '>', now),
        )
        .select(['a.id as attempt_id', 'aq.question_id', 'h.holder'])
        .where('a.status', '=', 'open')
        .where('a.kind', 'in', ['quiz', 'training'])
        .where('a.expires_at', '>', now)
        .where((eb) =>
          eb.or([
            eb('h.holder', 'is', null),
            eb('h.holder', '<>', sql<string>`${sql.lit('attempt:')} || ${idText(sql.ref('a.id'))}`),
          ]),
        )
        .execute(),
  },
  {
    name: 'a quiz credited more than its stored score, or a closed ranked quiz lacks its credit',
    rows: async (db) =>
      (
        await sql<{ id: number }>`
          select a.id from quiz_attempts a
          left join points_ledger l on l.reason = 'quiz'
            and l.reference = ${sql.lit('quiz_attempt:')} || ${idText(sql.ref('a.id'))}
          where (l.id is not null and (a.kind <> 'quiz' or a.ranked is distinct from 1
                   or l.amount <> a.score or l.user_id <> a.user_id))
             or (a.status = 'closed' and a.kind = 'quiz' and a.ranked = 1 and a.score > 0
                   and l.id is null)
        `.execute(db)
      ).rows,
  },
  {
    name: 'a user took more ranked slots in a day than there are',
    rows: (db) =>
      db
        .selectFrom('quiz_attempts')
        .select(['user_id', 'ranked_date', 'ranked_slot', (eb) => eb.fn.countAll().as('rows')])
        .where('ranked_slot', 'is not', null)
        .groupBy(['user_id', 'ranked_date', 'ranked_slot'])
        .having((eb) => eb.fn.countAll(), '>', 1)
        .execute(),
  },
  {
    name: 'a duel was rewarded more than once, or while not over',
    rows: async (db) =>
      (
        await sql<{ reference: string }>`
          select l.reference from points_ledger l
          left join duels d on l.reference = ${sql.lit('duel:')} || ${idText(sql.ref('d.id'))}
          where l.reason in ('duel_win', 'duel_loss')
          group by l.reference, d.status
          having count(*) > 2 or sum(case when l.reason = 'duel_win' then 1 else 0 end) > 1
             or sum(case when l.reason = 'duel_loss' then 1 else 0 end) > 1
             or d.status is null or d.status not in ('completed', 'timeout')
        `.execute(db)
      ).rows,
  },
  {
    name: "a split's totals differ from its ledger rows",
    rows: async (db) =>
      (
        await sql<{ split_id: number; user_id: number }>`
          select s.id as split_id, l.user_id, sum(l.amount) as ledger, t.total
          from points_ledger l
          join splits s on l.created_at >= s.start_at and l.created_at < s.end_at
          left join split_totals t on t.split_id = s.id and t.user_id = l.user_id
          group by s.id, l.user_id, t.total
          having t.total is null or sum(l.amount) <> t.total
        `.execute(db)
      ).rows,
  },
  {
    name: 'a player has two plays of one duel round',
    rows: (db) =>
      db
        .selectFrom('duel_round_attempts')
        .select(['round_id', 'user_id', (eb) => eb.fn.countAll().as('plays')])
        .groupBy(['round_id', 'user_id'])
        .having((eb) => eb.fn.countAll(), '>', 1)
        .execute(),
  },
];

/** Text of a day column on either engine (a date in PostgreSQL, text in SQLite). */
function dayText(db: Db, ref: ReturnType<typeof sql.ref>) {
  return isPostgres(db as unknown as Kysely<unknown>)
    ? sql`to_char(${ref}, 'YYYY-MM-DD')`
    : sql`${ref}`;
}

function idText(ref: ReturnType<typeof sql.ref>) {
  return sql`cast(${ref} as text)`;
}

/** Every invariant broken at `now`, with the rows that break it; empty when all hold. */
export async function violations(
  db: Db,
  now = new Date().toISOString(),
): Promise<{ name: string; rows: unknown[] }[]> {
  const found: { name: string; rows: unknown[] }[] = [];
  for (const check of checks) {
    const rows = await check.rows(db, now);
    if (rows.length > 0) found.push({ name: check.name, rows: rows.slice(0, 10) });
  }
  return found;
}
