// `npm start`: builds the web app if needed, then runs the server (migrations and demo data at start).
import { register } from 'tsx/esm/api';
import { buildWebIfNeeded } from './web-build.mjs';

buildWebIfNeeded();
register();
await import('../apps/server/src/server.ts');
