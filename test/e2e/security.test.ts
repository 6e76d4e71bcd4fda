/**
 * The key stays in main and the page is locked down: against a venue given by address and key (as from
 * --key-file), the key's text never reaches the page, its traffic or its storage; the CSP blocks inline script.
 * The printed link's token is spent on first use and never seen again; the monitor receives only the table.
 * The venue hides money (`hidden`), so the monitor's table carries no amounts either.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoVenue, type RunningDemoVenue } from '../../main/demo';
import { monitorProjection } from '../../main/core/session/monitor-projection';
import { contentSecurityPolicy } from '../../main/web/static-files';
import { defaultSettings, type SessionSnapshot } from '../../preload/contract';
import { startWebRuntime, type WebRuntime } from '../../main/web/runtime';
import { launchChromium, type LaunchedChromium } from '../support/chromium';
import { FAST_DEMO, screenshot } from '../support/web-app';
import { openBridgeSocket } from '../support/web-session';
import { BROWSER_RETRY } from '../support/browser-retry';
import { waitForApp } from '../support/app-ready';

let venue: RunningDemoVenue;
let runtime: WebRuntime;
let browser: LaunchedChromium;
let page: Page;
let dataDir: string;
/** Everything the page sent or received: HTTP bodies and WebSocket frames. */
const traffic: string[] = [];
/** Every request the cashier page made, in order, with its Referer. */
const requests: { url: string; referer: string }[] = [];

beforeAll(async () => {
  venue = await startDemoVenue({ ...FAST_DEMO, moneyMode: 'hidden' });
  dataDir = await mkdtemp(join(tmpdir(), 'venue-e2e-key-'));
  runtime = await startWebRuntime({
    dataDir,
    venue: venue.baseUrl,
    wsUrl: venue.wsUrl,
    key: venue.key,
    hostProbeMs: 400,
    log: () => undefined,
  });
  browser = await launchChromium();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => traffic.push(String(frame.payload)));
    socket.on('framereceived', (frame) => traffic.push(String(frame.payload)));
  });
  page.on('request', (request) => {
    traffic.push(request.url(), request.postData() ?? '');
    requests.push({ url: request.url(), referer: request.headers().referer ?? '' });
  });
  page.on('response', (response) => {
    void response.text().then(
      (body) => traffic.push(body),
      () => undefined,
    );
  });
  await page.goto(runtime.url);
  await waitForApp(page);
});

