import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_OPTIONS } from '../scripts/node-options.mjs';
import { ROOT_DIR } from '../src/config';

const startScript = (file: string) =>
  (JSON.parse(fs.readFileSync(path.join(ROOT_DIR, file), 'utf8')) as { scripts: { start: string } })
    .scripts.start;

describe('the V8 settings of an instance', () => {
  it('are those `npm start` and the server’s own start script run it with', () => {
    for (const file of ['package.json', 'apps/server/package.json']) {
      const words = startScript(file).split(/\s+/);
      for (const option of SERVER_NODE_OPTIONS) expect(words, file).toContain(option);
    }
  });

  it('are written out in the commands of docs/operations.md', () => {
    const doc = fs.readFileSync(path.join(ROOT_DIR, 'docs/operations.md'), 'utf8');
    const commands = doc
      .split('\n')
      .filter((line) => /node .*apps\/server\/dist\/server\.js/.test(line));
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands)
      for (const option of SERVER_NODE_OPTIONS) expect(command).toContain(option);
  });
});
