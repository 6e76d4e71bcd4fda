/**
 * The suite-level leak guard (test/support/process-guard.ts): it sees processes carrying the run's id, stops seeing
 * them once their group is ended, and fails a real Vitest run that leaves one behind, naming it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { endGroup, spawnGroup } from '../../support/child-processes';
import { processesMarked, RUN_MARKER } from '../../support/process-guard';

const exited = (child: {
  once(event: 'exit', listener: (code: number | null) => void): unknown;
}): Promise<number | null> => new Promise((resolve) => child.once('exit', resolve));

let scratch: string | undefined;
afterAll(async () => {
  if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
});

describe('process guard', () => {
  it('lists a process carrying the run id, with its command, until its group is ended', async () => {
    const runId = randomUUID();
    const child = spawnGroup(process.execPath, ['-e', 'setInterval(() => {}, 1000)', 'marked-by-guard-test'], {
      env: { ...process.env, [RUN_MARKER]: runId },
    });
    const seen = processesMarked(runId, null);
    expect(seen).toEqual([
      { pid: child.pid, ppid: process.pid, command: expect.stringContaining('marked-by-guard-test') },
    ]);
    // The guard leaves out the runner's own workers: the children of the process it is given.
    expect(processesMarked(runId, process.pid)).toEqual([]);
    await endGroup(child);
    expect(processesMarked(runId, null)).toEqual([]);
  });

  it('fails a Vitest run whose test leaves a process behind, and names it', async () => {
    scratch = await mkdtemp(join(tmpdir(), 'venue-process-guard-'));
    const pidFile = join(scratch, 'orphan.pid');
    const run = spawnGroup(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/support/process-guard-fixture/vitest.config.ts'],
      { env: { ...process.env, ORPHAN_PID_FILE: pidFile } },
    );
    let output = '';
    run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    run.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await exited(run);
    const orphanPid = Number(await readFile(pidFile, 'utf8'));
    try {
      expect(code).toBe(1);
      expect(output).toContain('outlived the run');
      expect(output).toMatch(new RegExp(`pid ${orphanPid} \\(parent \\d+\\): .*left-behind-by-fixture`));
    } finally {
      process.kill(orphanPid, 'SIGKILL');
    }
  });
});
