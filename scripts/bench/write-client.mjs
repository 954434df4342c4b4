// The load client of the write measurements, run pinned to the load generator's CPU by writes.mjs:
// `node write-client.mjs <job.json>` prints one JSON object of figures.
//
// Players play whole quizzes (generate, check each answer, submit) or duels (create, accept, three
// rounds of five checks and a submit per player), each as real users with their own open attempt,
// so that every write does what a person's would: lock an answer once, close an attempt once.
// Closed loop: each player sends its next request when the previous one answered. Fixed rate:
// requests are due at a constant rate whatever the answers (as wrk2 does); a request waiting for a
// free player counts its wait, so a slow server cannot hide its queue (no coordinated omission).
// The bare server is loaded the same two ways (`bare`, `bare-rate`), `GET /` for each request.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { httpClient } from './http-client.mjs';

/**
 * @typedef {{ id: number, token: string }} Player
 * @typedef {{
 *   base: string, mode: 'bare' | 'bare-rate' | 'quiz' | 'quiz-rate' | 'duel', seconds: number, warmup: number,
 *   requests?: number,
 *   concurrency: number, rate?: number, players?: Player[], duelQuizIds?: number[]
 * }} Job
 * @typedef {{ status: number, json: any }} Answer
 * @typedef {(op: string, method: string, path: string, token?: string, body?: unknown) => Promise<Answer>} Send
 */

