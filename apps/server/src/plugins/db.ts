import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

/** The database and configuration the app was built with; the caller owns the database's lifetime. */
export default fp(
  async function db(app: FastifyInstance, options: { db: Db; config: Config; closeDb: boolean }) {
    app.decorate('db', options.db);
    app.decorate('config', options.config);
    if (options.closeDb) app.addHook('onClose', async () => options.db.destroy());
  },
  { name: 'db' },
);
