/**
 * The front door, tried as a new user would right after `npm ci`: no built renderer exists (a temp folder stands in
 * for a fresh clone's absent dist/renderer). `npm run web` and `npm start` without the Electron binary must build
 * what is missing and serve the page, not "not found"; a renderer older than its sources is rebuilt.
 */
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rendererState } from '../../main/web/renderer-build';
import { spawnGroup } from '../support/child-processes';
import { startWebChild } from '../support/web-child';
import { BROWSER_RETRY } from '../support/browser-retry';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'venue-front-door-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The page at `url` and the first script it names: both must load (not a "not found" page). */
async function expectThePage(url: string): Promise<void> {
  const page = await fetch(url);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  expect(html).toContain('<div id="root">');
  const script = /<script[^>]+src="\.?\/?([^"]+)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  expect((await fetch(new URL(script ?? '', url))).status).toBe(200);
}

describe('the front door after npm ci', BROWSER_RETRY, () => {
  it('npm run web builds the missing renderer, then serves the page', async () => {
    const rendererDir = join(dir, 'web-renderer');
    const web = await startWebChild(['--renderer-dir', rendererDir, '--data-dir', join(dir, 'web-data')]);
    try {
      expect(web.stderr()).toMatch(/not built yet; building it now/);
      await expectThePage(web.url);
      expect(await rendererState(rendererDir, process.cwd())).toBeNull();
    } finally {
      web.child.kill('SIGTERM');
      await web.exited;
    }
  });

  it('npm start without the Electron binary says what is missing and serves the app in the browser', async () => {
    const rendererDir = join(dir, 'start-renderer');
    const child = spawnGroup(process.execPath, [
      'scripts/start.mjs',
      '--renderer-dir',
      rendererDir,
      '--data-dir',
      join(dir, 'start-data'),
    ]);
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        void exited.then(() => reject(new Error(`npm start exited before printing a URL: ${errors}`)));
      });
      expect(errors).toMatch(/Electron binary is not installed.*npm run web/);
      await expectThePage((JSON.parse(line) as { url: string }).url);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('calls a renderer older than its sources stale, and a missing one missing', async () => {
    const project = join(dir, 'project');
    const built = join(project, 'dist', 'renderer');
    expect(await rendererState(built, project)).toBe('missing');
    await mkdir(join(project, 'renderer'), { recursive: true });
    await mkdir(built, { recursive: true });
    await writeFile(join(project, 'renderer', 'App.tsx'), 'export {};\n');
    await writeFile(join(built, 'index.html'), '<div id="root"></div>\n');
    const past = new Date(Date.now() - 60_000);
    await utimes(join(project, 'renderer', 'App.tsx'), past, past);
    await utimes(join(project, 'renderer'), past, past);
    expect(await rendererState(built, project)).toBeNull();
    await writeFile(join(project, 'renderer', 'App.tsx'), 'export const changed = true;\n');
    expect(await rendererState(built, project)).toBe('stale');
  });
});
