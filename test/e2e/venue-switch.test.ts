/**
 * Changing the venue in real Chromium, mid-shift: a mistyped address is asked about first, then refused, and changes
 * nothing (the demo venue stays live with its shift); the right address of a second venue with its key is asked
 * about, then switched to; a wrong address from there keeps that venue and its key. Settings' words are checked at
 * each step: "Connected to" only where the app is connected.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startDemoVenue, type RunningDemoVenue } from '../../main/demo';
import { FAST_DEMO, TEST_OPERATOR, screenshot, startWebApp, type WebApp } from '../support/web-app';
import { BROWSER_RETRY, freshAfterFailure } from '../support/browser-retry';

let app: WebApp;
let second: RunningDemoVenue;

freshAfterFailure(async () => {
  app = await startWebApp();
  second = await startDemoVenue({ ...FAST_DEMO, seed: 11 });
  return {
    async close() {
      await app.close();
      await second.close();
    },
  };
});

/** An address on this computer where nothing listens: a port opened, then closed. */
async function deadAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

const page = () => app.page;
const status = () => page().getByTestId('venue-status').textContent();
const badge = () => page().getByTestId('status-badge').textContent();
const question = () => page().getByRole('group', { name: 'Change the venue?' });
const venueSection = () => page().getByRole('region', { name: 'Venue' });

async function enterVenue(baseUrl: string, wsUrl: string, key: string): Promise<void> {
  await page().getByLabel('Venue address (REST base, ending in /v1)').fill(baseUrl);
  await page().getByLabel('WebSocket address (optional)').fill(wsUrl);
  await page().getByLabel('The key for this venue').fill(key);
  await page().getByRole('button', { name: 'Check and change the venue' }).click();
}

/** axe-core's violations in the Venue section (with its question open), by rule id. */
async function venueSectionViolations(): Promise<string[]> {
  // Evaluated through the browser's devtools protocol: the page's own policy refuses inline scripts, rightly.
  await page().evaluate(await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  return page().evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Element) => Promise<AxeResults> } }).axe;
    const section = [...document.querySelectorAll('section')].find(
      (candidate) => candidate.querySelector('h2')?.textContent === 'Venue',
    );
    if (section === undefined) return ['no venue section'];
    return (await axe.run(section)).violations.map((violation) => violation.id);
  });
}

interface AxeResults {
  readonly violations: readonly { readonly id: string }[];
}

async function handNumber(): Promise<number> {
  return Number((await page().getByTestId('hand-number').textContent())?.replace(/\D/g, ''));
}

describe('changing the venue', BROWSER_RETRY, () => {
  it('asks first, refuses a mistyped address without changing anything, then switches to the right one', async () => {
    await expect.poll(badge, { timeout: 15_000 }).toBe('LIVE');
    const shift = app.runtime.session.snapshot().cashier.shifts.current;
    expect(shift?.operator).toBe(TEST_OPERATOR);
    await page().getByRole('button', { name: 'Settings' }).click();
    await expect.poll(status).toBe('Connected to the built-in demo venue.');

    // A mistyped address: asked first, in plain words, before anything is sent anywhere.
    const wrong = await deadAddress();
    await enterVenue(wrong, '', second.key);
    await expect
      .poll(() => question().getByTestId('venue-leave-question').textContent())
      .toBe(
        `the built-in demo venue has an open shift (opened by ${TEST_OPERATOR}). If you change the venue they stay ` +
          'with the built-in demo venue in its own folder on this computer, untouched: nothing is lost, nothing is ' +
          'sent to the new venue, and they come back when you switch back to it. Unsettled movements are not ' +
          'followed up while you are away.',
      );
    expect(app.runtime.session.snapshot().settings.venueBaseUrl).toBeNull();
    expect(await venueSectionViolations()).toEqual([]);
    await screenshot(page(), 'venue-switch-asked');
    await question().getByRole('button', { name: 'Change the venue' }).click();
    await expect
      .poll(() => venueSection().getByRole('alert').textContent(), { timeout: 15_000 })
      .toMatch(
        new RegExp(
          `^${wrong.replace(/[.]/g, '\\.')} was not accepted\\. Nothing answered at that address ` +
            '\\(check it, and that the venue is running\\)\\. ' +
            'Nothing changed: still on the built-in demo venue, with its open shift\\.$',
        ),
      );
    await screenshot(page(), 'venue-switch-refused');
    // Nothing changed: the same venue, live, its shift open, its table still following hands.
    expect(await status()).toBe('Connected to the built-in demo venue.');
    expect(await badge()).toBe('LIVE');
    expect(app.runtime.session.snapshot()).toMatchObject({
      settings: { venueBaseUrl: null },
      venue: { demo: true },
      cashier: { shifts: { current: { id: shift?.id } } },
    });
    await page().getByRole('button', { name: 'Table' }).click();
    const before = await handNumber();
    await expect.poll(handNumber, { timeout: 15_000 }).toBeGreaterThan(before);

    // The right address and key of a second venue: asked, then switched once it accepted the key.
    await page().getByRole('button', { name: 'Settings' }).click();
    await enterVenue(second.baseUrl, second.wsUrl, second.key);
    await expect.poll(() => question().count()).toBe(1);
    await question().getByRole('button', { name: 'Change the venue' }).click();
    await expect
      .poll(() => venueSection().getByRole('status').textContent(), { timeout: 15_000 })
      .toBe(`The venue at ${second.baseUrl} accepted the key; connecting to it.`);
    await expect.poll(status, { timeout: 15_000 }).toBe(`Connected to ${second.baseUrl}.`);
    expect(await badge()).toBe('LIVE');
    expect(await page().getByTestId('key-status').textContent()).toMatch(
      new RegExp(`^A key is set for venue ${second.venueId} \\(kid \\S+\\)\\.$`),
    );

    // From there, a mistyped address again (no shift open here, so nothing to ask): refused, the key kept.
    await enterVenue(await deadAddress(), '', second.key);
    await expect
      .poll(() => venueSection().getByRole('alert').textContent(), { timeout: 15_000 })
      .toMatch(new RegExp(`Nothing changed: still on ${second.baseUrl.replace(/[.]/g, '\\.')}, with its key\\.$`));
    expect(await question().count()).toBe(0);
    expect(await status()).toBe(`Connected to ${second.baseUrl}.`);
    expect(app.runtime.session.snapshot()).toMatchObject({
      settings: { venueBaseUrl: second.baseUrl },
      key: { hasKey: true, venue: second.venueId },
      connection: { kind: 'live' },
    });
  });
});
