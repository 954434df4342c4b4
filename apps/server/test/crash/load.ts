import type { LoginResponse } from '@app/contract/auth';
import type { Duel, DuelList, RoundQuiz, SubmitRoundResponse } from '@app/contract/duel';
import type { DailyAnswerResponse, DailyQuestion } from '@app/contract/daily';
import type {
  CheckAnswerResponse,
  QuizAttempt,
  QuizQuestion,
  QuizResult,
} from '@app/contract/quiz';
import { sleep } from './server-process';

/**
 * The write load: people playing as the web app would, over HTTP. Every answer 2xx is an
 * acknowledged write, recorded with what the server said it did, for the checks to find after
 * the crash. A request without an answer (the server died under it) proves nothing: the player
 * waits for the server to be back and carries on as a person reloading the page would, which
 * also replays the calls that were cut (a submit again, a daily answer again).
 */

export type Player = { id: number; email: string; password: string; token: string };

export type Ack =
  | { kind: 'login'; userId: number; tokenId: number; secret: string }
  | { kind: 'quiz generate'; userId: number; attemptId: number; questions: number }
  | {
      kind: 'answer check';
      attemptId: number;
      questionId: number;
      isCorrect: boolean;
      points: number;
    }
  | { kind: 'quiz submit'; userId: number; attemptId: number; score: number; ranked: boolean }
  | { kind: 'daily answer'; userId: number; day: string; isCorrect: boolean; points: number }
  | { kind: 'duel create'; duelId: number; user1: number; user2: number }
  | { kind: 'duel accept'; duelId: number }
  | { kind: 'round load'; duelId: number; round: number; userId: number; attemptId: number }
  | { kind: 'round submit'; duelId: number; round: number; userId: number; score: number }
  | {
      kind: 'duel end';
      duelId: number;
      winnerId: number | null;
      rewards: { user_id: number; points: number }[];
    };

/** Closed while the server is down: every request waits at it, none is sent to a dead port. */
export class Gate {
  private opened: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;

  close(): void {
    if (this.release) return;
    this.opened = new Promise((resolve) => (this.release = resolve));
  }

  open(): void {
    this.release?.();
    this.release = undefined;
  }

  wait(): Promise<void> {
    return this.opened;
  }
}

export type Answer<T> = { status: number; body: T };

/** The statuses each kind of call got, for the report; 0 is a call cut by the kill. */
export type Tally = Map<string, Map<number, number>>;

export class Api {
  readonly tally: Tally = new Map();
  /** 5xx answers, with the call that got them. */
  readonly serverErrors: string[] = [];

  constructor(
    private readonly base: string,
    private readonly gate: Gate,
  ) {}

