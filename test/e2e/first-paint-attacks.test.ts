/**
 * The server's first paint when the app's screens cannot load (the runtime was rebuilt or stopped after serving the
 * page, the connection dropped): the drawn table must not stay up, frozen, still saying LIVE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForApp } from '../support/app-ready';
import { BROWSER_RETRY } from '../support/browser-retry';
import { startWebApp, type WebApp } from '../support/web-app';

let app: WebApp;

beforeAll(async () => {
  app = await startWebApp();
});
afterAll(async () => {
  await app?.close();
});

const SCREENS_CHUNK = '**/assets/mount-*.js';

describe('the first paint when the screens cannot load', BROWSER_RETRY, () => {
  it('is taken down and the page says to reload; a reload then works', async () => {
    const page = app.page;
    await page.route(SCREENS_CHUNK, (route) => route.abort());
    const documentHtml = page
      .waitForResponse((candidate) => candidate.request().resourceType() === 'document')
      .then((answer) => answer.text());
    await page.reload();
    // The server drew the table (LIVE) into this page ...
    expect(await documentHtml).toMatch(/data-first-paint="cashier".*badge-live/s);
    // ... and with the screens refused, the page gives that drawing up and says so.
    await page.getByRole('alert').getByText('The app could not load. Reload the page.').waitFor();
    expect(await page.locator('#root .badge-live').count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Seat 1' }).count()).toBe(0);
    expect(await page.locator('#root').getAttribute('data-first-paint')).toBeNull();
    await page.unroute(SCREENS_CHUNK);
    await page.reload();
    await waitForApp(page);
  });
});
