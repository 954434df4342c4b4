import type { FastifyInstance } from 'fastify';
import { closeExpiredAttempts } from './modules/quiz/quiz.service';

const EVERY_MS = 10 * 60 * 1000;

/**
 * Periodic tidying. Nothing depends on it: every deadline is also applied when the object is
 * read, so several instances may run it at once, or none.
 */
export function startSweeper(app: FastifyInstance): { stop: () => void } {
  const run = async () => {
    try {
      const pruned = await app.auth.pruneIdleTokens();
      if (pruned > 0) app.log.info({ pruned }, 'idle tokens removed');
      const expired = await closeExpiredAttempts(app.db, { timeZone: app.config.timeZone });
      if (expired > 0) app.log.info({ expired }, 'expired quiz attempts closed');
    } catch (error) {
      app.log.warn({ err: error }, 'sweep failed');
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
