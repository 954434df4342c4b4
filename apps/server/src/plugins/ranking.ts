import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { onPointsChanged } from '../modules/points/points.service';
import { MemoryRankStore, RedisRankStore } from '../modules/ranking/rank-store';
import { HELD_PAGES, RankBoards } from '../modules/ranking/ranking.service';

declare module 'fastify' {
  interface FastifyInstance {
    rankings: RankBoards;
  }
}

/**
 * The rank store: in Redis when REDIS_URL is set (shared by every instance), else in memory. It
 * follows every committed change of points; the database stays the truth it is loaded from. The
 * unfiltered pages of the global ranking are held beside it until anyone's rows change.
 */
export default fp(
  async function ranking(app: FastifyInstance) {
    const { redisUrl, redisKeyPrefix } = app.config;
    const store = redisUrl ? new RedisRankStore(redisUrl, redisKeyPrefix) : new MemoryRankStore();
    const boards = new RankBoards(
      app.db,
      store,
      app.heldReads.holdShared({ capacity: HELD_PAGES }),
    );
    app.decorate('rankings', boards);
    const stop = onPointsChanged(app.db, (change) => boards.follow(change));
    app.addHook('onClose', async () => {
      stop();
      await store.close();
    });
  },
  { name: 'ranking', dependencies: ['db', 'held-reads'] },
);
