import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against any past shape of the schema */

/** Duels won by a user are counted for a badge: through an index, not a scan of every duel. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('duels_winner_index').on('duels').column('winner_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('duels_winner_index').execute();
}
