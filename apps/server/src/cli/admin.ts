import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ROLES, type Role } from '@app/contract/constants';
import { ConfigError, loadConfig, ROOT_DIR, type Config } from '../config';
import {
  BackupError,
  backupPostgres,
  backupSqlite,
  pgRestoreGuidance,
  restoreSqlite,
} from '../db/backup';
import { createDatabase, engineOf, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { withStartupLock } from '../db/startup-lock';
import { seedDemoDataIfEmpty } from '../db/seed/demo';
import { generatePeople } from '../db/seed/generate-people';
import { installValidationMessages } from '../lib/validation-messages';
import { ContentError, importContent, loadContent } from '../modules/content/content.service';
import { createUser, importUsersCsv, setPassword } from '../modules/user/user-provisioning.service';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  migrate                      Bring the database schema up to date.
  seed                         Load the demo data into an empty database.
  import-content [--dir DIR]   Upsert content/ (questions, modules, badges, titles, splits) by key.
  import-users <file.csv>      Create or update staff from an HR export. Columns:
                               email,first_name,last_name,store_name,store_city,store_country
                               and optionally role, password, store_timezone.
                               The whole file is checked first; if any line is wrong, nothing is applied.
                               A blank or missing role keeps a known user's role (new users: staff);
                               a new password signs the user out everywhere.
  create-user --email E --first-name F --last-name L --password P
              [--role staff|admin] [--store NAME --city CITY --country COUNTRY]
  set-password --email E --password P
                               Sets a new password and signs the user out everywhere.
  generate-people --count N    Adds N staff (who cannot sign in) with ledger history, in boutiques of
                               twelve countries: to measure the product at the size of a brand.
  backup <file>                A copy of the whole database as of one instant, also while the server
                               runs. SQLite: SQLite's online backup, checked before it gets its name.
                               PostgreSQL: pg_dump --format=custom (the command, if pg_dump is missing).
  restore <file>               SQLite: replaces the database with a backup, the server stopped. Refuses
                               a file that is not a database of this app; keeps the replaced one as
                               <database>.before-restore-<time>. PostgreSQL: prints the pg_restore
                               command to run.

The database is the one of DATABASE_URL (default sqlite:data/app.db).`;

type Command = (db: Db, config: Config, args: string[]) => Promise<void>;

/** Commands on the database as a whole: run without opening it through the app, nor migrating it. */
const wholeDatabaseCommands: Record<string, (config: Config, args: string[]) => Promise<void>> = {
  async backup(config, args) {
    const file = args[0];
    if (!file) throw new UsageError('backup needs the path of the file to write.');
    if (engineOf(config.databaseUrl) === 'postgres') {
      const { bytes } = backupPostgres(config.databaseUrl, file);
      console.log(`Backup written to ${file} by pg_dump (${megabytes(bytes)}).`);
      return;
    }
    const summary = await backupSqlite(config.databaseUrl, file);
    console.log(
      `Backup written to ${file} (${megabytes(summary.bytes)}): ${summary.users} users, ` +
        `${summary.ledgerRows} ledger rows, migrations up to ${summary.lastMigration}.`,
    );
  },

  async restore(config, args) {
    const file = args[0];
    if (!file) throw new UsageError('restore needs the path of a backup file.');
    if (engineOf(config.databaseUrl) === 'postgres') {
      console.error(pgRestoreGuidance(config.databaseUrl, file));
      process.exitCode = 1;
      return;
    }
    const { summary, previous } = restoreSqlite(config.databaseUrl, file);
    console.log(
      `Restored ${file} into ${config.databaseUrl.slice('sqlite:'.length)}: ${summary.users} users, ` +
        `${summary.ledgerRows} ledger rows, migrations up to ${summary.lastMigration}.`,
    );
    if (previous) console.log(`The database it replaced is kept as ${previous}.`);
  },
};

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const commands: Record<string, Command> = {
  async 'generate-people'(db, config, args) {
    const { values } = parseArgs({
      args,
      options: { count: { type: 'string' }, seed: { type: 'string' } },
    });
    const count = Number(values.count);
    if (!Number.isInteger(count) || count < 1 || count > 5_000_000) {
      throw new UsageError('generate-people needs --count, a whole number from 1 to 5000000.');
    }
    const started = Date.now();
    const made = await generatePeople(db, {
      count,
      timeZone: config.timeZone,
      ...(values.seed ? { seed: Number(values.seed) } : {}),
    });
    console.log(
      `${made.users} staff added with ${made.ledgerRows} ledger rows in ${made.stores} boutiques ` +
        `(${((Date.now() - started) / 1000).toFixed(1)} s).`,
    );
  },

  async migrate() {
    console.log('The database is up to date.');
  },

  async seed(db, config) {
    const seeded = await seedDemoDataIfEmpty(db, config);
    console.log(
      seeded ? 'Demo data loaded.' : 'The database already has users: demo data not loaded.',
    );
  },

  async 'import-content'(db, config, args) {
    const { values } = parseArgs({ args, options: { dir: { type: 'string' } } });
    const dir = path.resolve(values.dir ?? path.join(ROOT_DIR, 'content'));
    const summary = await importContent(db, loadContent(dir), {
      brandName: config.brandName,
      timeZone: config.timeZone,
    });
    console.log(
      `Content imported from ${dir}: ${summary.categories} modules, ${summary.questions} questions, ` +
        `${summary.badges} badges, ${summary.titles} titles, ${summary.splits} splits, ${summary.duelQuizzes} duel themes.`,
    );
  },

  async 'import-users'(db, config, args) {
    const file = args[0];
    if (!file) throw new UsageError('import-users needs the path of a CSV file.');
    const text = fs.readFileSync(path.resolve(file), 'utf8');
    const report = await importUsersCsv(db, text, { defaultTimeZone: config.timeZone });
    if (!report.ok) {
      console.error(`${file}: nothing was imported, ${report.errors.length} problem(s):`);
      for (const error of report.errors) console.error(`  ${error}`);
      process.exitCode = 1;
      return;
    }
    console.log(
      `${report.created} user(s) created, ${report.updated} updated, ${report.storesCreated} store(s) created.`,
    );
    if (report.passwordsChanged > 0) {
      console.log(
        `${report.passwordsChanged} user(s) got a new password and were signed out everywhere.`,
      );
    }
    if (report.withoutPassword.length > 0) {
      console.log(
        `${report.withoutPassword.length} new user(s) have no password yet; give them one with set-password:\n  ` +
          report.withoutPassword.join('\n  '),
      );
    }
  },

  async 'create-user'(db, config, args) {
    const { values } = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string', default: 'staff' },
        store: { type: 'string' },
        city: { type: 'string' },
        country: { type: 'string' },
      },
    });
    const { email, password } = values;
    const firstName = values['first-name'];
    const lastName = values['last-name'];
    if (!email || !password || !firstName || !lastName) {
      throw new UsageError('create-user needs --email, --first-name, --last-name and --password.');
    }
    if (!ROLES.includes(values.role as Role))
      throw new UsageError(`--role must be one of ${ROLES.join(', ')}.`);
    const store = values.store
      ? { name: values.store, city: values.city ?? '', country: values.country ?? '' }
      : undefined;
    if (store && (!store.city || !store.country))
      throw new UsageError('--store needs --city and --country.');
    const id = await createUser(
      db,
      {
        email,
        firstName,
        lastName,
        password,
        role: values.role as Role,
        ...(store ? { store } : {}),
      },
      config.timeZone,
    );
    console.log(`User ${id} created: ${email.toLowerCase()}.`);
  },

  async 'set-password'(db, _config, args) {
    const { values } = parseArgs({
      args,
      options: { email: { type: 'string' }, password: { type: 'string' } },
    });
    if (!values.email || !values.password)
      throw new UsageError('set-password needs --email and --password.');
    await setPassword(db, values.email, values.password);
    console.log(`Password changed for ${values.email.toLowerCase()}; their sessions were closed.`);
  },
};

class UsageError extends Error {}

async function main(argv: string[]) {
  const [name, ...args] = argv;
  const whole = name ? wholeDatabaseCommands[name] : undefined;
  if (whole) {
    await whole(loadConfig(), args);
    return;
  }
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.log(USAGE);
    process.exitCode = name && name !== 'help' && name !== '--help' ? 1 : 0;
    return;
  }
  const config = loadConfig();
  // After the configuration, whose messages name the variables their own way.
  installValidationMessages();
  const db = createDatabase(config.databaseUrl, { poolSize: config.databasePoolSize });
  try {
    await withStartupLock(db, () => migrateToLatest(db));
    await command(db, config, args);
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else if (
    error instanceof ConfigError ||
    error instanceof ContentError ||
    error instanceof BackupError
  )
    console.error(error.message);
  else if (error instanceof z.ZodError)
    console.error(error.issues.map((issue) => issue.message).join('\n'));
  else console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
