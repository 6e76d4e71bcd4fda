/**
 * The server's first paint in real Chromium, on the page a printed link opens: the table arrives in the page's HTML,
 * styled, before any script runs; the app takes it over without a gap ("Connecting…" never shows) and works; a
 * reload is served as built; a drawing the app cannot take over does not stay up looking live.
 */
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Session } from '../../main/core/session';
import { startWebServer, type WebServer } from '../../main/web/server';
import { waitForApp } from '../support/app-ready';
import { BROWSER_RETRY } from '../support/browser-retry';
import { launchChromium, type LaunchedChromium } from '../support/chromium';
import { screenshot } from '../support/web-app';
import { tableFrame } from '../support/web-fake-feed';
import { startFakeFeedSession, type FakeFeedSession } from '../support/fake-feed-session';

let running: FakeFeedSession;
let session: Session;
let browser: LaunchedChromium;
/** Each test's own runtime server: a new printed link (its page cookie draws one page). */
let server: WebServer | null = null;

beforeAll(async () => {
  running = await startFakeFeedSession(tableFrame(40), 'first-paint-key-0123456789');
  session = running.session;
  browser = await launchChromium();
});

afterEach(async () => {
  await server?.close();
  server = null;
});

afterAll(async () => {
  await browser?.close();
  await running?.close();
});

/** A fresh link opened in a new tab; the HTML the server sent for the page it redirected to. */
async function openLink(prepare: (page: Page) => Promise<unknown> = async () => undefined) {
  server = await startWebServer({ session, rendererDir: resolve('dist/renderer') });
  const page = await browser.context.newPage();
  await prepare(page);
  const html = page
    .waitForResponse((answer) => answer.request().resourceType() === 'document' && answer.status() === 200)
    .then((answer) => answer.text());
  await page.goto(server.url);
  return { page, html: await html };
}

/** Plain script text (a transpiled function would carry helpers the page lacks): notes "Connecting…" if it shows. */
const WATCH_FOR_CONNECTING = `(() => {
  window.sawConnecting = false;
  new MutationObserver(() => {
    if ((document.body?.textContent ?? '').includes('Connecting')) window.sawConnecting = true;
  }).observe(document, { subtree: true, childList: true, characterData: true });
})()`;

describe('the first paint', BROWSER_RETRY, () => {
  it('is the table, styled, with no script run at all; if nothing takes it over it greys out and says so', async () => {
    // The tab runs nothing: what shows is the server's drawing alone.
    const { page, html } = await openLink((tab) => tab.route('**/*.js', (route) => route.abort()));
    expect(html).toContain('data-first-paint="cashier"');
    const table = page.getByRole('region', { name: 'Table' });
    for (const seat of [1, 2, 3, 4, 5, 6])
      expect(await table.getByRole('group', { name: `Seat ${seat}` }).count()).toBe(1);
    // The stylesheet is the page's own (linked in index.html): the drawing is laid out as the app lays it out.
    expect(await page.locator('.table-oval').evaluate((oval) => getComputedStyle(oval).position)).toBe('relative');
    expect(await page.getByText('Loading the cashier').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cashier' }).isDisabled()).toBe(true);
    await screenshot(page, 'first-paint-no-script');
    // No app after a few seconds: the drawing greys out and says it may be out of date (CSS alone).
    await expect
      .poll(() => page.getByText('Not connected: this table may be out of date').isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.locator('.table-oval').evaluate((oval) => getComputedStyle(oval).filter)).toContain('grayscale');
    // ... and the top bar no longer says LIVE beside that notice: the drawn badge was the venue's state back then.
    expect(await page.getByTestId('status-badge').isVisible()).toBe(false);
    await page.close();
  });

  it('is taken over by the app without "Connecting…" between; the app works; a reload is served as built', async () => {
    const { page, html } = await openLink((tab) => tab.addInitScript(WATCH_FOR_CONNECTING));
    expect(html).toContain('data-first-paint="cashier"');
    await waitForApp(page);
    await page.getByRole('region', { name: 'Shift ledger' }).waitFor();
    expect(await page.getByRole('group', { name: 'Seat 1' }).count()).toBe(1);
    expect(await page.getByText('Loading the cashier').count()).toBe(0);
    expect(await page.getByText('Not connected').count()).toBe(0);
    expect(await page.evaluate('window.sawConnecting')).toBe(false);
    await page
      .getByRole('button', { name: /Open cashier for/ })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    // The page cookie drew its one page: a reload gets the page as built, and the app as before.
    const reloaded = page
      .waitForResponse((answer) => answer.request().resourceType() === 'document')
      .then((answer) => answer.text());
    await page.reload();
    expect(await reloaded).not.toContain('data-first-paint');
    await waitForApp(page);
    await page.close();
  });

  it('is taken down when the screens cannot load, and the page says to reload', async () => {
    const { page, html } = await openLink((tab) => tab.route('**/assets/mount-*.js', (route) => route.abort()));
    // The server drew the table (LIVE) into this page ...
    expect(html).toMatch(/data-first-paint="cashier".*badge-live/s);
    // ... and with the screens refused, the page gives that drawing up and says so.
    await page.getByRole('alert').getByText('The app could not load. Reload the page.').waitFor();
    expect(await page.locator('#root .badge-live').count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Seat 1' }).count()).toBe(0);
    expect(await page.locator('#root').getAttribute('data-first-paint')).toBeNull();
    await page.unroute('**/assets/mount-*.js');
    await page.reload();
    await waitForApp(page);
    await page.close();
  });

  it('draws the monitor its own view', async () => {
    server = await startWebServer({ session, rendererDir: resolve('dist/renderer') });
    const page = await browser.context.newPage();
    const html = page
      .waitForResponse((answer) => answer.request().resourceType() === 'document' && answer.status() === 200)
      .then((answer) => answer.text());
    await page.goto(server.monitorUrl);
    expect(await html).toContain('data-first-paint="monitor"');
    await waitForApp(page);
    await page.getByRole('main', { name: 'Table monitor' }).getByRole('group', { name: 'Seat 6' }).waitFor();
    expect(await page.getByRole('button', { name: /Open cashier for/ }).count()).toBe(0);
    await page.close();
  });
});
