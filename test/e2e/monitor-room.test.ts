/**
 * The table monitor on the room's screen, against `npm run web` as a real process (its built-in demo venue):
 * - at 1920x1080 the whole page fits the screen (nothing scrolls) and the type reads from across the room (the
 *   computed font sizes of "to act", a stack, the pot and a name);
 * - when the app's process dies the screen speaks to players ("back shortly"), never an engineer's words;
 * - when the app restarts on the same data folder and port, the same page shows the live table again by itself
 *   (no new link, no navigation);
 * - the monitor's credential (its cookie and tab secret, kept over the restart) reads only: a buy-in is refused, and
 *   it opens no cashier socket;
 * - `npm run web -- --forget-monitors` revokes it: the open screen is dropped and its credential refused.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { TAB_PROTOCOL_PREFIX } from '../../preload/contract/bridge';
import { waitForApp } from '../support/app-ready';
import { invokeOnBridge } from '../support/bridge-invoke';
import { runToEnd } from '../support/child-processes';
import { launchChromium, type LaunchedChromium } from '../support/chromium';
import { screenshot } from '../support/web-app';
import { startWebChild, type WebChild } from '../support/web-child';

/** Words of the people who build and run the app: none of them belongs on a screen the players read. */
const ENGINEER_WORDS = [
  'app core',
  'core',
  'process',
  'no money can move',
  'runtime',
  'socket',
  'npm',
  'not running',
  'stale',
  'frame',
  'link',
  'error',
];

let dataDir: string;
let port: number;
let web: WebChild | null = null;
let browser: LaunchedChromium;
let monitor: Page;

/** A port free right now: the runtime is started on it, and restarted on it. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port: found } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return found;
}

/** The runtime on the test's data folder and port, with its demo venue slow enough that a seat holds the action. */
const startRuntime = () =>
  startWebChild(['--data-dir', join(dataDir, 'app'), '--port', String(port), '--demo-pace', '150']);

async function stopRuntime(signal: NodeJS.Signals): Promise<void> {
  if (web === null || web.child.exitCode !== null || web.child.signalCode !== null) return;
  web.child.kill(signal);
  await web.exited;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'venue-monitor-room-'));
  port = await freePort();
  web = await startRuntime();
  browser = await launchChromium();
  monitor = await browser.context.newPage();
  await monitor.setViewportSize({ width: 1920, height: 1080 });
});

afterAll(async () => {
  await browser?.close();
  await stopRuntime('SIGTERM');
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

const badge = (page: Page) => page.getByTestId('status-badge').first();

/** Every word the page shows, its pseudo-elements' words included (CSS `content` is read too). */
const shownWords = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const generated = [...document.querySelectorAll('body *')].flatMap((element) =>
      ['::before', '::after'].map((pseudo) => getComputedStyle(element, pseudo).content),
    );
    return [document.body.innerText, ...generated.filter((content) => content !== 'none' && content !== 'normal')].join(
      '\n',
    );
  });

/** The computed font size (px) of the first element `selector` matches, once one is on the page. */
async function fontSize(page: Page, selector: string): Promise<number> {
  const handle = await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return element === null ? null : Number.parseFloat(getComputedStyle(element).fontSize);
  }, selector);
  return (await handle.jsonValue()) as number;
}

/** The monitor page's credential (its cookie and its tab's secret), and a socket opener that presents it. */
async function monitorCredential(): Promise<(path: string) => WebSocket> {
  const cookies = await browser.context.cookies(`http://127.0.0.1:${port}/monitor-bridge`);
  const session = cookies.find((cookie) => cookie.name.startsWith('vc_monitor_') && !cookie.name.includes('page'));
  expect(session, JSON.stringify(cookies.map((cookie) => cookie.name))).toBeDefined();
  const tab = await monitor.evaluate(() => window.sessionStorage.getItem('venue-cashier-tab:monitor'));
  expect(tab).not.toBeNull();
  const cookie = `${session?.name ?? ''}=${session?.value ?? ''}`;
  return (path) =>
    new WebSocket(`ws://127.0.0.1:${port}${path}`, [`${TAB_PROTOCOL_PREFIX}${tab ?? ''}`], {
      origin: `http://127.0.0.1:${port}`,
      headers: { cookie },
    });
}

/** The HTTP status the runtime answers a socket's upgrade with (101: it was let in). */
async function upgradeStatus(socket: WebSocket): Promise<number> {
  const status = await new Promise<number>((resolve) => {
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('open', () => resolve(101));
    socket.once('error', () => undefined);
  });
  socket.terminate();
  return status;
}

