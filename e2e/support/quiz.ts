import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, type Response } from '@playwright/test';

/**
 * What a browser test may know about the questions: the content files the demo database is seeded
 * from (`content/questions/*.json`), read by question text. The browser never sees them.
 */
type ContentQuestion = {
  key: string;
  mode: 'qcm_2' | 'qcm_4' | 'open';
  text: string;
  choices?: { id: number; text: string }[];
  correct_choice_id?: number;
  accepted_answers?: string[];
};

export type KnownAnswer =
  | { mode: 'qcm_2' | 'qcm_4'; right: string; wrong: string }
  | { mode: 'open'; right: string; wrong: string };

const CONTENT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../content/questions',
);

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

function loadAnswers(): Map<string, KnownAnswer> {
  const answers = new Map<string, KnownAnswer>();
  for (const file of fs.readdirSync(CONTENT).filter((f) => f.endsWith('.json'))) {
    const questions = JSON.parse(
      fs.readFileSync(path.join(CONTENT, file), 'utf8'),
    ) as ContentQuestion[];
    for (const q of questions) {
      if (q.mode === 'open') {
        answers.set(normalize(q.text), {
          mode: 'open',
          right: q.accepted_answers![0]!,
          wrong: 'Une réponse au hasard',
        });
      } else {
        const right = q.choices!.find((c) => c.id === q.correct_choice_id)!;
        const wrong = q.choices!.find((c) => c.id !== q.correct_choice_id)!;
        answers.set(normalize(q.text), { mode: q.mode, right: right.text, wrong: wrong.text });
      }
    }
  }
  return answers;
}

const answers = loadAnswers();

/** The answer to a question shown on the page, by its text. */
export function answerTo(questionText: string): KnownAnswer {
  const answer = answers.get(normalize(questionText));
  if (!answer) throw new Error(`No question with this text in content/: ${questionText}`);
  return answer;
}

/** Keys that would give an answer away before it is locked. */
export const ANSWER_KEYS = [
  'correct_choice_id',
  'accepted_answers',
  'correct_answer',
  'explanation',
];

const WATCHED = [/\/api\/quiz\/generate(\?|$)/, /\/api\/quiz\/attempt\/[^/?]+/];

/**
 * Records the body of every response of `generate` and `attempt/:id` the page receives, to check
 * that none carries an answer (PRODUCT.md §5: no response carries the correct answer of a question
 * before the user's answer to it is locked).
 */
export function watchQuizResponses(page: Page) {
  const bodies: { url: string; text: string }[] = [];
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const url = response.url();
    if (!WATCHED.some((pattern) => pattern.test(new URL(url).pathname + new URL(url).search))) {
      return;
    }
    pending.push(
      response.text().then(
        (text) => void bodies.push({ url, text }),
        () => undefined,
      ),
    );
  };
  page.on('response', onResponse);
  return {
    bodies,
    /** Fails if any recorded response names an answer; returns how many were checked. */
    async expectNoAnswers(): Promise<number> {
      await Promise.all(pending);
      for (const { url, text } of bodies) {
        for (const key of ANSWER_KEYS) {
          expect(text, `${url} must not carry ${key}`).not.toContain(`"${key}"`);
        }
      }
      return bodies.length;
    },
  };
}

/** The question currently on the quiz card. */
export async function currentQuestion(page: Page): Promise<string> {
  return normalize(await page.getByRole('article').getByRole('heading', { level: 2 }).innerText());
}

/** Waits until the quiz card shows another question than `previous`, or leaves the card. */
export async function waitForNextQuestion(page: Page, previous: string): Promise<void> {
  await expect
    .poll(
      async () => {
        if (!page.url().includes('/quiz/play')) return 'left';
        // Read at once, never waited for: the card may go (to the result) between two reads, and
        // a read that waits for it would hold the poll past its timeout.
        const [heading] = await page
          .getByRole('article')
          .getByRole('heading', { level: 2 })
          .allInnerTexts();
        if (heading === undefined) return 'between';
        return normalize(heading) === previous ? 'same' : 'next';
      },
      { timeout: 10_000 },
    )
    .not.toBe('same');
}
