// `npm run dev`: the API with reload on change (port 3000) and the web app through Vite (port 5173).
import { spawn } from 'node:child_process';
import { ROOT } from './web-build.mjs';

const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], { cwd: ROOT, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
