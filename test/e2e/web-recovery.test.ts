/**
 * The web runtime as a cashier meets it, in real Chromium against `npm run web` as a real process:
 * - a closed cashier tab gets back in with a new link asked of the running runtime (`npm run web -- --link`);
 * - a page on another 127.0.0.1 port that overwrites the cashier's cookie does not log the cashier out;
 * - a frozen runtime (SIGSTOP: its socket stays open) and a killed one turn the badge to APP NOT RUNNING within 5 s,
 *   with the money controls disabled, and a thawed one comes back;
 * - no page logs a Content Security Policy error.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoVenue, type RunningDemoVenue } from '../../main/demo';
import { waitForApp } from '../support/app-ready';
import { BROWSER_RETRY } from '../support/browser-retry';
import { runToEnd, type Finished } from '../support/child-processes';
import { launchChromium, type LaunchedChromium } from '../support/chromium';
import { FAST_DEMO } from '../support/web-app';
import { startWebChild, type WebChild } from '../support/web-child';

let venue: RunningDemoVenue;
let dataDir: string;
let appDir: string;
let web: WebChild;
let browser: LaunchedChromium;
/** Console errors of every page, for the CSP check. */
const consoleErrors: string[] = [];

beforeAll(async () => {
  venue = await startDemoVenue(FAST_DEMO);
  dataDir = await mkdtemp(join(tmpdir(), 'venue-web-recovery-'));
  appDir = join(dataDir, 'app');
  const keyFile = join(dataDir, 'venue.key');
  await writeFile(keyFile, `${venue.key}\n`, { mode: 0o600 });
  web = await startWebChild([
    '--venue',
    venue.baseUrl,
    '--ws-url',
    venue.wsUrl,
    '--key-file',
    keyFile,
    '--data-dir',
    appDir,
  ]);
  browser = await launchChromium();
  browser.context.on('page', (page) => watchConsole(page));
  for (const page of browser.context.pages()) watchConsole(page);
});

