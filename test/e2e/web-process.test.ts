/** `npm run web` as a real process: one JSON line, clean SIGTERM, a lock per data dir, and SIGKILL survived. */
import { writeFileSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoVenue, type RunningDemoVenue } from '../../main/demo';
import { FAST_DEMO } from '../support/web-app';
import { spawnGroup } from '../support/child-processes';
import { bundleWebCli, startWebChild } from '../support/web-child';
import { BROWSER_RETRY } from '../support/browser-retry';

let venue: RunningDemoVenue;
let dataDir: string;
let keyFile: string;

beforeAll(async () => {
  venue = await startDemoVenue(FAST_DEMO);
  dataDir = await mkdtemp(join(tmpdir(), 'venue-web-process-'));
  keyFile = join(dataDir, 'venue.key');
  await writeFile(keyFile, `${venue.key}\n`, { mode: 0o600 });
});
afterAll(async () => {
  await venue?.close();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

/** The CLI's arguments for the demo venue, reading the key from `key` and keeping its data in `appDir`. */
const args = (appDir = join(dataDir, 'app'), key = keyFile) => [
  '--venue',
  venue.baseUrl,
  '--ws-url',
  venue.wsUrl,
  '--key-file',
  key,
  '--data-dir',
  appDir,
];

describe('web runtime process', BROWSER_RETRY, () => {
  it('prints one URL line with a token, serves the page, and exits 0 on SIGTERM', async () => {
    const web = await startWebChild(args());
    expect(web.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{20,}$/);
    const page = await fetch(web.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    web.child.kill('SIGTERM');
    expect(await web.exited).toBe(0);
  });

  it('exits 0 without a URL or a build failure when SIGTERM comes while it builds its page', async () => {
    const child = spawnGroup(process.execPath, [
      '--import',
      'tsx',
      'main/web/cli.ts',
      ...args(),
      '--renderer-dir',
      join(dataDir, 'unbuilt-renderer'),
    ]);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | string>((resolve) =>
      child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
    );
    // The page is missing, so the runtime builds it first and says so: the signal arrives during that build.
    await new Promise<void>((resolve) =>
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('building it now')) resolve();
      }),
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).not.toMatch(/build failed/);
  });

  it('refuses a second process on the same data directory', async () => {
    const first = await startWebChild(args());
    await expect(startWebChild(args())).rejects.toThrow(/in use by another process/);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
  });

  it('starts again after a SIGKILL, taking over the dead process’s lock', async () => {
    const first = await startWebChild(args());
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const second = await startWebChild(args());
    expect((await fetch(second.url)).status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    // The journal, live cache and settings are all there is on disk: none of it holds the key.
    const files = (await readdir(join(dataDir, 'app'), { recursive: true, withFileTypes: true })).filter((entry) =>
      entry.isFile(),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files)
      expect((await readFile(join(file.parentPath, file.name), 'utf8')).includes(venue.key)).toBe(false);
  });

  it('warns when the key file can be read by other users, and still starts', async () => {
    const loose = join(dataDir, 'loose.key');
    await writeFile(loose, `${venue.key}\n`, { mode: 0o644 });
    await chmod(loose, 0o644);
    const web = await startWebChild(args(join(dataDir, 'loose'), loose));
    expect(web.stderr()).toMatch(/can be read by other users \(mode 644\)/);
    expect(web.stderr()).not.toContain(venue.key);
    web.child.kill('SIGTERM');
    expect(await web.exited, web.stderr()).toBe(0);
  });

  it(
    'starts at once after a SIGKILL, 50 times in a row, past old pid lock files ' +
      'naming itself or a live process; two never both run',
    async () => {
      const appDir = join(dataDir, 'kill-loop');
      // The pid-file locks of earlier versions, where a pid lock would have meant "in use": the new process's own
      // pid (a reboot that hands out the same pids) or a live unrelated process (pid 1).
      const plantPidLocks = (pid: number) => {
        writeFileSync(join(appDir, 'web-runtime.lock'), `${pid}\n`);
        for (const lock of cashierLocks) writeFileSync(lock, `${pid}\n`);
      };
      let cashierLocks: string[] = [];
      const bundle = await bundleWebCli();
      const spawned: number[] = [];
      try {
        const start = (onSpawn?: (pid: number) => void) =>
          startWebChild(
            args(appDir),
            {},
            {
              entry: bundle.entry,
              onSpawn: (pid) => {
                spawned.push(pid);
                onSpawn?.(pid);
              },
            },
          );
        let running = await start();
        const venues = (await readdir(join(appDir, 'venues'), { withFileTypes: true })).filter((entry) =>
          entry.isDirectory(),
        );
        cashierLocks = venues.map((entry) => join(appDir, 'venues', entry.name, 'cashier', 'cashier.lock'));
        expect(cashierLocks.length).toBeGreaterThan(0);
        for (let round = 0; round < 50; round += 1) {
          // Restarted at once: the killed process may not even be reaped yet when the next one starts.
          running.child.kill('SIGKILL');
          const planted = round % 3;
          if (round % 10 === 9) {
            // Two at once on one folder: exactly one runs, the other says why it cannot.
            const pair = await Promise.allSettled([start(), start()]);
            const started = pair.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
            expect(started).toHaveLength(1);
            const refused = pair.find((result) => result.status === 'rejected');
            expect(String(refused?.status === 'rejected' ? refused.reason : '')).toMatch(/in use by another process/);
            running = started[0] as typeof running;
          } else {
            running = await start(planted === 0 ? plantPidLocks : planted === 1 ? () => plantPidLocks(1) : undefined);
          }
          expect((await fetch(running.url)).status).toBe(200);
        }
        // The last one serves (its one-time link is spent: the page itself), and still refuses a second.
        expect((await fetch(new URL('/', running.url))).status).toBe(200);
        await expect(start()).rejects.toThrow(/in use by another process/);
        running.child.kill('SIGTERM');
        expect(await running.exited).toBe(0);
      } finally {
        // A failed round must not leave a runtime behind.
        for (const pid of spawned) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // Already gone.
          }
        }
        await bundle.remove();
      }
    },
    180_000,
  );

  it('refuses a key on the command line', async () => {
    await expect(startWebChild(['--key', venue.key, '--data-dir', join(dataDir, 'other')])).rejects.toThrow(
      /--key-file/,
    );
  });
});
