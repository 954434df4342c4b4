import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoDataIfEmpty } from './db/seed/demo';
import { pickAhead } from './modules/daily/daily.service';
import { alignSplits } from './modules/points/points.service';
import { transact } from './db/transaction';
import { startSweeper } from './sweeper';
import { withStartupLock } from './db/startup-lock';
import { keepTickShape } from './lib/tick-shape';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  await keepTickShape();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const db = createDatabase(config.databaseUrl, { poolSize: config.databasePoolSize });
  const app = await withStartupLock(db, async () => {
    await migrateToLatest(db);
    const built = await buildApp({ config, db });
    if (config.demoData && (await seedDemoDataIfEmpty(db, config)))
      built.log.info('demo data loaded: sign in as demo@example.com with the password demo1234');
    await transact(db, (trx) => alignSplits(trx, config.timeZone));
    await pickAhead(db, { timeZone: config.timeZone });
    return built;
  });
  const sweeper = startSweeper(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forced.unref();
    sweeper.stop();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