afterAll(async () => {
  await browser?.close();
  if (web !== undefined && web.child.exitCode === null && web.child.signalCode === null) {
    web.child.kill('SIGCONT');
    web.child.kill('SIGTERM');
    await web.exited;
  }
  await venue?.close();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

function watchConsole(page: Page): void {
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
}

/** `npm run web -- --link` (or --monitor-link) against the running runtime's data folder: the URL it prints. */
function askForLink(flag = '--link'): Promise<Finished> {
  return runToEnd(process.execPath, ['--import', 'tsx', 'main/web/cli.ts', flag, '--data-dir', appDir]);
}

async function newLink(): Promise<string> {
  const asked = await askForLink();
  expect(asked.status, asked.stderr).toBe(0);
  const { url } = JSON.parse(asked.stdout) as { url: string };
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{40,}$/);
  return url;
}

/** The first seated player's cashier dialog. */
async function openSomeCashier(page: Page): Promise<Locator> {
  const open = page.getByRole('button', { name: /^Open cashier for / }).first();
  await open.waitFor();
  await open.click();
  const dialog = page.getByRole('dialog', { name: /^Cashier: / });
  await dialog.waitFor();
  return dialog;
}

/** The dialog's first buy-in button (a disabled fieldset disables every money control in it). */
const moneyButton = (dialog: Locator) => dialog.getByRole('button', { name: /^Buy in/ }).first();

/** Opens a shift on the Cashier screen (float 0), then goes back to the table. */
async function openShift(page: Page): Promise<void> {
  const screens = page.getByRole('navigation', { name: 'Screens' });
  await screens.getByRole('button', { name: 'Cashier' }).click();
  const panel = page.getByRole('region', { name: 'Shift' });
  await panel.getByTestId('no-shift').waitFor();
  await panel.getByLabel('Opening float').fill('0');
  await panel.getByLabel('Operator').fill('Ana Lima');
  await panel.getByRole('button', { name: 'Open shift' }).click();
  await expect.poll(() => panel.getByTestId('shift-open').textContent()).toContain('by Ana Lima');
  await screens.getByRole('button', { name: 'Table' }).click();
}

const badge = (page: Page) => page.getByTestId('status-badge').first();

let cashierPage: Page;

describe('a cashier tab', BROWSER_RETRY, () => {
  it('opens from the printed link with no CSP error in the console', async () => {
    cashierPage = await browser.context.newPage();
    await cashierPage.goto(web.url);
    await waitForApp(cashierPage);
    await expect.poll(() => badge(cashierPage).textContent(), { timeout: 15_000 }).toBe('LIVE');
    // Money moves only inside a shift: one is opened here, so the later tests find the money controls enabled.
    await openShift(cashierPage);
    expect(consoleErrors.filter((text) => /Content Security Policy|content-security-policy/i.test(text))).toEqual([]);
  });

  it('closed and reopened, gets the cashier back through a new link from the running runtime', async () => {
    const origin = new URL(web.url).origin;
    await cashierPage.close();
    // The reopened tab has the cookie but not the closed tab's secret: it is told how to get back in.
    const reopened = await browser.context.newPage();
    await reopened.goto(`${origin}/`);
    await reopened.getByRole('note').filter({ hasText: 'npm run web -- --link' }).waitFor({ timeout: 10_000 });
    // The printed link is spent: it opens nothing.
    expect((await reopened.request.get(web.url)).status()).toBe(401);
    const link = await newLink();
    await reopened.goto(link);
    await waitForApp(reopened);
    await expect.poll(() => badge(reopened).textContent(), { timeout: 15_000 }).toBe('LIVE');
    const dialog = await openSomeCashier(reopened);
    expect(await moneyButton(dialog).isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: /^Close Cashier/ }).click();
    // A new link is one-time too, and asking again kills the unused one it replaces.
    expect((await reopened.request.get(link)).status()).toBe(401);
    const unused = await newLink();
    const latest = await newLink();
    expect((await reopened.request.get(unused, { maxRedirects: 0 })).status()).toBe(401);
    expect((await reopened.request.get(latest, { maxRedirects: 0 })).status()).toBe(303);
    cashierPage = reopened;
  });

  it('keeps working after a page on another 127.0.0.1 port overwrites its cookies, and a reload', async () => {
    // Another local program's page: it sets cookies of every name a runtime ever used, on the socket's path too.
    const names = ['vc_cashier', 'vc_monitor', 'vc_cashier_page', 'vc_monitor_page'];
    const hostile: Server = createServer((_request, response) => {
      response.writeHead(200, {
        'content-type': 'text/html',
        // Spelled as the runtime spells its own (HttpOnly, SameSite=Strict), so a browser lets it replace one.
        'set-cookie': names.flatMap((name) =>
          ['/bridge', '/', '/monitor-bridge'].map((path) => `${name}=tossed; Path=${path}; HttpOnly; SameSite=Strict`),
        ),
      });
      response.end('<!doctype html><title>other local app</title>');
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', () => resolve()));
    try {
      const other = await browser.context.newPage();
      await other.goto(`http://127.0.0.1:${(hostile.address() as AddressInfo).port}/`);
      const tossed = (await browser.context.cookies()).filter((cookie) => cookie.value === 'tossed');
      expect(tossed.length).toBeGreaterThanOrEqual(names.length);
      await other.close();
    } finally {
      hostile.closeAllConnections();
      await new Promise<void>((resolve) => hostile.close(() => resolve()));
    }
    await cashierPage.reload();
    await waitForApp(cashierPage);
    await expect.poll(() => badge(cashierPage).textContent(), { timeout: 15_000 }).toBe('LIVE');
    const dialog = await openSomeCashier(cashierPage);
    expect(await moneyButton(dialog).isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: /^Close Cashier/ }).click();
  });

  it('frozen runtime: APP NOT RUNNING within 5 s, money controls disabled; thawed, it comes back', async () => {
    const dialog = await openSomeCashier(cashierPage);
    const pid = web.child.pid as number;
    process.kill(-pid, 'SIGSTOP');
    const stoppedAt = Date.now();
    try {
      await expect
        .poll(() => badge(cashierPage).textContent(), { timeout: 5_000, interval: 100 })
        .toBe('APP NOT RUNNING');
      expect(Date.now() - stoppedAt).toBeLessThan(5_000);
      expect(await moneyButton(dialog).isDisabled()).toBe(true);
      expect(await dialog.getByRole('alert').textContent()).toMatch(/the app has stopped/);
      expect(await cashierPage.getByRole('region', { name: 'Table' }).first().getAttribute('data-stale')).toBe('true');
    } finally {
      process.kill(-pid, 'SIGCONT');
    }
    await expect.poll(() => badge(cashierPage).textContent(), { timeout: 15_000 }).toBe('LIVE');
    expect(await moneyButton(dialog).isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: /^Close Cashier/ }).click();
  });

  it('killed runtime: APP NOT RUNNING within 5 s, the table greyed and money controls disabled', async () => {
    const dialog = await openSomeCashier(cashierPage);
    web.child.kill('SIGKILL');
    const killedAt = Date.now();
    await web.exited;
    await expect
      .poll(() => badge(cashierPage).textContent(), { timeout: 5_000, interval: 100 })
      .toBe('APP NOT RUNNING');
    expect(Date.now() - killedAt).toBeLessThan(5_000);
    expect(await moneyButton(dialog).isDisabled()).toBe(true);
    expect(await cashierPage.getByRole('region', { name: 'Table' }).first().getAttribute('data-stale')).toBe('true');
    await cashierPage.screenshot({ path: join(tmpdir(), 'venue-web-recovery-killed.png') });
    // Asked of a runtime that is gone, --link says so plainly.
    const asked = await askForLink();
    expect(asked.status).toBe(1);
    expect(asked.stderr).toMatch(/could not reach the web runtime|no web runtime is running/);
  });
});
