import type { FastifyInstance } from 'fastify';
import { closeExpiredAttempts } from './modules/quiz/quiz-play.service';
import { quizOptions } from './modules/quiz/quiz-shared';
import { pickAhead } from './modules/daily/daily.service';
import { settleOverdue } from './modules/duel/duel-round.service';

const EVERY_MS = 10 * 60 * 1000;

/**
 * Periodic tidying. Nothing depends on it: every deadline is also applied when the object is
 * read, so several instances may run it at once, or none.
 */
export function startSweeper(app: FastifyInstance): { stop: () => void } {
  const tasks: Record<string, () => Promise<number>> = {
    'idle tokens removed': () => app.auth.pruneIdleTokens(),
    'expired quiz attempts closed': () => closeExpiredAttempts(app.db, quizOptions(app.config)),
    'daily questions picked ahead': () => pickAhead(app.db, { timeZone: app.config.timeZone }),
    'overdue duels settled': () => settleOverdue(app.db),
  };
  // Each task on its own: one failing does not hold back the others.
  const run = async () => {
    for (const [done, task] of Object.entries(tasks)) {
      try {
        const count = await task();
        if (count > 0) app.log.info({ count }, done);
      } catch (error) {
        app.log.warn({ err: error }, `sweep failed: ${done}`);
      }
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
