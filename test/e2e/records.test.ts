/**
 * The cage's records in real Chromium against the demo venue: the shift ledger says when the venue applied each
 * movement (its own time, read from the demo venue's ledger), slips are reprinted from any ledger row and from a past
 * shift, marked as reprints, with the original's facts.
 */
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { localDateTime } from '../../preload/contract/local-time';
import { clockTime } from '../../renderer/shared/time';
import { closeDialogs, screenshot, startWebApp, TEST_OPERATOR, type WebApp } from '../support/web-app';
import { BROWSER_RETRY, freshAfterFailure } from '../support/browser-retry';
import { appliedBuyIn, askBuyIn, seatedPlayer as seatedPlayerOf } from '../support/demo-table';

let app: WebApp;

freshAfterFailure(async () => {
  usedSeats.length = 0;
  app = await startWebApp();
  return app;
});

/** Seats a test of this app already moved money for: each test reads its own player's ledger row. */
const usedSeats: number[] = [];

/** A seated player of the demo table right now whom no earlier test of this app used. */
function seatedPlayer() {
  const player = seatedPlayerOf(app, { skip: usedSeats });
  usedSeats.push(player.seatId);
  return player;
}

/** The demo venue's own record of the movement with this key. */
function venueRecord(key: string) {
  const record = app.demo.inspect.ledger().find((entry) => entry.idempotency_key === key);
  if (record === undefined) throw new Error('the demo venue has no record of the movement');
  return record;
}

/** The value a slip prints beside a label (its row's cell), from the slip in the reprint dialog's preview. */
async function slipCell(dialog: Locator, label: string): Promise<string | null> {
  const row = dialog
    .getByTestId('slip')
    .locator('.slip-row')
    .filter({ has: dialog.page().getByText(label, { exact: true }) });
  return row.locator('dd').textContent();
}

/** The reprint of a ledger row's slip, from the row's own button; the dialog once its slip is shown. */
async function reprintFrom(rows: Locator, playerName: string): Promise<Locator> {
  await rows
    .filter({ hasText: playerName })
    .getByRole('button', { name: /^Reprint slip of / })
    .click();
  const dialog = rows.page().getByRole('dialog', { name: 'Reprint slip' });
  await dialog.getByTestId('slip').waitFor({ timeout: 10_000 });
  return dialog;
}

/** The export's one time format: ISO 8601 in local time with its offset (never `Z`). */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;

/** The slip's reference: the key's tail, as the original printed it. */
const reference = (key: string): string => `…${key.slice(-8)}`;