describe('the table monitor on the room screen', () => {
  it('fits 1920x1080 without scrolling, in type large enough to read across the room', async () => {
    const asked = await runToEnd(process.execPath, [
      '--import',
      'tsx',
      'main/web/cli.ts',
      '--monitor-link',
      '--data-dir',
      join(dataDir, 'app'),
    ]);
    expect(asked.status, asked.stderr).toBe(0);
    await monitor.goto((JSON.parse(asked.stdout) as { url: string }).url);
    await waitForApp(monitor);
    await expect.poll(() => badge(monitor).textContent(), { timeout: 15_000 }).toBe('LIVE');
    const toAct = await fontSize(monitor, '.acting-mark');
    const sizes = {
      toAct,
      stack: await fontSize(monitor, '.seat-stack'),
      pot: await fontSize(monitor, '[data-testid="pot"]'),
      name: await fontSize(monitor, '.seat-name'),
      board: await fontSize(monitor, '.board .card'),
    };
    await screenshot(monitor, 'monitor-room-1920x1080');
    const { scrollHeight, scrollWidth, innerHeight, innerWidth } = await monitor.evaluate(() => ({
      scrollHeight: document.documentElement.scrollHeight,
      scrollWidth: document.documentElement.scrollWidth,
      innerHeight: window.innerHeight,
      innerWidth: window.innerWidth,
    }));
    expect(innerHeight).toBe(1080);
    expect(scrollHeight).toBeLessThanOrEqual(innerHeight);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    expect(sizes.toAct, JSON.stringify(sizes)).toBeGreaterThanOrEqual(28);
    expect(sizes.stack, JSON.stringify(sizes)).toBeGreaterThanOrEqual(28);
    expect(sizes.pot, JSON.stringify(sizes)).toBeGreaterThanOrEqual(32);
    expect(sizes.board, JSON.stringify(sizes)).toBeGreaterThanOrEqual(28);
    expect(sizes.name, JSON.stringify(sizes)).toBeGreaterThanOrEqual(24);
  });

  it('fits 1280x720 and 3840x2160 without scrolling too', async () => {
    for (const [width, height] of [
      [1280, 720],
      [3840, 2160],
    ] as const) {
      await monitor.setViewportSize({ width, height });
      await monitor.waitForFunction(([w, h]) => window.innerWidth === w && window.innerHeight === h, [width, height]);
      const scroll = await monitor.evaluate(() => ({
        height: document.documentElement.scrollHeight,
        width: document.documentElement.scrollWidth,
      }));
      expect(scroll, `${width}x${height}`).toEqual({ height, width });
      await screenshot(monitor, `monitor-room-${width}x${height}`);
    }
    await monitor.setViewportSize({ width: 1920, height: 1080 });
  });

  it('tells the players the table is back shortly when the app dies, in no engineer words', async () => {
    await stopRuntime('SIGKILL');
    await expect.poll(() => badge(monitor).textContent(), { timeout: 15_000 }).not.toBe('LIVE');
    const words = await shownWords(monitor);
    await screenshot(monitor, 'monitor-room-app-gone-1920x1080');
    expect(words).toMatch(/back shortly/i);
    for (const word of ENGINEER_WORDS)
      expect(words, `"${word}" is shown`).not.toMatch(new RegExp(`\\b${word}\\b`, 'i'));
    // Still one screen: the notice does not push the table below the fold.
    expect(await monitor.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(1080);
  });

  it('shows the live table again by itself once the app restarts on the same folder and port', async () => {
    const address = monitor.url();
    let navigations = 0;
    monitor.on('framenavigated', (frame) => {
      if (frame === monitor.mainFrame()) navigations += 1;
    });
    web = await startRuntime();
    await expect.poll(() => badge(monitor).textContent(), { timeout: 30_000 }).toBe('LIVE');
    await monitor
      .getByRole('group', { name: 'Seat 1' })
      .locator('.seat-name')
      .filter({ hasText: /\S/ })
      .waitFor({ timeout: 15_000 });
    expect(await shownWords(monitor)).not.toMatch(/back shortly/i);
    expect(navigations).toBe(0);
    expect(monitor.url()).toBe(address);
    await screenshot(monitor, 'monitor-room-back-1920x1080');
  });

  it('the kept monitor credential reads only: its buy-in is refused, the cashier socket too', async () => {
    const open = await monitorCredential();
    const socket = open('/monitor-bridge');
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    try {
      const refused = await invokeOnBridge(socket, 1, 'cashier:request', [
        { kind: 'buy_in', seatId: 1, playerName: 'Anyone', playerId: null, amount: 100, confirmed: true },
      ]);
      expect(refused).toMatchObject({ ok: false, error: { code: 'read_only' } });
      const shift = await invokeOnBridge(socket, 2, 'cashier:open-shift', [0, { operator: 'Room screen' }]);
      expect(shift).toMatchObject({ ok: false, error: { code: 'read_only' } });
    } finally {
      socket.close();
    }
    expect(await upgradeStatus(open('/bridge'))).toBe(401);
  });

  it('is revoked by npm run web -- --forget-monitors: the screen is dropped and its credential refused', async () => {
    const open = await monitorCredential();
    const asked = await runToEnd(process.execPath, [
      '--import',
      'tsx',
      'main/web/cli.ts',
      '--forget-monitors',
      '--data-dir',
      join(dataDir, 'app'),
    ]);
    expect(asked.status, asked.stderr).toBe(0);
    expect((JSON.parse(asked.stdout) as { forgotten: number }).forgotten).toBeGreaterThanOrEqual(1);
    await expect.poll(() => badge(monitor).textContent(), { timeout: 15_000 }).not.toBe('LIVE');
    expect(await upgradeStatus(open('/monitor-bridge'))).toBe(401);
  });
});
