// Starts the built app for the browser tests: a fresh SQLite database with demo data on E2E_PORT.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer } from '../apps/server/scripts/build.mjs';
import { buildWebIfNeeded } from './web-build.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-'));
Object.assign(process.env, {
  NODE_ENV: 'test',
  PORT: process.env.E2E_PORT ?? '3210',
  HOST: '127.0.0.1',
  DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`,
  UPLOAD_DIR: path.join(dir, 'uploads'),
  DEMO_DATA: 'true',
  LOG_LEVEL: 'warn',
});
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));

buildWebIfNeeded();
await import(pathToFileURL(await buildServer()).href);
