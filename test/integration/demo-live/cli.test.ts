// The demo-venue command: one JSON line once listening, a working venue behind it, clean exit on SIGTERM, exit 2 on
// bad arguments.
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { endGroup, spawnGroup, spawnTsx } from '../../support/child-processes';

const exited = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal === null ? null : -1))));

const firstLine = (child: ChildProcess): Promise<string> =>
  new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => {
      lines.close();
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${String(code)} before printing`)));
  });

describe('demo-venue CLI', () => {
  it(
    'CLI 1: `npx tsx main/demo/cli.ts --port 0` prints exactly one JSON line ' + '{baseUrl, wsUrl, key} and serves it',
    async () => {
      // The documented command, so npx -> tsx -> node: the venue is a grandchild, ended with the whole group.
      const child = spawnGroup('npx', ['tsx', 'main/demo/cli.ts', '--port', '0']);
      try {
        const line = await firstLine(child);
        const printed = JSON.parse(line) as Record<string, string>;
        expect(Object.keys(printed).sort()).toEqual(['baseUrl', 'key', 'wsUrl']);
        expect(printed.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
        expect(printed.wsUrl).toBe(printed.baseUrl?.replace('http://', 'ws://'));
        const answer = await fetch(`${printed.baseUrl}/key`, { headers: { Authorization: `Bearer ${printed.key}` } });
        expect(answer.status).toBe(200);
      } finally {
        await endGroup(child);
      }
    },
  );

  it('CLI 2: SIGTERM closes the venue and exits 0; nothing else was printed on stdout', async () => {
    const child = spawnTsx('main/demo/cli.ts', ['--port=0', '--seed', '9', '--money-mode', 'dollars']);
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const line = await firstLine(child);
    const { baseUrl, key } = JSON.parse(line) as Record<string, string>;
    const venue = (await (
      await fetch(`${baseUrl}/venue`, { headers: { Authorization: `Bearer ${key}` } })
    ).json()) as Record<string, unknown>;
    expect(venue.money_mode).toBe('dollars');
    expect(venue.venue_id).toBe('demo-venue-9');
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    await expect(fetch(`${baseUrl}/`)).rejects.toThrow();
  });

  it('CLI 3: a bad argument prints a clear message on stderr and exits 2', async () => {
    // Each refusal's wording is covered by test/unit/demo-live/cli-args.test.ts; one process proves the exit path.
    for (const args of [['--money-mode', 'euros']]) {
      const child = spawnTsx('main/demo/cli.ts', args);
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      expect(await exited(child)).toBe(2);
      expect(stderr).toMatch(/usage: npm run demo-venue/);
      expect(stdout).toBe('');
    }
  });
});
