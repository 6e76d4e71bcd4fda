/**
 * The e2e retry starts clean (test/support/browser-retry.ts): a real Vitest run of two tests sharing a fixture under
 * freshAfterFailure. Passing, they share one fixture; failing their first try, each retry (and the test after a
 * failure) runs on a fresh fixture that finds nothing a failed attempt left, and every fixture started is closed.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnGroup } from '../../support/child-processes';

const scratch = mkdtemp(join(tmpdir(), 'venue-browser-retry-'));
afterAll(async () => {
  await rm(await scratch, { recursive: true, force: true });
});

/** Runs the fixture's two tests; returns Vitest's exit code and the fixture's log, one line per event. */
async function fixtureRun(failFirstTry: boolean): Promise<{ code: number | null; log: string[]; output: string }> {
  const logFile = join(await scratch, `log-${String(failFirstTry)}.txt`);
  const run = spawnGroup(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/support/retry-fixture/vitest.config.ts'],
    { env: { ...process.env, RETRY_LOG: logFile, FAIL_FIRST_TRY: failFirstTry ? '1' : '0' } },
  );
  let output = '';
  run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  run.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => run.once('exit', resolve));
  const log = (await readFile(logFile, 'utf8')).trimEnd().split('\n');
  return { code, log, output };
}

describe('freshAfterFailure', () => {
  it('starts the fixture once for tests that pass, each finding what the earlier ones left', async () => {
    const { code, log, output } = await fixtureRun(false);
    expect(code, output).toBe(0);
    expect(log).toEqual(['start 1', 'first try 1 on 1 finding []', 'second try 1 on 1 finding [first#1]', 'close 1']);
  });

  it('gives a retry, and the test after a failure, a fresh fixture, closing the spoiled one first', async () => {
    const { code, log, output } = await fixtureRun(true);
    // Each test passes on its retry, so the run passes.
    expect(code, output).toBe(0);
    expect(log).toEqual([
      'start 1',
      'first try 1 on 1 finding []',
      'close 1',
      'start 2',
      'first try 2 on 2 finding []',
      'second try 1 on 2 finding [first#2]',
      'close 2',
      'start 3',
      'second try 2 on 3 finding []',
      'close 3',
    ]);
  });
});