describe('the cage records', BROWSER_RETRY, () => {
  it("shows in the ledger the venue's own time of application, not this PC's", async () => {
    await app.demo.faults.holdBetweenHands();
    const player = seatedPlayer();
    const key = await appliedBuyIn(app, player, 137);
    const row = app.page
      .getByRole('region', { name: 'Shift ledger' })
      .locator('tbody tr')
      .filter({ hasText: player.name });
    // The demo venue applied it at `at` (its event's stamp is taken in the same step); the cell says that time alone,
    // with no "(this PC's time)" label.
    await expect
      .poll(() => row.getByTestId('ledger-applied-at').textContent(), { timeout: 10_000 })
      .toBe(clockTime(venueRecord(key).at));
  });

  it("shows the venue's time for a walk-in bought in by name", async () => {
    await app.demo.faults.holdBetweenHands();
    const name = `Walk In ${Date.now() % 100_000}`;
    const key = await appliedBuyIn(app, { seatId: null, name, playerId: null }, 150);
    const row = app.page.getByRole('region', { name: 'Shift ledger' }).locator('tbody tr').filter({ hasText: name });
    await expect
      .poll(() => row.getByTestId('ledger-applied-at').textContent(), { timeout: 10_000 })
      .toBe(clockTime(venueRecord(key).at));
  });

  it("shows the venue's time for a buy-in whose answer came seconds after it applied", async () => {
    await app.demo.faults.holdBetweenHands();
    const player = seatedPlayer();
    app.demo.faults.timeoutNextMovements(1, 'applied-answer-lost');
    const key = await askBuyIn(app, player, 121);
    await expect.poll(() => app.demo.inspect.ledger().some((entry) => entry.idempotency_key === key)).toBe(true);
    const appliedAt = venueRecord(key).at;
    // The answer lands in a later second than the venue applied it: this PC's time can no longer pass for the venue's.
    await expect.poll(() => Date.now() - appliedAt > 2000, { timeout: 10_000 }).toBe(true);
    app.demo.faults.releaseLostAnswers();
    const row = app.page
      .getByRole('region', { name: 'Shift ledger' })
      .locator('tbody tr')
      .filter({ hasText: player.name });
    await expect
      .poll(() => row.getByTestId('ledger-applied-at').textContent(), { timeout: 20_000 })
      .toBe(clockTime(appliedAt));
  });

  it('reprints a slip from a ledger row, marked REPRINT, with the original amount, reference, operator', async () => {
    await app.demo.faults.holdBetweenHands();
    const player = seatedPlayer();
    const key = await appliedBuyIn(app, player, 143);
    const rows = app.page.getByRole('region', { name: 'Shift ledger' }).locator('tbody tr');
    await expect.poll(() => rows.filter({ hasText: player.name }).count(), { timeout: 10_000 }).toBe(1);
    const dialog = await reprintFrom(rows, player.name);
    await screenshot(app.page, 'reprint-ledger-row');
    expect(await dialog.getByTestId('slip').locator('.slip-title').textContent()).toBe('Buy-in slip (REPRINT)');
    expect(await slipCell(dialog, 'REPRINT')).toMatch(/^reprinted \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await slipCell(dialog, 'Amount')).toBe('143 chips');
    expect(await slipCell(dialog, 'Reference')).toBe(reference(key));
    expect(await slipCell(dialog, 'Operator')).toBe(TEST_OPERATOR);
    await dialog.getByRole('button', { name: /^Close/ }).click();
  });

  it("opens a ledger row's last hands: the profile lists the cashier's movements of the player", async () => {
    await app.demo.faults.holdBetweenHands();
    const player = seatedPlayer();
    const key = await appliedBuyIn(app, player, 161);
    const rows = app.page.getByRole('region', { name: 'Shift ledger' }).locator('tbody tr');
    const row = rows.filter({ hasText: player.name });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await row.getByRole('button', { name: `Last hands of ${player.name}` }).click();
    const movements = app.page
      .getByRole('region', { name: `Player ${player.name}` })
      .getByRole('table', { name: 'Cashier movements of this player' })
      .locator('tbody tr');
    await expect.poll(() => movements.count(), { timeout: 10_000 }).toBe(1);
    await screenshot(app.page, 'profile-cashier-movements');
    expect(await movements.locator('td.num').textContent()).toBe('161 chips');
    // By the venue's own time of application, as the demo venue recorded it.
    expect(await movements.locator('td').first().textContent()).toBe(localDateTime(venueRecord(key).at));
    await app.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Table' }).click();
  });

  it("reprints a slip from a past shift's movements, read from the shift's archive", async () => {
    await app.demo.faults.holdBetweenHands();
    const player = seatedPlayer();
    const key = await appliedBuyIn(app, player, 157);
    const closed = await app.runtime.session.invoke('cashier:close-shift', [0, { operator: TEST_OPERATOR }]);
    if (!closed.ok) throw new Error(`the close was refused: ${closed.error.message}`);
    const reopened = await app.runtime.session.invoke('cashier:open-shift', [0, { operator: 'Next cashier' }]);
    if (!reopened.ok) throw new Error(`the next shift did not open: ${reopened.error.message}`);
    await app.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Cashier' }).click();
    const past = app.page.getByRole('region', { name: 'Past shifts' }).getByTestId('past-shift');
    await expect.poll(() => past.count(), { timeout: 10_000 }).toBe(1);
    await past.getByRole('button', { name: 'Movements' }).click();
    const listed = app.page.getByRole('table', { name: 'Movements of this shift' }).locator('tbody tr');
    await expect.poll(() => listed.filter({ hasText: player.name }).count(), { timeout: 10_000 }).toBe(1);
    const dialog = await reprintFrom(listed, player.name);
    await screenshot(app.page, 'reprint-past-shift');
    expect(await dialog.getByTestId('slip').locator('.slip-title').textContent()).toBe('Buy-in slip (REPRINT)');
    expect(await slipCell(dialog, 'Amount')).toBe('157 chips');
    expect(await slipCell(dialog, 'Reference')).toBe(reference(key));
    // The original's operator (the closed shift's), not the one on shift now.
    expect(await slipCell(dialog, 'Operator')).toBe(TEST_OPERATOR);
  });

  it('downloads a past shift as one table per file, every time with the local offset', async () => {
    // The dialogs an earlier test left open (a reprint over a past shift's movements).
    await closeDialogs(app.page);
    // The shift the previous test closed (or, on a fresh app, one closed here).
    if ((app.runtime.session.snapshot().cashier.shifts.past ?? []).length === 0) {
      await appliedBuyIn(app, seatedPlayer(), 171);
      const closed = await app.runtime.session.invoke('cashier:close-shift', [0, { operator: TEST_OPERATOR }]);
      if (!closed.ok) throw new Error(`the close was refused: ${closed.error.message}`);
    }
    await app.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Cashier' }).click();
    const past = app.page.getByRole('region', { name: 'Past shifts' }).getByTestId('past-shift').first();
    const files = new Map<string, string>();
    const saved: Promise<void>[] = [];
    app.page.on('download', (download) => {
      saved.push(
        download.path().then(async (path) => {
          files.set(download.suggestedFilename(), await readFile(path, 'utf8'));
        }),
      );
    });
    await past.getByRole('button', { name: 'CSV', exact: true }).click();
    await expect.poll(() => saved.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await Promise.all(saved);
    const names = [...files.keys()].sort();
    expect(names.some((name) => /^shift-.+-movements\.csv$/.test(name))).toBe(true);
    expect(names.some((name) => /^shift-.+-reconciliation\.csv$/.test(name))).toBe(true);
    for (const [name, csv] of files) {
      const lines = csv.trimEnd().split('\r\n');
      const header = lines[0] ?? '';
      expect(
        lines.filter((line) => line === header),
        `${name}: one header row`,
      ).toHaveLength(1);
      expect(
        lines.filter((line) => line.trim() === ''),
        `${name}: no blank line`,
      ).toEqual([]);
      const columns = header.split(',');
      const timeColumns = columns.flatMap((column, index) => (/(^|_)at$/.test(column) ? [index] : []));
      expect(timeColumns.length, `${name}: has time columns`).toBeGreaterThan(0);
      for (const line of lines.slice(1)) {
        const cells = line.split(',');
        for (const index of timeColumns) {
          const cell = cells[index] ?? '';
          if (cell !== '') expect(cell, `${name} ${columns[index]}`).toMatch(ISO_WITH_OFFSET);
        }
      }
    }
  });
});
