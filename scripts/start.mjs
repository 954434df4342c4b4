// `npm start`: builds the web app if needed and the server, then runs the built server with plain
// node (migrations and demo data at start).
import { pathToFileURL } from 'node:url';
import { buildServer } from '../apps/server/scripts/build.mjs';
import { buildWebIfNeeded } from './web-build.mjs';

buildWebIfNeeded();
const server = await buildServer();
process.setSourceMapsEnabled(true);
await import(pathToFileURL(server).href);
