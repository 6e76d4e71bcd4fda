/** The status badge in real Chromium: host offline and a dropped socket show, then recover. */
import { describe, expect, it } from 'vitest';
import { screenshot, startWebApp, type WebApp } from '../support/web-app';
import { BROWSER_RETRY, freshAfterFailure } from '../support/browser-retry';

let app: WebApp;

// A fresh app after a failed attempt: a failed test may leave the host offline, upgrades refused or sockets frozen.
freshAfterFailure(async () => {
  app = await startWebApp();
  return app;
});

const badge = () => app.page.getByTestId('status-badge').textContent();

/** Every text the badge shows while watched (read every 20 ms), for a state too short for a poll to catch. */
function watchBadge(): { seen: Set<string>; watching: ReturnType<typeof setInterval> } {
  const seen = new Set<string>();
  const watching = setInterval(() => {
    void badge().then(
      (text) => seen.add(text ?? ''),
      () => undefined,
    );
  }, 20);
  return { seen, watching };
}

describe('connection badge', BROWSER_RETRY, () => {
  it('says VENUE HOST OFFLINE with the last frame time, greys the table, and recovers to LIVE', async () => {
    await expect.poll(badge).toBe('LIVE');
    app.demo.faults.setHostOnline(false);
    await expect.poll(badge, { timeout: 10_000 }).toBe('VENUE HOST OFFLINE');
    expect(await app.page.getByRole('status', { name: 'Connection status' }).textContent()).toMatch(
      /last frame \d\d:\d\d:\d\d, (just now|\d+ min ago)/,
    );
    expect(await app.page.getByRole('region', { name: 'Table' }).getAttribute('data-stale')).toBe('true');
    await screenshot(app.page, 'host-offline');
    app.demo.faults.setHostOnline(true);
    await expect.poll(badge, { timeout: 10_000 }).toBe('LIVE');
    expect(await app.page.getByRole('region', { name: 'Table' }).getAttribute('data-stale')).toBe('false');
  });

  it('says RECONNECTING when the socket drops, then LIVE again with hands still following', async () => {
    const { seen, watching } = watchBadge();
    // Drop repeatedly while frozen so the reconnect window is wide enough to be seen.
    app.demo.faults.freezeSockets(true);
    await expect.poll(() => [...seen].some((text) => text.startsWith('RECONNECTING')), { timeout: 15_000 }).toBe(true);
    app.demo.faults.freezeSockets(false);
    app.demo.faults.dropAllSockets();
    await expect.poll(badge, { timeout: 15_000 }).toBe('LIVE');
    clearInterval(watching);
    const before = Number((await app.page.getByTestId('hand-number').textContent())?.replace(/\D/g, ''));
    await app.demo.inspect.waitForHands(1);
    await expect
      .poll(async () => Number((await app.page.getByTestId('hand-number').textContent())?.replace(/\D/g, '')), {
        timeout: 10_000,
      })
      .toBeGreaterThan(before);
  });

  it('says OFFLINE while the venue does not answer at all, then LIVE when it returns', async () => {
    app.demo.faults.refuseUpgrades('unreachable');
    app.demo.faults.dropAllSockets();
    await expect.poll(badge, { timeout: 15_000 }).toBe('OFFLINE');
    expect(await app.page.getByRole('status', { name: 'Connection status' }).textContent()).toMatch(
      /venue unreachable; next attempt \d\d:\d\d:\d\d/,
    );
    app.demo.faults.refuseUpgrades(null);
    await expect.poll(badge, { timeout: 15_000 }).toBe('LIVE');
  });

  it('a policy close code (4401) with a working key reconnects to LIVE and never says ACCESS WITHDRAWN', async () => {
    const { seen, watching } = watchBadge();
    const refusedBefore = app.demo.faults.refusedUpgrades();
    app.demo.faults.refuseUpgrades({ status: 403 });
    app.demo.faults.closeSockets(4401, 'policy');
    await expect.poll(() => app.demo.faults.refusedUpgrades(), { timeout: 15_000 }).toBeGreaterThan(refusedBefore + 1);
    app.demo.faults.refuseUpgrades(null);
    await expect.poll(badge, { timeout: 15_000 }).toBe('LIVE');
    clearInterval(watching);
    expect([...seen]).not.toContain('ACCESS WITHDRAWN');
  });

  it('says ACCESS WITHDRAWN when the venue revokes the key, and disables the cashier with the reason', async () => {
    app.demo.faults.revokeKey();
    await expect.poll(badge, { timeout: 10_000 }).toBe('ACCESS WITHDRAWN');
    const truth = app.demo.inspect.trueTable().seats.find((seat) => seat.name !== null);
    if (truth === undefined || truth.name === null) throw new Error('no seated player');
    await app.page.getByRole('button', { name: `Open cashier for ${truth.name} (seat ${truth.seat_id})` }).click();
    const dialog = app.page.getByRole('dialog', { name: /^Cashier:/ });
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('Cashier actions are disabled');
    expect(await dialog.getByRole('button', { name: 'Buy in 100' }).isDisabled()).toBe(true);
    await screenshot(app.page, 'access-withdrawn');
    await app.page.keyboard.press('Escape');
  });
});
