/**
 * "Reconnect now" in real Chromium against a demo venue whose host goes down, then comes back. The app's waits are
 * set to ten minutes, so only the press can bring it back within the test: pressed twice while down it makes one
 * attempt and says the venue is still not answering; pressed once the venue is back it connects and says so.
 */
import { describe, expect, it } from 'vitest';
import { FAST_DEMO, screenshot, startWebApp, type WebApp } from '../support/web-app';
import { BROWSER_RETRY, freshAfterFailure } from '../support/browser-retry';

let app: WebApp;

const TEN_MINUTES = 600_000;

freshAfterFailure(async () => {
  // Every wait drawn at its ceiling: the app would not try again by itself for ten minutes.
  app = await startWebApp(FAST_DEMO, {
    live: { backoff: { baseMs: TEN_MINUTES, capMs: TEN_MINUTES, stableMs: 5000 }, random: () => 0.999 },
  });
  return app;
});

const badge = () => app.page.getByTestId('status-badge').textContent();
const answer = () => app.page.getByTestId('reconnect-answer').textContent();
const reconnectNow = () => app.page.getByRole('button', { name: 'Reconnect now' });

describe('Reconnect now', BROWSER_RETRY, () => {
  it('tries at once (one attempt for a double press), says still down, connects once the host is back', async () => {
    await expect.poll(badge, { timeout: 15_000 }).toBe('LIVE');
    expect(await reconnectNow().count()).toBe(0);
    app.demo.faults.refuseUpgrades('unreachable');
    app.demo.faults.dropAllSockets();
    await expect.poll(badge, { timeout: 15_000 }).toMatch(/^RECONNECTING in \d+ s$/);

    const attemptsBefore = app.demo.faults.refusedUpgrades();
    await reconnectNow().dblclick();
    await expect.poll(answer, { timeout: 15_000 }).toMatch(/^Still not answering; next attempt \d\d:\d\d:\d\d\.$/);
    expect(app.demo.faults.refusedUpgrades()).toBe(attemptsBefore + 1);
    expect(await badge()).toBe('OFFLINE');
    await screenshot(app.page, 'reconnect-now-still-down');

    app.demo.faults.refuseUpgrades(null);
    await reconnectNow().click();
    await expect.poll(answer, { timeout: 15_000 }).toBe('Connected.');
    await expect.poll(badge, { timeout: 15_000 }).toBe('LIVE');
    expect(await reconnectNow().count()).toBe(0);
    expect(app.demo.faults.refusedUpgrades()).toBe(attemptsBefore + 1);
  });
});
