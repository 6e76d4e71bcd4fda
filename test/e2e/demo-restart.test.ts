/**
 * `npm run web` (main/web/cli.ts) as a real process, several times on one data folder with the built-in demo venue:
 * the second start is a restart of the same venue, so the page shows the first start's open shift and its movements.
 * Settings' "Start a fresh demo venue" (after its confirmation) and --fresh-demo start the demo and its journal empty.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatChips } from '../../renderer/shared/money';
import { waitForApp } from '../support/app-ready';
import { BROWSER_RETRY } from '../support/browser-retry';
import { launchChromium, type LaunchedChromium } from '../support/chromium';
import { startWebChild, type WebChild } from '../support/web-child';
import { screenshot } from '../support/web-app';

/** This attempt's data folder: a retry starts on a new one (the failed attempt's shift and movements are not its). */
let dataDir: string | undefined;
let browser: LaunchedChromium;
/** Runtimes still running (a failed test's are stopped after it, so a retry finds the data folder free). */
const live = new Set<WebChild>();

beforeAll(async () => {
  browser = await launchChromium();
});
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'venue-demo-restart-'));
});
afterEach(async () => {
  for (const web of live) {
    web.child.kill('SIGTERM');
    await web.exited;
  }
  live.clear();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});
afterAll(async () => {
  await browser?.close();
});

/** This attempt's data folder (set before each attempt). */
function folder(): string {
  if (dataDir === undefined) throw new Error('no data folder: beforeEach did not run');
  return dataDir;
}

/** One run of the runtime on the shared data folder, its page open; returns the page and a stop. */
async function run(extra: readonly string[] = []): Promise<{ page: Page; web: WebChild; stop: () => Promise<void> }> {
  const web = await startWebChild(['--data-dir', folder(), '--demo-pace', '30', ...extra]);
  live.add(web);
  const page = await browser.context.newPage();
  await page.goto(web.url);
  await waitForApp(page);
  return {
    page,
    web,
    async stop() {
      await page.close();
      live.delete(web);
      web.child.kill('SIGTERM');
      expect(await web.exited).toBe(0);
    },
  };
}

const screen = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name }).click();
const shiftPanel = (page: Page) => page.getByRole('region', { name: 'Shift' });

const zero = new RegExp(`^${formatChips(0)}\\b`);

/** Opens the first shift on the Cashier screen with a float and an operator. */
async function openShift(page: Page, float: string, operator: string): Promise<void> {
  await shiftPanel(page).getByTestId('no-shift').waitFor();
  await shiftPanel(page).getByLabel('Opening float').fill(float);
  await shiftPanel(page).getByLabel('Operator').fill(operator);
  await shiftPanel(page).getByRole('button', { name: 'Open shift' }).click();
  await expect.poll(() => shiftPanel(page).getByTestId('shift-open').textContent()).toContain(`by ${operator}`);
}

describe('the built-in demo venue across restarts', BROWSER_RETRY, () => {
  it('shows the first start’s shift and movements after a restart; button and --fresh-demo start anew', async () => {
    const first = await run();
    await screen(first.page, 'Cashier');
    await openShift(first.page, '1000', 'Ana Lima');
    // Two buy-ins of 100 from two seats' cashier dialogs (the same one twice would ask to confirm a second); the venue
    // applies them between hands.
    for (let i = 0; i < 2; i += 1) {
      await screen(first.page, 'Table');
      const seat = first.page.getByRole('button', { name: /^Open cashier for / }).nth(i);
      const label = (await seat.getAttribute('aria-label')) ?? '';
      await seat.click();
      const dialog = first.page.getByRole('dialog', { name: label.replace('Open cashier for ', 'Cashier: ') });
      await dialog.getByRole('button', { name: 'Buy in 100' }).click();
      await expect
        .poll(() => dialog.getByRole('status').textContent())
        .toMatch(/: (sent to the venue|applied by the venue|A hand is in progress)/);
      await dialog.getByRole('button', { name: /^Close Cashier/ }).click();
    }
    await screen(first.page, 'Cashier');
    await expect
      .poll(() => first.page.getByTestId('total-buy-ins').textContent(), { timeout: 30_000 })
      .toMatch(new RegExp(`^${formatChips(200)}\\b`));
    await first.stop();
    const saved = await readFile(join(folder(), 'demo-venue', 'demo-venue.jsonl'), 'utf8');
    expect(saved.split('\n').filter((line) => line.includes('"t":"movement"'))).toHaveLength(2);

    const second = await run();
    await screen(second.page, 'Cashier');
    await expect.poll(() => shiftPanel(second.page).getByTestId('shift-open').textContent()).toContain('by Ana Lima');
    await expect
      .poll(() => second.page.getByTestId('total-buy-ins').textContent(), { timeout: 30_000 })
      .toMatch(new RegExp(`^${formatChips(200)}\\b`));
    await screenshot(second.page, 'demo-restart-second-start');

    // Settings: "Start a fresh demo venue" asks first; keeping the demo changes nothing.
    const freshButton = () => second.page.getByRole('button', { name: 'Start a fresh demo venue' });
    const confirm = second.page.getByRole('group', { name: 'Confirm a fresh demo venue' });
    await screen(second.page, 'Settings');
    await freshButton().click();
    await confirm.getByRole('button', { name: 'Keep this demo' }).click();
    await screen(second.page, 'Cashier');
    expect(await shiftPanel(second.page).getByTestId('shift-open').textContent()).toContain('by Ana Lima');
    await screen(second.page, 'Settings');
    await freshButton().click();
    await screenshot(second.page, 'demo-restart-fresh-confirm');
    await confirm.getByRole('button', { name: 'Forget this demo and start fresh' }).click();
    await expect
      .poll(() => second.page.getByRole('status').allTextContents())
      .toContain('A fresh demo venue is running.');
    await screen(second.page, 'Cashier');
    await shiftPanel(second.page).getByTestId('no-shift').waitFor();
    await expect.poll(() => second.page.getByTestId('total-buy-ins').textContent()).toMatch(zero);
    await openShift(second.page, '500', 'Bo Chen');
    await second.stop();
    expect(await readFile(join(folder(), 'demo-venue', 'demo-venue.jsonl'), 'utf8')).not.toContain('"t":"movement"');

    // The fresh demo is the one kept now; --fresh-demo forgets it too.
    const third = await run();
    await screen(third.page, 'Cashier');
    await expect.poll(() => shiftPanel(third.page).getByTestId('shift-open').textContent()).toContain('by Bo Chen');
    await third.stop();
    const fresh = await run(['--fresh-demo']);
    await screen(fresh.page, 'Cashier');
    await shiftPanel(fresh.page).getByTestId('no-shift').waitFor();
    expect(await fresh.page.getByTestId('total-buy-ins').textContent()).toMatch(zero);
    await fresh.stop();
  });
});
