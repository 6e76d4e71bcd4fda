/**
 * The books end to end: a shift closed in the app carries its seal (the digest on its paper); `npm run verify`, a
 * real process, finds a clean folder verified and matches the digest to its shift; five bytes cut off the shift
 * records while the app is stopped are found by verify (exit 1) and, at the next start, said on screen (the notice,
 * the past shift marked damaged), and the app refuses to reopen or re-close that shift.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PrintableShiftSummary } from '../../preload/contract';
import { startWebRuntime, type WebRuntime } from '../../main/web/runtime';
import { waitForApp } from '../support/app-ready';
import { runToEnd } from '../support/child-processes';
import { launchChromium, type LaunchedChromium } from '../support/chromium';
import { FAST_DEMO, screenshot } from '../support/web-app';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function start(dataDir: string): Promise<WebRuntime> {
  const runtime = await startWebRuntime({
    dataDir,
    venue: null,
    wsUrl: null,
    key: null,
    demo: FAST_DEMO,
    log: () => undefined,
  });
  cleanups.push(() => runtime.close());
  return runtime;
}

const verify = (...args: string[]) =>
  runToEnd(process.execPath, ['--import', 'tsx', 'main/web/verify-cli.ts', ...args]);

describe('the books: sealed, verified by a separate process, damage said on screen', () => {
  let browser: LaunchedChromium;

  it('closes a sealed shift, verifies it, then finds and shows a cut', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'venue-books-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    cleanups.push(() => rm(`${dataDir}.books`, { recursive: true, force: true }));
    let runtime = await start(dataDir);
    const opened = await runtime.session.invoke('cashier:open-shift', [0, { operator: 'Ann' }]);
    expect(opened).toMatchObject({ ok: true });
    const closed = await runtime.session.invoke('cashier:close-shift', [0, { operator: 'Ann' }]);
    if (!closed.ok) throw new Error(`the close was refused: ${closed.error.message}`);
    const summary = closed.value as PrintableShiftSummary;
    expect(summary.digest).toMatch(/^[0-9a-f]{4}(-[0-9a-f]{4}){3}$/);
    expect(summary.books).toMatchObject({ verified: true });
    expect(summary.text).toContain(`Books digest   ${summary.digest}`);
    expect(summary.text).toMatch(/Printed {8}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d by Venue Cashier \d+\.\d+\.\d+/);
    browser = await launchChromium();
    cleanups.push(() => browser.close());
    let page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(runtime.url);
    await waitForApp(page);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Cashier' }).click();
    await expect
      .poll(() => page.getByTestId('past-shift-books').first().textContent())
      .toBe(`Verified · ${summary.digest}`);
    await page.close();
    await runtime.close();

    const clean = await verify('--data-dir', dataDir, '--digest', summary.digest as string);
    expect({ status: clean.status, stderr: clean.stderr }).toEqual({ status: 0, stderr: '' });
    expect(clean.stdout).toContain(`Digest ${summary.digest}: shift ${summary.id}`);
    expect(clean.stdout).toContain('Result: verified, no damage found.');
    const wrong = await verify('--data-dir', dataDir, '--digest', '0000-0000-0000-0000');
    expect(wrong.status).toBe(1);
    expect(wrong.stdout).toContain('matches no closed shift');

    const shiftLog = join(dataDir, 'venues', 'demo', 'cashier', 'cashier-shifts.log');
    const bytes = readFileSync(shiftLog);
    writeFileSync(shiftLog, bytes.subarray(0, bytes.length - 5));
    const cut = await verify('--data-dir', dataDir);
    expect(cut.status).toBe(1);
    expect(cut.stdout).toMatch(/DAMAGED {3}venues\/demo\/cashier\/cashier-shifts\.log/);
    expect(cut.stdout).toContain('missing from the end');

    runtime = await start(dataDir);
    page = await browser.context.newPage();
    await page.goto(runtime.url);
    await waitForApp(page);
    const notice = page.getByRole('alert', { name: 'Books damaged' });
    await expect.poll(() => notice.textContent(), { timeout: 20_000 }).toContain('the shift records');
    expect(await notice.textContent()).toContain('missing from the end');
    const reopen = await runtime.session.invoke('cashier:open-shift', [0, { operator: 'Ann' }]);
    expect(reopen.ok ? 'opened' : reopen.error.message).toMatch(/shift records on this PC are damaged/);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Cashier' }).click();
    // The shift whose close was cut is not shown as open, and offers no "Close shift".
    await expect.poll(() => page.getByTestId('shift-damaged').textContent()).toContain('cannot be read');
    expect(await page.getByRole('button', { name: 'Close shift', exact: true }).count()).toBe(0);
    // The event log beside the shift says when the damage was found, after the two starts.
    const log = page.getByRole('region', { name: 'Event log' });
    await expect
      .poll(() => log.locator('[data-kind="books-damaged"]').first().textContent())
      .toContain('Damage found in the shift records');
    expect(await log.locator('[data-kind="start"]', { hasText: /Venue Cashier .* started/ }).count()).toBe(2);
    await screenshot(page, 'books-damaged');
  }, 120_000);
});