const job = /** @type {Job} */ (JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')));
const http = httpClient(job.base);

/** Latencies (ms) and answers of each kind of request, recorded only inside the measured window. */
const ops = /** @type {Map<string, { ms: number[], statuses: Record<string, number> }>} */ (
  new Map()
);
let recordFrom = Number.POSITIVE_INFINITY;
let recordUntil = Number.POSITIVE_INFINITY;
let ranked = 0;
let practice = 0;
/** Requests sent so far (`job.requests` caps them in the closed loop). */
let sent = 0;

function record(
  /** @type {string} */ op,
  /** @type {number} */ sentAt,
  /** @type {string} */ status,
) {
  // By when it was sent (or due): a slow answer to a request of the window still counts.
  if (sentAt < recordFrom || sentAt > recordUntil) return;
  let entry = ops.get(op);
  if (!entry) ops.set(op, (entry = { ms: [], statuses: {} }));
  entry.ms.push(performance.now() - sentAt);
  entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
}

/**
 * One request on a kept-alive connection; the latency runs from `due` (the fixed rate's planned
 * time) or from now.
 * @returns {Promise<Answer>}
 */
async function request(
  /** @type {string} */ op,
  /** @type {string} */ method,
  /** @type {string} */ path,
  /** @type {string | undefined} */ token,
  /** @type {unknown} */ body,
  /** @type {number} */ due,
) {
  sent += 1;
  try {
    const answer = await http.send(method, path, token, body);
    record(op, due, String(answer.status));
    return { status: answer.status, json: answer.json };
  } catch (error) {
    record(op, due, /** @type {NodeJS.ErrnoException} */ (error).code ?? 'error');
    return { status: 0, json: undefined };
  }
}

/**
 * A Send whose latencies run from `due`, or from each call when it is undefined.
 * @param {number | undefined} due
 * @returns {Send}
 */
function sender(due) {
  return (op, method, path, token, body) =>
    request(op, method, path, token, body, due ?? performance.now());
}

const pick = (/** @type {readonly any[]} */ items) =>
  items[Math.floor(Math.random() * items.length)];

/** An answer for a question: a choice at random, or a text for an open question. */
function answerFor(/** @type {{ mode: string, choices: { id: number }[] }} */ question) {
  return question.mode === 'open' ? 'Breguet' : (pick(question.choices)?.id ?? null);
}

/**
 * Plays quizzes one request at a time, each as the user who has waited longest: users go back to
 * the end of the shared line after each quiz, so that they all play about as many (and each keeps
 * the daily ranked quizzes a person would have), however unevenly the players are used.
 */
class QuizPlayer {
  /** @param {Player[]} line the users waiting for a quiz, shared by the players */
  constructor(line) {
    this.line = line;
    this.played = 0;
    /** @type {Player | undefined} */
    this.user = undefined;
    /** @type {{ attempt_id: number, questions: any[] } | undefined} */
    this.attempt = undefined;
    this.next = 0;
  }

  /** Sends the next request of the current quiz: generate, one check, or the submit. */
  async step(/** @type {Send} */ send) {
    this.user ??= this.line.shift();
    const user = this.user;
    if (!user) return;
    if (!this.attempt) {
      // Easy (two choices) and medium (four) in turn, as people mostly play them.
      const difficulty = this.played % 2 === 0 ? 'easy' : 'medium';
      const answer = await send(
        'generate',
        'GET',
        `/api/quiz/generate?difficulty=${difficulty}`,
        user.token,
      );
      if (answer.status === 200) {
        this.attempt = answer.json;
        this.next = 0;
      } else this.done();
      return;
    }
    const question = this.attempt.questions[this.next];
    if (question) {
      this.next += 1;
      await send('check-answer', 'POST', '/api/quiz/check-answer', user.token, {
        attempt_id: this.attempt.attempt_id,
        question_id: question.question_id,
        mode: question.mode,
        answer: answerFor(question),
      });
      return;
    }
    const result = await send(
      'submit',
      'POST',
      `/api/quiz/submit/${this.attempt.attempt_id}`,
      user.token,
      { answers: [] },
    );
    if (result.status === 200) {
      if (result.json?.ranked) ranked += 1;
      else practice += 1;
    }
    this.done();
  }

  /** Hands the user back to the end of the line. */
  done() {
    if (this.user) this.line.push(this.user);
    this.user = undefined;
    this.attempt = undefined;
    this.played += 1;
  }
}

/** Two users playing duels against each other, start to end, again and again. */
async function duelPair(
  /** @type {Player} */ a,
  /** @type {Player} */ b,
  /** @type {number[]} */ quizIds,
  /** @type {() => boolean} */ going,
) {
  const send = sender(undefined);
  let theme = a.id;
  while (going()) {
    theme += 1;
    const quizId = quizIds[theme % quizIds.length];
    const created = await send('duel create', 'POST', '/api/duels', a.token, {
      quiz_id: quizId,
      opponent_id: b.id,
    });
    if (created.status !== 201) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    const id = created.json.id;
    await send('duel accept', 'POST', `/api/duels/${id}/start`, b.token);
    for (let round = 1; round <= 3 && going(); round++) {
      await Promise.all([a, b].map((player) => playRound(send, player, id, round)));
    }
  }
}

async function playRound(
  /** @type {Send} */ send,
  /** @type {Player} */ player,
  /** @type {number} */ duelId,
  /** @type {number} */ round,
) {
  const quiz = await send(
    'round quiz',
    'GET',
    `/api/duels/${duelId}/rounds/${round}/quiz`,
    player.token,
  );
  if (quiz.status !== 200) return;
  for (const question of quiz.json.questions) {
    await send('round check-answer', 'POST', '/api/quiz/check-answer', player.token, {
      attempt_id: quiz.json.attempt_id,
      question_id: question.question_id,
      mode: question.mode,
      answer: answerFor(question),
    });
  }
  await send('round submit', 'POST', `/api/duels/${duelId}/rounds/${round}/submit`, player.token, {
    attempt_id: quiz.json.attempt_id,
    time_seconds: 30,
  });
}

/** Asks the bare server for its page, one request a step. */
class BarePlayer {
  step(/** @type {Send} */ send) {
    return send('GET /', 'GET', '/').then(() => undefined);
  }
}

/** `count` players of the bare server. */
const barePlayers = (/** @type {number} */ count) =>
  Array.from({ length: count }, () => new BarePlayer());

/** `count` players sharing one line of users. */
function quizPlayers(/** @type {Player[]} */ users, /** @type {number} */ count) {
  const line = [...users];
  return Array.from({ length: count }, () => new QuizPlayer(line));
}

async function closedLoop() {
  const start = performance.now();
  recordFrom = start + job.warmup * 1000;
  recordUntil = recordFrom + job.seconds * 1000;
  // With `requests`, the loop also ends once that many are sent: the same work on any machine.
  const going = () =>
    performance.now() < recordUntil && (job.requests === undefined || sent < job.requests);
  const users = job.players ?? [];
  if (job.mode === 'bare') {
    await Promise.all(
      barePlayers(job.concurrency).map(async (player) => {
        while (going()) await player.step(sender(undefined));
      }),
    );
  } else if (job.mode === 'quiz') {
    await Promise.all(
      quizPlayers(users, job.concurrency).map(async (player) => {
        while (going()) await player.step(sender(undefined));
      }),
    );
  } else {
    const pairs = [];
    for (let i = 0; i + 1 < users.length; i += 2) pairs.push([users[i], users[i + 1]]);
    await Promise.all(
      pairs.map(([a, b]) =>
        duelPair(
          /** @type {Player} */ (a),
          /** @type {Player} */ (b),
          job.duelQuizIds ?? [],
          going,
        ),
      ),
    );
  }
  return { seconds: job.seconds, backlog: 0 };
}

/** Requests due every 1/rate seconds; a due request waits for a free player, its wait counted. */
async function fixedRate() {
  const rate = job.rate ?? 100;
  const interval = 1000 / rate;
  const start = performance.now() + 10;
  recordFrom = start + job.warmup * 1000;
  recordUntil = recordFrom + job.seconds * 1000;
  /** @type {{ step: (send: Send) => Promise<void> }[]} */
  const idle =
    job.mode === 'bare-rate'
      ? barePlayers(job.concurrency)
      : quizPlayers(job.players ?? [], job.concurrency);
  /** @type {number[]} */
  const due = [];
  let planned = 0;
  let inFlight = 0;
  let backlogAtEnd = 0;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  await new Promise((resolve) => {
    const pump = () => {
      const now = performance.now();
      for (let at = start + planned * interval; at <= now && at < recordUntil;) {
        due.push(at);
        planned += 1;
        at = start + planned * interval;
      }
      while (due.length > 0 && idle.length > 0) {
        const at = /** @type {number} */ (due.shift());
        const player = /** @type {(typeof idle)[number]} */ (idle.pop());
        inFlight += 1;
        void player.step(sender(at)).then(() => {
          inFlight -= 1;
          idle.push(player);
          pump();
        });
      }
      const next = start + planned * interval;
      if (next < recordUntil) {
        // One timer for the next due request, however many answers call pump meanwhile.
        clearTimeout(timer);
        timer = setTimeout(pump, Math.max(0, next - performance.now()));
      } else if (due.length === 0 || performance.now() > recordUntil + 30_000) {
        backlogAtEnd = due.length;
        due.length = 0;
        if (inFlight === 0) resolve(undefined);
      }
    };
    pump();
  });
  return { seconds: job.seconds, backlog: backlogAtEnd, rate };
}

const outcome = job.mode.endsWith('-rate') ? await fixedRate() : await closedLoop();
http.close();

const sorted = (/** @type {number[]} */ values) => Float64Array.from(values).sort();
const at = (/** @type {Float64Array} */ values, /** @type {number} */ p) =>
  values.length
    ? (values[Math.min(values.length - 1, Math.ceil(p * values.length) - 1)] ?? NaN)
    : NaN;
const all = sorted([...ops.values()].flatMap((entry) => entry.ms));
const figures = {
  ...outcome,
  requests: all.length,
  rps: all.length / job.seconds,
  p50: at(all, 0.5),
  p99: at(all, 0.99),
  errors: [...ops.values()].reduce(
    (sum, entry) =>
      sum +
      Object.entries(entry.statuses)
        .filter(([status]) => !/^2/.test(status))
        .reduce((n, [, count]) => n + count, 0),
    0,
  ),
  ranked,
  practice,
  ops: Object.fromEntries(
    [...ops].map(([op, entry]) => {
      const ms = sorted(entry.ms);
      return [
        op,
        {
          requests: ms.length,
          rps: ms.length / job.seconds,
          p50: at(ms, 0.5),
          p99: at(ms, 0.99),
          statuses: entry.statuses,
        },
      ];
    }),
  ),
};
process.stdout.write(JSON.stringify(figures));