afterAll(async () => {
  await browser?.close();
  await runtime?.close();
  await venue?.close();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

describe('the key', BROWSER_RETRY, () => {
  it('is shown only as "set", with the venue and kid GET /key reports, and checks out', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect
      .poll(() => page.getByTestId('key-status').textContent(), { timeout: 10_000 })
      .toMatch(new RegExp(`A key is set for venue ${venue.venueId} \\(kid \\S+\\)`));
    // The key came with the runtime (like --key-file): the address it is bound to cannot be changed here.
    expect(await page.getByTestId('venue-address-fixed').textContent()).toMatch(/cannot be changed here/);
    expect(await page.getByRole('button', { name: 'Connect again' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Use the demo venue' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Check key' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Key works' }).textContent())
      .toContain(`venue ${venue.venueId}`);
    expect(await page.getByRole('note').count()).toBe(0);
  });

  it('never appears in the page, its traffic or its storage', async () => {
    await page.getByRole('button', { name: 'Table' }).click();
    await page.waitForTimeout(500);
    const html = await page.content();
    const storage = await page.evaluate(async () => {
      const databases = await indexedDB.databases();
      return JSON.stringify({
        local: { ...localStorage },
        session: { ...sessionStorage },
        cookie: document.cookie,
        databases,
      });
    });
    const cookies = JSON.stringify(await browser.context.cookies());
    expect(traffic.length).toBeGreaterThan(5);
    for (const haystack of [html, storage, cookies, ...traffic]) expect(haystack.includes(venue.key)).toBe(false);
  });
});

describe('the page', BROWSER_RETRY, () => {
  it('is served with the strict CSP and nosniff', async () => {
    const response = await page.request.get(new URL('/', runtime.url).href);
    expect(response.headers()['content-security-policy']).toBe(contentSecurityPolicy(runtime.server.port));
    expect(contentSecurityPolicy(runtime.server.port)).toContain(
      `connect-src 'self' ws://127.0.0.1:${runtime.server.port} `,
    );
    expect(contentSecurityPolicy(runtime.server.port)).not.toContain('*');
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
  });

  it('blocks an injected inline script', async () => {
    const result = await page.evaluate(async () => {
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (event) => violations.push(event.violatedDirective));
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { ran: (window as unknown as { __injected?: boolean }).__injected === true, violations };
    });
    expect(result.ran).toBe(false);
    expect(result.violations.some((directive) => directive.startsWith('script-src'))).toBe(true);
  });

  it('opens the bridge socket with the session cookie only: not with the token, not from another origin', async () => {
    // As the page's bridge does: with this tab's secret (sessionStorage) when it holds one.
    const attempt = (from: Page, url: string) =>
      from.evaluate(
        (target) =>
          new Promise<string>((resolve) => {
            let secret: string | null = null;
            try {
              secret = window.sessionStorage.getItem('venue-cashier-tab:cashier');
            } catch {
              // about:blank has no storage of its own
            }
            const socket = new WebSocket(target, secret === null ? [] : [`vc-tab.${secret}`]);
            socket.onopen = () => resolve('open');
            socket.onerror = () => resolve('refused');
          }),
        url,
      );
    const base = new URL(runtime.url);
    expect(await attempt(page, `ws://${base.host}/bridge`)).toBe('open');
    // The monitor's socket wants the monitor's cookie, which the cashier's page does not hold.
    expect(await attempt(page, `ws://${base.host}/monitor-bridge`)).toBe('refused');
    // Without the cookie (another browser), the token in the socket URL opens nothing.
    await expect(openBridgeSocket(runtime.server.port, `/bridge?token=${runtime.server.token}`, null)).rejects.toThrow(
      /401/,
    );
    const stranger = await browser.context.newPage();
    await stranger.goto('about:blank');
    expect(await attempt(stranger, `ws://${base.host}/bridge`)).toBe('refused');
    await stranger.close();
  });
});

describe('the printed link', BROWSER_RETRY, () => {
  it('is gone from the address, the history and every request after the first', async () => {
    const token = runtime.server.token;
    const seen = await page.evaluate(() => ({
      href: location.href,
      length: history.length,
      state: JSON.stringify(history.state),
      referrer: document.referrer,
    }));
    expect(seen.href).toBe(new URL('/', runtime.url).href);
    for (const value of Object.values(seen)) expect(String(value)).not.toContain(token);
    // The redirect replaced the link: one step back is the blank start page, and forward is the token-free app again.
    expect(seen.length).toBe(2);
    await page.goBack();
    expect(page.url()).toBe('about:blank');
    await page.goForward();
    expect(page.url()).toBe(new URL('/', runtime.url).href);
    await waitForApp(page);
    expect(requests[0]?.url).toBe(runtime.url);
    expect(requests.length).toBeGreaterThan(2);
    for (const request of requests.slice(1)) {
      expect(request.url).not.toContain(token);
      expect(request.referer).not.toContain(token);
    }
  });

  it('opens nothing the second time', async () => {
    const again = await browser.context.newPage();
    const response = await again.goto(runtime.url);
    expect(response?.status()).toBe(401);
    expect(await again.textContent('body')).toMatch(/already used/);
    await again.close();
  });

  it('is bound to the tab that used it: another tab of the profile holds the cookie but gets no cashier', async () => {
    // As the room-facing monitor would, beside the cashier in the same browser profile, typing the runtime's address.
    const other = await browser.context.newPage();
    const refused: number[] = [];
    other.on('websocket', (socket) => socket.on('close', () => refused.push(1)));
    await other.goto(new URL('/', runtime.url).href);
    await expect.poll(() => refused.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await other.getByRole('group', { name: 'Seat 1' }).count()).toBe(0);
    expect(await other.getByRole('button', { name: /Open cashier for/ }).count()).toBe(0);
    await other.close();
    // The cashier's own tab reconnects with its tab secret (a reload keeps sessionStorage) and works on.
    await page.reload();
    await waitForApp(page);
  });
});

describe('the table monitor', BROWSER_RETRY, () => {
  it(
    'receives nothing but the table and the connection: no tray, ledger, settings, ' + 'key, or hidden amounts',
    async () => {
      const seated = venue.inspect.trueTable().seats.find((seat) => seat.name !== null && seat.player_id !== null);
      if (seated === undefined) throw new Error('no seated player');
      // Money moves inside a shift only, and nothing opens one by itself.
      if (runtime.session.snapshot().cashier.shifts.current === null)
        expect(await runtime.session.invoke('cashier:open-shift', [0, { operator: 'Test cashier' }])).toMatchObject({
          ok: true,
        });
      const accepted = await runtime.session.invoke('cashier:request', [
        {
          kind: 'buy_in',
          seatId: seated.seat_id,
          playerName: seated.name,
          playerId: seated.player_id,
          amount: 300,
          confirmed: true,
        },
      ]);
      expect(accepted).toMatchObject({ ok: true });
      const movementId = (accepted as { value: { id: string } }).value.id;
      await expect
        .poll(
          () =>
            runtime.session.snapshot().cashier.ledger.entries.length + runtime.session.snapshot().cashier.tray.length,
        )
        .toBeGreaterThan(0);

      const monitor = await browser.context.newPage();
      const frames: string[] = [];
      monitor.on('websocket', (socket) => socket.on('framereceived', (frame) => frames.push(String(frame.payload))));
      await monitor.goto(runtime.monitorUrl);
      expect(monitor.url()).toBe(new URL('/?view=monitor', runtime.url).href);
      await monitor
        .getByRole('main', { name: 'Table monitor' })
        .getByRole('group', { name: `Seat ${seated.seat_id}` })
        .waitFor();
      await expect.poll(() => frames.length).toBeGreaterThan(2);

      let assembled: SessionSnapshot | null = null;
      for (const text of frames) {
        const message = JSON.parse(text) as
          { t: 'snapshot'; snapshot: SessionSnapshot } | { t: 'result' } | { t: 'tab'; secret: string };
        if (message.t !== 'snapshot') continue;
        assembled = message.snapshot;
        expect(assembled.cashier).toEqual({
          ready: false,
          notReadyReason: null,
          tray: [],
          ledger: { totals: { buyIns: 0, cashOuts: 0, net: 0, count: 0, toConfirm: 0, doubles: 0 }, entries: [] },
          shifts: { current: null, past: [], firstShift: false, beforeShifts: 0 },
        });
        expect(assembled.settings).toEqual(defaultSettings);
        expect(assembled.key).toMatchObject({ hasKey: false, venue: null, kid: null });
        expect(assembled.venue.venueId).toBeNull();
        expect(assembled.venue.moneyMode).toBe('hidden');
        expect(assembled.table?.pot ?? null).toBeNull();
        for (const seat of assembled.table?.seats ?? []) expect([seat.stack, seat.playerId]).toEqual([null, null]);
        for (const line of assembled.ticker) expect([line.kind === 'money', line.amount]).toEqual([false, null]);
      }
      const everything = frames.join('\n');
      expect(everything).not.toContain(movementId);
      expect(everything).not.toContain(venue.key);
      const kid = runtime.session.snapshot().key.kid;
      if (kid !== null) expect(everything).not.toContain(kid);
      // What it does show is exactly the server's projection of the session.
      expect(assembled?.table?.seats.map((seat) => seat.name)).toEqual(
        monitorProjection(runtime.session.snapshot()).table?.seats.map((seat) => seat.name),
      );
      await monitor.close();
    },
  );
});

describe('settings screen', BROWSER_RETRY, () => {
  it('adds a webhook, shows its secret once, lists it, and deletes it', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Webhook URL (https)').fill('https://hooks.example.com/poker');
    await page.getByRole('checkbox', { name: 'transaction.applied' }).check();
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secret = page.getByTestId('webhook-secret');
    await expect.poll(async () => (await secret.textContent())?.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(8);
    const row = page.getByRole('row').filter({ hasText: 'https://hooks.example.com/poker' });
    await expect.poll(() => row.textContent()).toContain('transaction.applied');
    expect(await row.textContent()).toContain('enabled');
    await screenshot(page, 'settings');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    expect(await secret.count()).toBe(0);
    await page.getByRole('button', { name: 'Delete webhook https://hooks.example.com/poker' }).click();
    await expect.poll(() => row.count()).toBe(0);
  });

  it('saves presets and the threshold, and the cashier offers the new presets', async () => {
    await page.getByLabel('Buy-in presets (comma separated)').fill('50, 250, 1000');
    await page.getByLabel('Confirm amounts above').fill('800');
    await page.getByRole('button', { name: 'Save money settings' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved.' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Table' }).click();
    const seated = venue.inspect.trueTable().seats.find((seat) => seat.name !== null);
    if (seated === undefined) throw new Error('no seated player');
    await waitForApp(page, seated.seat_id);
    await page.keyboard.press(String(seated.seat_id));
    const dialog = page.getByRole('dialog', { name: /^Cashier:/ });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: /^Buy in \d/ }).allTextContents()).toEqual([
      'Buy in 50',
      'Buy in 250',
      'Buy in 1,000',
    ]);
    await page.keyboard.press('Escape');
  });
});
