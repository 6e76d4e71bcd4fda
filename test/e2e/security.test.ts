/**
 * The key stays in main and the page is locked down: against a venue given by address and key (as from
 * --key-file), the key's text never reaches the page, its traffic or its storage; the CSP blocks inline script.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoVenue, type RunningDemoVenue } from '../../main/demo';
import { CONTENT_SECURITY_POLICY } from '../../main/web/static-files';
import { startWebRuntime, type WebRuntime } from '../../main/web/runtime';
import { launchChromium, type LaunchedChromium } from '../support/chromium';
import { FAST_DEMO, screenshot } from '../support/web-app';

let venue: RunningDemoVenue;
let runtime: WebRuntime;
let browser: LaunchedChromium;
let page: Page;
let dataDir: string;
/** Everything the page sent or received: HTTP bodies and WebSocket frames. */
const traffic: string[] = [];

beforeAll(async () => {
  venue = await startDemoVenue(FAST_DEMO);
  dataDir = await mkdtemp(join(tmpdir(), 'venue-e2e-key-'));
  runtime = await startWebRuntime({ dataDir, venue: venue.baseUrl, wsUrl: venue.wsUrl, key: venue.key, hostProbeMs: 400, log: () => undefined });
  browser = await launchChromium();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => traffic.push(String(frame.payload)));
    socket.on('framereceived', (frame) => traffic.push(String(frame.payload)));
  });
  page.on('request', (request) => traffic.push(request.url(), request.postData() ?? ''));
  page.on('response', (response) => {
    void response.text().then((body) => traffic.push(body), () => undefined);
  });
  await page.goto(runtime.url);
  await page.getByRole('group', { name: 'Seat 1' }).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await runtime?.close();
  await venue?.close();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

describe('the key', () => {
  it('is shown only as "set", with the venue and kid GET /key reports, and checks out', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect.poll(() => page.getByTestId('key-status').textContent(), { timeout: 10_000 }).toMatch(new RegExp(`A key is set for venue ${venue.venueId} \\(kid \\S+\\)`));
    await page.getByRole('button', { name: 'Check key' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Key works' }).textContent()).toContain(`venue ${venue.venueId}`);
    expect(await page.getByRole('note').count()).toBe(0);
  });

  it('never appears in the page, its traffic or its storage', async () => {
    await page.getByRole('button', { name: 'Table' }).click();
    await page.waitForTimeout(500);
    const html = await page.content();
    const storage = await page.evaluate(async () => {
      const databases = await indexedDB.databases();
      return JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie, databases });
    });
    const cookies = JSON.stringify(await browser.context.cookies());
    expect(traffic.length).toBeGreaterThan(5);
    for (const haystack of [html, storage, cookies, ...traffic]) expect(haystack.includes(venue.key)).toBe(false);
  });
});

describe('the page', () => {
  it('is served with the strict CSP and nosniff', async () => {
    const response = await page.request.get(runtime.url);
    expect(response.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
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

  it('refuses the bridge socket without the token or from another origin', async () => {
    const attempt = (url: string) =>
      page.evaluate(
        (target) =>
          new Promise<string>((resolve) => {
            const socket = new WebSocket(target);
            socket.onopen = () => resolve('open');
            socket.onerror = () => resolve('refused');
          }),
        url,
      );
    const base = new URL(runtime.url);
    expect(await attempt(`ws://${base.host}/bridge?token=wrong`)).toBe('refused');
    expect(await attempt(`ws://${base.host}/bridge?token=${runtime.server.token}`)).toBe('open');
    const stranger = await browser.context.newPage();
    await stranger.goto('about:blank');
    const fromBlank = await stranger.evaluate(
      (target) =>
        new Promise<string>((resolve) => {
          const socket = new WebSocket(target);
          socket.onopen = () => resolve('open');
          socket.onerror = () => resolve('refused');
        }),
      `ws://${base.host}/bridge?token=${runtime.server.token}`,
    );
    expect(fromBlank).toBe('refused');
    await stranger.close();
  });
});

describe('settings screen', () => {
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
    await page.getByRole('group', { name: `Seat ${seated.seat_id}` }).waitFor();
    await page.keyboard.press(String(seated.seat_id));
    const dialog = page.getByRole('dialog', { name: /^Cashier:/ });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: /^Buy in \d/ }).allTextContents()).toEqual(['Buy in 50', 'Buy in 250', 'Buy in 1,000']);
    await page.keyboard.press('Escape');
  });
});
