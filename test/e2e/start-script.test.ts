/**
 * `npm start`'s script (scripts/start.mjs): a SIGINT or SIGTERM sent to it alone ends the whole tree it started.
 * On this machine the Electron binary is absent, so the script runs the web runtime (main/web/cli.ts) on the demo.
 * Every process of the tree carries a fresh run id in its environment, so the ones still alive can be listed.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { endGroup, spawnGroup } from '../support/child-processes';
import { processesMarked, RUN_MARKER } from '../support/process-guard';
import { BROWSER_RETRY } from '../support/browser-retry';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

describe('scripts/start.mjs', BROWSER_RETRY, () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    '%s to the script ends the web runtime it started, and the script exits 0',
    async (signal) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'venue-start-script-'));
      dirs.push(dataDir);
      const treeId = randomUUID();
      const start = spawnGroup(process.execPath, ['scripts/start.mjs', '--data-dir', dataDir, '--port', '0'], {
        env: { ...process.env, [RUN_MARKER]: treeId },
      });
      const exited = new Promise<number | null>((resolve) => start.once('exit', resolve));
      try {
        const line = await new Promise<string>((resolve) =>
          createInterface({ input: start.stdout }).once('line', resolve),
        );
        expect(JSON.parse(line)).toEqual({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//) });
        const tree = processesMarked(treeId, null);
        expect(tree.map((entry) => entry.command)).toEqual(
          expect.arrayContaining([
            expect.stringContaining('scripts/start.mjs'),
            expect.stringContaining('main/web/cli.ts'),
          ]),
        );
        if (start.pid === undefined) throw new Error('scripts/start.mjs did not start');
        process.kill(start.pid, signal); // the script only, as a terminal or a service manager would
        expect(await exited).toBe(0);
        // A process that got its SIGKILL may take a moment to go; one that was never signalled would stay for good.
        while (processesMarked(treeId, null).length > 0) await settle();
      } finally {
        await endGroup(start);
        for (const left of processesMarked(treeId, null)) process.kill(left.pid, 'SIGKILL');
      }
    },
  );
});
