import { sql, type Kysely } from 'kysely';
import { isPostgres, type Db } from '../../src/db/database';
import { hashSecret } from '../../src/modules/auth/token';
import type { Ack } from './load';

/**
 * What the database must hold after a crash: every acknowledged write as the server described
 * it, each point credited once (the ledger has one row per cause, and every total is the sum of
 * its rows), and a sound file (SQLite's integrity check; on PostgreSQL, amcheck when it may be
 * installed). Read in one go, with the server idle, and compared here.
 */

export type Findings = {
  /** Acknowledged writes checked, by kind. */
  checked: Map<string, number>;
  /** Acknowledged writes missing or not as acknowledged, and causes without their credit. */
  lost: string[];
  /** Points credited twice, or totals that are not the sum of their ledger rows. */
  doubleCredits: string[];
  /** 'ok', or what the integrity check said. */
  integrity: string;
};

const key = (...parts: (string | number)[]) => parts.join('|');

async function snapshot(db: Db) {
  const [
    tokens,
    attempts,
    attemptQuestions,
    dailyAnswers,
    duels,
    roundAttempts,
    ledger,
    users,
    splits,
    splitTotals,
  ] = await Promise.all([
    db.selectFrom('personal_access_tokens').select(['id', 'user_id', 'token_hash']).execute(),
    db
      .selectFrom('quiz_attempts')
      .select(['id', 'user_id', 'kind', 'status', 'score', 'ranked'])
      .execute(),
    db
      .selectFrom('quiz_attempt_questions')
      .select(['attempt_id', 'question_id', 'answered_at', 'is_correct', 'points_awarded'])
      .select('speed_bonus')
      .execute(),
    db.selectFrom('daily_answers').select(['user_id', 'day', 'is_correct', 'points']).execute(),
    db
      .selectFrom('duels')
      .select(['id', 'user1_id', 'user2_id', 'status', 'winner_id', 'accepted_at'])
      .execute(),
    db
      .selectFrom('duel_round_attempts')
      .innerJoin('duel_rounds', 'duel_rounds.id', 'duel_round_attempts.round_id')
      .select([
        'duel_rounds.duel_id',
        'duel_rounds.round_number',
        'duel_round_attempts.user_id',
        'duel_round_attempts.quiz_attempt_id',
        'duel_round_attempts.score',
        'duel_round_attempts.completed_at',
      ])
      .execute(),
    db
      .selectFrom('points_ledger')
      .select(['user_id', 'amount', 'reason', 'reference', 'created_at'])
      .execute(),
    db.selectFrom('users').select(['id', 'total_points']).execute(),
    db.selectFrom('splits').select(['id', 'start_at', 'end_at']).execute(),
    db.selectFrom('split_totals').select(['split_id', 'user_id', 'total']).execute(),
  ]);
  return {
    tokens: new Map(tokens.map((t) => [t.id, t])),
    attempts: new Map(attempts.map((a) => [a.id, a])),
    attemptQuestions: new Map(attemptQuestions.map((q) => [key(q.attempt_id, q.question_id), q])),
    questionCounts: attemptQuestions.reduce(
      (counts, q) => counts.set(q.attempt_id, (counts.get(q.attempt_id) ?? 0) + 1),
      new Map<number, number>(),
    ),
    dailyAnswers: new Map(dailyAnswers.map((d) => [key(d.user_id, d.day), d])),
    duels: new Map(duels.map((d) => [d.id, d])),
    roundAttempts: new Map(
      roundAttempts.map((r) => [key(r.duel_id, r.round_number, r.user_id), r]),
    ),
    ledger,
    users,
    splits,
    splitTotals,
  };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** Why an acknowledged write is not in the database as acknowledged; undefined when it is. */
function missing(ack: Ack, s: Snapshot, credits: Map<string, number[]>): string | undefined {
  const credited = (userId: number, reason: string, reference: string) =>
    credits.get(key(userId, reason, reference)) ?? [];
  switch (ack.kind) {
    case 'login': {
      const token = s.tokens.get(ack.tokenId);
      return token?.user_id === ack.userId && token.token_hash === hashSecret(ack.secret)
        ? undefined
        : `token ${ack.tokenId} of user ${ack.userId} is gone`;
    }
    case 'quiz generate': {
      const attempt = s.attempts.get(ack.attemptId);
      if (attempt?.user_id !== ack.userId) return `attempt ${ack.attemptId} is gone`;
      const count = s.questionCounts.get(ack.attemptId) ?? 0;
      return count === ack.questions
        ? undefined
        : `attempt ${ack.attemptId} has ${count} questions, not ${ack.questions}`;
    }
    case 'answer check': {
      const row = s.attemptQuestions.get(key(ack.attemptId, ack.questionId));
      if (!row?.answered_at) return `answer to ${ack.questionId} in ${ack.attemptId} not locked`;
      return (row.is_correct === 1) === ack.isCorrect &&
        row.points_awarded + row.speed_bonus === ack.points
        ? undefined
        : `answer to ${ack.questionId} in ${ack.attemptId} locked otherwise than acknowledged`;
    }
    case 'quiz submit': {
      const attempt = s.attempts.get(ack.attemptId);
      if (attempt?.status !== 'closed' || attempt.score !== ack.score)
        return `attempt ${ack.attemptId} is not closed with its score ${ack.score}`;
      if ((attempt.ranked === 1) !== ack.ranked) return `attempt ${ack.attemptId} ranked otherwise`;
      if (!ack.ranked || ack.score === 0) return undefined;
      const rows = credited(ack.userId, 'quiz', `quiz_attempt:${ack.attemptId}`);
      return rows.length === 1 && rows[0] === ack.score
        ? undefined
        : `attempt ${ack.attemptId}: ledger ${JSON.stringify(rows)}, not [${ack.score}]`;
    }
    case 'daily answer': {
      const answer = s.dailyAnswers.get(key(ack.userId, ack.day));
      if (!answer || (answer.is_correct === 1) !== ack.isCorrect || answer.points !== ack.points)
        return `daily answer of user ${ack.userId} on ${ack.day} is gone or changed`;
      if (ack.points === 0) return undefined;
      const rows = credited(ack.userId, 'daily', `daily:${ack.day}`);
      return rows.length === 1 && rows[0] === ack.points
        ? undefined
        : `daily of user ${ack.userId}: ledger ${JSON.stringify(rows)}, not [${ack.points}]`;
    }
    case 'duel create': {
      const duel = s.duels.get(ack.duelId);
      return duel?.user1_id === ack.user1 && duel.user2_id === ack.user2
        ? undefined
        : `duel ${ack.duelId} is gone`;
    }
    case 'duel accept': {
      const duel = s.duels.get(ack.duelId);
      return duel && duel.status !== 'pending' && duel.accepted_at !== null
        ? undefined
        : `duel ${ack.duelId} is not accepted`;
    }
    case 'round load': {
      const play = s.roundAttempts.get(key(ack.duelId, ack.round, ack.userId));
      return play?.quiz_attempt_id === ack.attemptId
        ? undefined
        : `round ${ack.round} of duel ${ack.duelId}: play of user ${ack.userId} is gone`;
    }
    case 'round submit': {
      const play = s.roundAttempts.get(key(ack.duelId, ack.round, ack.userId));
      return play?.completed_at && play.score === ack.score
        ? undefined
        : `round ${ack.round} of duel ${ack.duelId}: submit of user ${ack.userId} is gone`;
    }
    case 'duel end': {
      const duel = s.duels.get(ack.duelId);
      if (duel?.status !== 'completed' || duel.winner_id !== ack.winnerId)
        return `duel ${ack.duelId} is not completed as acknowledged`;
      if (ack.winnerId === null) return undefined;
      for (const reward of ack.rewards) {
        const reason = reward.user_id === ack.winnerId ? 'duel_win' : 'duel_loss';
        const rows = credited(reward.user_id, reason, `duel:${ack.duelId}`);
        if (rows.length !== 1 || rows[0] !== reward.points)
          return `duel ${ack.duelId}: ${reason} ${JSON.stringify(rows)}, not [${reward.points}]`;
      }
      return undefined;
    }
  }
}

/**
 * Each credit once and every total its rows' sum. Returns [double credits, causes whose credit
 * is missing].
 */
function ledgerProblems(s: Snapshot, credits: Map<string, number[]>): [string[], string[]] {
  const twice: string[] = [];
  const lost: string[] = [];
  for (const [k, amounts] of credits) {
    if (amounts.length > 1) twice.push(`ledger ${k} written ${amounts.length} times`);
  }

  const sums = new Map<number, number>();
  for (const row of s.ledger) sums.set(row.user_id, (sums.get(row.user_id) ?? 0) + row.amount);
  for (const user of s.users) {
    const sum = sums.get(user.id) ?? 0;
    if (user.total_points !== sum)
      twice.push(`user ${user.id}: total ${user.total_points}, ledger sum ${sum}`);
  }

  const splitSums = new Map<string, number>();
  for (const row of s.ledger) {
    const split = s.splits.find(
      (sp) => sp.start_at !== null && sp.start_at <= row.created_at && row.created_at < sp.end_at!,
    );
    if (split) {
      const k = key(split.id, row.user_id);
      splitSums.set(k, (splitSums.get(k) ?? 0) + row.amount);
    }
  }
  const kept = new Map(s.splitTotals.map((t) => [key(t.split_id, t.user_id), t.total]));
  for (const k of new Set([...splitSums.keys(), ...kept.keys()])) {
    if ((splitSums.get(k) ?? 0) !== (kept.get(k) ?? 0))
      twice.push(`split total ${k}: ${kept.get(k) ?? 0}, ledger sum ${splitSums.get(k) ?? 0}`);
  }

  // Every credit has its cause, worth as much; every cause that earns points has its credit.
  for (const row of s.ledger) {
    const [kind, id] = row.reference.split(':');
    if (row.reason === 'quiz' && kind === 'quiz_attempt') {
      const attempt = s.attempts.get(Number(id));
      if (attempt?.status !== 'closed' || attempt.ranked !== 1 || attempt.score !== row.amount)
        twice.push(`ledger ${row.reference}: ${row.amount} without a ranked quiz of that score`);
    } else if (row.reason === 'daily' && kind === 'daily') {
      const answer = s.dailyAnswers.get(key(row.user_id, row.reference.slice('daily:'.length)));
      if (answer?.points !== row.amount)
        twice.push(`ledger ${row.reference} of user ${row.user_id}: no right answer that day`);
    } else if (row.reason === 'duel_win' || row.reason === 'duel_loss') {
      const duel = s.duels.get(Number(id));
      const winner = row.reason === 'duel_win';
      if (!duel || duel.winner_id === null || (duel.winner_id === row.user_id) !== winner)
        twice.push(`ledger ${row.reference} ${row.reason} of user ${row.user_id}: no such outcome`);
    }
  }
  for (const attempt of s.attempts.values()) {
    if (attempt.status === 'closed' && attempt.ranked === 1 && (attempt.score ?? 0) > 0) {
      if (!credits.has(key(attempt.user_id, 'quiz', `quiz_attempt:${attempt.id}`)))
        lost.push(`ranked quiz ${attempt.id} scored ${attempt.score} but never credited`);
    }
  }
  for (const answer of s.dailyAnswers.values()) {
    if (answer.points > 0 && !credits.has(key(answer.user_id, 'daily', `daily:${answer.day}`)))
      lost.push(`daily answer of user ${answer.user_id} on ${answer.day} never credited`);
  }
  for (const duel of s.duels.values()) {
    if (duel.winner_id === null) continue;
    const loser = duel.winner_id === duel.user1_id ? duel.user2_id : duel.user1_id;
    if (
      !credits.has(key(duel.winner_id, 'duel_win', `duel:${duel.id}`)) ||
      !credits.has(key(loser, 'duel_loss', `duel:${duel.id}`))
    )
      lost.push(`duel ${duel.id} won by ${duel.winner_id} without both rewards`);
  }
  return [twice, lost];
}

async function integrity(db: Db): Promise<string> {
  if (!isPostgres(db as Kysely<unknown>)) {
    const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    const verdict = rows.map((r) => r.integrity_check).join('; ');
    if (verdict !== 'ok') return verdict;
    const broken = await sql`pragma foreign_key_check`.execute(db);
    return broken.rows.length === 0 ? 'ok' : `${broken.rows.length} broken foreign keys`;
  }
  try {
    await sql`create extension if not exists amcheck`.execute(db);
  } catch {
    return 'ok (amcheck unavailable: not checked)';
  }
  const indexes = await sql<{ oid: number; name: string }>`
    select c.oid, c.relname as name from pg_index i
    join pg_class c on c.oid = i.indexrelid
    join pg_am am on am.oid = c.relam
    where am.amname = 'btree' and c.relnamespace = 'public'::regnamespace
  `.execute(db);
  for (const index of indexes.rows) {
    try {
      await sql`select bt_index_check(${index.oid}::regclass, true)`.execute(db);
    } catch (error) {
      return `index ${index.name}: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  const tables = await sql<{ oid: number; name: string }>`
    select c.oid, c.relname as name from pg_class c
    where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
  `.execute(db);
  for (const table of tables.rows) {
    const corrupt = await sql`select * from verify_heapam(${table.oid}::regclass)`.execute(db);
    if (corrupt.rows.length > 0)
      return `table ${table.name}: ${corrupt.rows.length} corrupt tuples`;
  }
  return 'ok';
}

/** Checks the acknowledged writes and the ledger; the server must be idle meanwhile. */
export async function check(db: Db, acks: readonly Ack[]): Promise<Findings> {
  const s = await snapshot(db);
  const credits = new Map<string, number[]>();
  for (const row of s.ledger) {
    const k = key(row.user_id, row.reason, row.reference);
    credits.set(k, [...(credits.get(k) ?? []), row.amount]);
  }
  const checked = new Map<string, number>();
  const lost: string[] = [];
  for (const ack of acks) {
    checked.set(ack.kind, (checked.get(ack.kind) ?? 0) + 1);
    const problem = missing(ack, s, credits);
    if (problem) lost.push(problem);
  }
  const [doubleCredits, uncredited] = ledgerProblems(s, credits);
  return {
    checked,
    lost: [...lost, ...uncredited],
    doubleCredits,
    integrity: await integrity(db),
  };
}
