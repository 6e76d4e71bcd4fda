/**
 * The server's first paint in real Chromium: the table arrives in the page's HTML, styled, before any script runs,
 * and the app takes it over without a gap ("Connecting…" never shows) and works (a seat opens the cashier).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForApp } from '../support/app-ready';
import { BROWSER_RETRY } from '../support/browser-retry';
import { screenshot, startWebApp, type WebApp } from '../support/web-app';

let app: WebApp;

beforeAll(async () => {
  app = await startWebApp();
});
afterAll(async () => {
  await app?.close();
});

/** Plain script text (a transpiled function would carry helpers the page lacks): notes "Connecting…" if it shows. */
const WATCH_FOR_CONNECTING = `(() => {
  window.sawConnecting = false;
  new MutationObserver(() => {
    if ((document.body?.textContent ?? '').includes('Connecting')) window.sawConnecting = true;
  }).observe(document, { subtree: true, childList: true, characterData: true });
})()`;

describe('the first paint', BROWSER_RETRY, () => {
  it('is the table, styled, with no script run at all', async () => {
    const page = await app.browser.context.newPage();
    // The tab holds the page cookie (same profile) but runs nothing: what shows is the server's drawing alone.
    await page.route('**/*.js', (route) => route.abort());
    const response = await page.goto(new URL('/', app.runtime.url).href);
    expect(response?.headers()['cache-control']).toBe('no-store');
    const table = page.getByRole('region', { name: 'Table' });
    for (const seat of app.demo.inspect.trueTable().seats)
      await expect(table.getByRole('group', { name: `Seat ${seat.seat_id}` }).count()).resolves.toBe(1);
    expect(await page.locator('#root').getAttribute('data-first-paint')).toBe('cashier');
    // The stylesheet is the page's own (linked in index.html), so the drawing is laid out as the app lays it out.
    expect(await page.locator('.table-oval').evaluate((oval) => getComputedStyle(oval).position)).toBe('relative');
    expect(await page.getByText('Loading the cashier').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cashier' }).isDisabled()).toBe(true);
    await screenshot(page, 'first-paint-no-script');
    await page.close();
  });

  it('is taken over by the app without "Connecting…" in between, and the app works', async () => {
    // The cashier's own tab (the printed link is spent, and only this tab holds the session's tab secret).
    const cashier = app.page;
    await cashier.addInitScript(WATCH_FOR_CONNECTING);
    const documentHtml = cashier
      .waitForResponse((candidate) => candidate.request().resourceType() === 'document')
      .then((answer) => answer.text());
    await cashier.reload();
    expect(await documentHtml).toContain('data-first-paint="cashier"');
    await waitForApp(cashier);
    await cashier.getByRole('region', { name: 'Shift ledger' }).waitFor();
    expect(await cashier.getByRole('group', { name: 'Seat 1' }).count()).toBe(1);
    expect(await cashier.getByText('Loading the cashier').count()).toBe(0);
    expect(await cashier.evaluate('window.sawConnecting')).toBe(false);
    await cashier
      .getByRole('button', { name: /Open cashier for/ })
      .first()
      .click();
    await cashier.getByRole('dialog').waitFor();
    await cashier.keyboard.press('Escape');
  });
});
