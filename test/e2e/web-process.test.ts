/** `npm run web` as a real process: one JSON line, clean SIGTERM, a lock per data dir, and SIGKILL survived. */
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoVenue, type RunningDemoVenue } from '../../main/demo';
import { FAST_DEMO } from '../support/web-app';
import { startWebChild } from '../support/web-child';

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

const args = () => ['--venue', venue.baseUrl, '--ws-url', venue.wsUrl, '--key-file', keyFile, '--data-dir', join(dataDir, 'app')];

describe('web runtime process', () => {
  it('prints one URL line with a token, serves the page, and exits 0 on SIGTERM', async () => {
    const web = await startWebChild(args());
    expect(web.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{20,}$/);
    const page = await fetch(web.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    web.child.kill('SIGTERM');
    expect(await web.exited).toBe(0);
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
    const files = (await readdir(join(dataDir, 'app'), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect((await readFile(join(file.parentPath, file.name), 'utf8')).includes(venue.key)).toBe(false);
  });

  it('warns when the key file can be read by other users, and still starts', async () => {
    const loose = join(dataDir, 'loose.key');
    await writeFile(loose, `${venue.key}\n`, { mode: 0o644 });
    await chmod(loose, 0o644);
    const web = await startWebChild(['--venue', venue.baseUrl, '--ws-url', venue.wsUrl, '--key-file', loose, '--data-dir', join(dataDir, 'loose')]);
    expect(web.stderr()).toMatch(/can be read by other users \(mode 644\)/);
    expect(web.stderr()).not.toContain(venue.key);
    web.child.kill('SIGTERM');
    expect(await web.exited).toBe(0);
  });

  it('refuses a key on the command line', async () => {
    await expect(startWebChild(['--key', venue.key, '--data-dir', join(dataDir, 'other')])).rejects.toThrow(/--key-file/);
  });
});