  async call<T>(
    op: string,
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<Answer<T>> {
    await this.gate.wait();
    let answer: Answer<T>;
    try {
      const res = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await res.text();
      answer = { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
    } catch {
      // Cut by the kill (reset, refused, or the body never finished): unknown outcome.
      answer = { status: 0, body: undefined as T };
    }
    const counts = this.tally.get(op) ?? new Map<number, number>();
    counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
    this.tally.set(op, counts);
    if (answer.status >= 500) {
      this.serverErrors.push(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    if (answer.status === 0) await this.afterCut();
    return answer;
  }

  /** A cut call: the gate closes before the kill; a short pause if it did not (an exit of its own). */
  private async afterCut(): Promise<void> {
    await sleep(20);
    await this.gate.wait();
  }
}

const pick = <T>(items: readonly T[]): T | undefined =>
  items[Math.floor(Math.random() * items.length)];

function answerFor(question: QuizQuestion): number | string | null {
  return question.mode === 'open' ? 'Breguet' : (pick(question.choices)?.id ?? null);
}

/** Logs a user in over HTTP (until an answer comes), recording the token as a write. */
export async function logIn(
  api: Api,
  acks: Ack[],
  user: { email: string; password: string },
): Promise<Player | undefined> {
  for (let tries = 0; tries < 10; tries++) {
    const res = await api.call<LoginResponse>('login', 'POST', '/api/login', undefined, {
      email: user.email,
      password: user.password,
    });
    if (res.status === 200) {
      const [id, secret] = res.body.token.split('|');
      const userId = res.body.user.id;
      acks.push({ kind: 'login', userId, tokenId: Number(id), secret: secret! });
      return { ...user, id: userId, token: res.body.token };
    }
    if (res.status !== 0) return undefined;
  }
  return undefined;
}

/**
 * Plays quizzes one after the other: generate, check each answer but sometimes the last, which
 * goes with the submit instead. A cut call is not repeated except the submit, which is repeated
 * until it answers: a submit again gets the stored result, which must be what the database holds.
 */
export async function playQuizzes(
  api: Api,
  acks: Ack[],
  user: Player,
  going: () => boolean,
): Promise<void> {
  for (let played = 0; going(); played++) {
    const difficulty = played % 2 === 0 ? 'easy' : 'medium';
    const generated = await api.call<QuizAttempt>(
      'quiz generate',
      'GET',
      `/api/quiz/generate?difficulty=${difficulty}`,
      user.token,
    );
    if (generated.status !== 200) continue;
    const quiz = generated.body;
    acks.push({
      kind: 'quiz generate',
      userId: user.id,
      attemptId: quiz.attempt_id,
      questions: quiz.questions.length,
    });
    const withSubmit = Math.random() < 0.5 ? quiz.questions.at(-1) : undefined;
    for (const question of quiz.questions) {
      if (question === withSubmit) continue;
      await checkAnswer(api, acks, user, quiz.attempt_id, question);
    }
    const answers = withSubmit
      ? [
          {
            question_id: withSubmit.question_id,
            mode: withSubmit.mode,
            answer: answerFor(withSubmit),
          },
        ]
      : [];
    for (let tries = 0; tries < 5; tries++) {
      const submitted = await api.call<QuizResult>(
        'quiz submit',
        'POST',
        `/api/quiz/submit/${quiz.attempt_id}`,
        user.token,
        { answers },
      );
      if (submitted.status === 200) {
        acks.push({
          kind: 'quiz submit',
          userId: user.id,
          attemptId: quiz.attempt_id,
          score: submitted.body.score,
          ranked: submitted.body.ranked,
        });
      }
      if (submitted.status !== 0) break;
    }
  }
}

async function checkAnswer(
  api: Api,
  acks: Ack[],
  user: Player,
  attemptId: number,
  question: QuizQuestion,
): Promise<void> {
  const res = await api.call<CheckAnswerResponse>(
    'answer check',
    'POST',
    '/api/quiz/check-answer',
    user.token,
    {
      attempt_id: attemptId,
      question_id: question.question_id,
      mode: question.mode,
      answer: answerFor(question),
    },
  );
  if (res.status === 200) {
    acks.push({
      kind: 'answer check',
      attemptId,
      questionId: question.question_id,
      isCorrect: res.body.is_correct,
      points: res.body.points_awarded,
    });
  }
}

/**
 * The daily question, answered by one user after another from `waiting`: each logs in over HTTP,
 * reads the question and answers it once (again after a cut: a 409 then says the cut one counted).
 * A pause between users spreads them over the run.
 */
export async function answerDailies(
  api: Api,
  acks: Ack[],
  waiting: { email: string; password: string }[],
  going: () => boolean,
  pauseMs: number,
): Promise<void> {
  while (going()) {
    const next = waiting.shift();
    if (!next) return;
    const user = await logIn(api, acks, next);
    if (!user) continue;
    let question: DailyQuestion | undefined;
    for (let tries = 0; tries < 5 && !question; tries++) {
      const res = await api.call<DailyQuestion>(
        'daily question',
        'GET',
        '/api/quiz/daily-question',
        user.token,
      );
      if (res.status === 200) question = res.body;
      else if (res.status !== 0) break;
    }
    if (question) {
      for (let tries = 0; tries < 5; tries++) {
        const res = await api.call<DailyAnswerResponse>(
          'daily answer',
          'POST',
          '/api/quiz/daily-answer',
          user.token,
          { question_id: question.question_id, user_answer: answerFor(question) },
        );
        if (res.status === 200) {
          acks.push({
            kind: 'daily answer',
            userId: user.id,
            day: question.day,
            isCorrect: res.body.is_correct,
            points: res.body.points_awarded,
          });
        }
        if (res.status !== 0) break;
      }
    }
    await sleep(pauseMs * (0.5 + Math.random()));
  }
}

/** Something in the duel is not as the player last saw it: read it again. */
class Resync extends Error {}

/**
 * Two users playing duels against each other, start to end, again and again: `a` challenges, `b`
 * accepts, each plays the three rounds (load, five checks, submit). After a cut call the pair reads
 * the duel again from the server and resumes where it stands.
 */
export async function playDuels(
  api: Api,
  acks: Ack[],
  a: Player,
  b: Player,
  themeId: number,
  going: () => boolean,
): Promise<void> {
  const ofPair = (duel: Duel) =>
    (duel.user1_id === a.id && duel.user2_id === b.id) ||
    (duel.user1_id === b.id && duel.user2_id === a.id);

  async function current(): Promise<Duel | undefined> {
    for (const status of ['active', 'pending']) {
      const res = await api.call<DuelList>(
        'duel list',
        'GET',
        `/api/duels?status=${status}`,
        a.token,
      );
      if (res.status !== 200) throw new Resync();
      const found = res.body.data.find(ofPair);
      if (found) return found;
    }
    return undefined;
  }

  async function play(duel: Duel, round: number, player: Player): Promise<Duel> {
    const base = `/api/duels/${duel.id}/rounds/${round}`;
    const loaded = await api.call<RoundQuiz>('round load', 'GET', `${base}/quiz`, player.token);
    if (loaded.status === 422) return duel; // played already: the cut submit counted
    if (loaded.status !== 200) throw new Resync();
    const quiz = loaded.body;
    acks.push({
      kind: 'round load',
      duelId: duel.id,
      round,
      userId: player.id,
      attemptId: quiz.attempt_id,
    });
    const answered = new Set(quiz.answered.map((q) => q.question_id));
    for (const question of quiz.questions) {
      if (!answered.has(question.question_id))
        await checkAnswer(api, acks, player, quiz.attempt_id, question);
    }
    const submitted = await api.call<SubmitRoundResponse>(
      'round submit',
      'POST',
      `${base}/submit`,
      player.token,
      { attempt_id: quiz.attempt_id, time_seconds: 20 },
    );
    if (submitted.status !== 200) throw new Resync();
    const view = submitted.body.duel;
    const mine = view.rounds
      .find((r) => r.round_number === round)
      ?.attempts.find((attempt) => attempt.user_id === player.id);
    acks.push({
      kind: 'round submit',
      duelId: duel.id,
      round,
      userId: player.id,
      score: mine?.score ?? -1,
    });
    if (submitted.body.is_duel_completed) {
      acks.push({
        kind: 'duel end',
        duelId: duel.id,
        winnerId: view.winner_id,
        rewards: view.rewards,
      });
    }
    return view;
  }

  while (going()) {
    try {
      let duel = await current();
      if (!duel) {
        const created = await api.call<Duel>('duel create', 'POST', '/api/duels', a.token, {
          quiz_id: themeId,
          opponent_id: b.id,
        });
        if (created.status !== 201) throw new Resync();
        duel = created.body;
        acks.push({ kind: 'duel create', duelId: duel.id, user1: a.id, user2: b.id });
      }
      const [challenger, challenged] = duel.user1_id === a.id ? [a, b] : [b, a];
      if (duel.status === 'pending') {
        const accepted = await api.call<Duel>(
          'duel accept',
          'POST',
          `/api/duels/${duel.id}/start`,
          challenged.token,
        );
        if (accepted.status !== 200) throw new Resync();
        duel = accepted.body;
        acks.push({ kind: 'duel accept', duelId: duel.id });
      }
      for (let round = 1; round <= duel.rounds.length && going(); round++) {
        for (const player of [challenger, challenged]) {
          const attempt = duel.rounds
            .find((r) => r.round_number === round)
            ?.attempts.find((x) => x.user_id === player.id);
          if (attempt?.completed_at) continue;
          duel = await play(duel, round, player);
        }
      }
    } catch (error) {
      if (!(error instanceof Resync)) throw error;
      await sleep(50);
    }
  }
}
