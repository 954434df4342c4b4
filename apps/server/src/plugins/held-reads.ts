import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HeldReadsHub } from '../db/held-reads';
import { watchUserRows } from '../db/user-row-changes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads held until a change to their user's rows is heard (docs/decisions/0045). */
    heldReads: HeldReadsHub;
  }
}

/** The instance's held reads, told of changes by a watch of the database open while the app is. */
export default fp(
  async function heldReads(app: FastifyInstance) {
    const hub = new HeldReadsHub();
    const watch = watchUserRows(app.db, hub, { url: app.config.databaseListenUrl });
    hub.attach(watch);
    app.addHook('onClose', () => watch.close());
    app.decorate('heldReads', hub);
  },
  { name: 'held-reads', dependencies: ['db'] },
);
