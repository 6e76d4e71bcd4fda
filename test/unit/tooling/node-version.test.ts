/** `npm start` and `npm run web` stop on a Node older than 22.12 with one plain sentence (scripts/node-version.cjs). */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import packageJson from '../../../package.json';
import { runToEnd as run } from '../../support/child-processes';

const require = createRequire(import.meta.url);
const { nodeVersionProblem } = require('../../../scripts/node-version.cjs') as {
  nodeVersionProblem(version: string): string | null;
};

describe('the Node version check', () => {
  it('refuses every Node before 22.12 in words that say how to get Node 24, and passes 22.12 and later', () => {
    for (const old of ['20.19.0', '22.11.9', '18.0.0', '21.99.0'])
      expect(nodeVersionProblem(old)).toMatch(/needs Node\.js 22\.12 or newer.*npx -y -p node@24 npm start/);
    for (const fine of ['22.12.0', '22.20.1', '23.0.0', '24.4.1']) expect(nodeVersionProblem(fine)).toBeNull();
  });

  it('runs first in npm start and npm run web, and agrees with package.json engines', () => {
    expect(packageJson.scripts.start.startsWith('node scripts/node-version.cjs && ')).toBe(true);
    expect(packageJson.scripts.web.startsWith('node scripts/node-version.cjs && ')).toBe(true);
    expect(packageJson.engines.node).toBe('>=22.12');
  });

  it('exits 0 silently on this Node, and on any other Node installed here exits as its version says', async () => {
    const here = await run(process.execPath, ['scripts/node-version.cjs']);
    expect(here.status).toBe(0);
    expect(here.stderr).toBe('');
    // The system's own Node (Node 20 on the build machines) runs the script as `npm start` would there.
    const system = '/usr/bin/node';
    if (!existsSync(system)) return;
    const version = (await run(system, ['-p', 'process.versions.node'])).stdout.trim();
    const checked = await run(system, ['scripts/node-version.cjs']);
    const problem = nodeVersionProblem(version);
    expect(checked.status).toBe(problem === null ? 0 : 1);
    expect(checked.stderr.trim()).toBe(problem ?? '');
  });
});
