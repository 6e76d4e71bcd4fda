/**
 * Paper, in real Chromium: the slip and a 40-movement shift summary printed (print media, page.pdf) on an 80 mm
 * receipt and on A4. Read back with poppler: every line of the document is on the paper, no row is split across
 * pages, the pages are white, and nothing of the screen around the document is printed.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MovementSlip, PaperSize, PrintableShiftSummary } from '../../preload/contract';
import { cashText } from '../../preload/contract/cash-text';
import { localDateTime } from '../../preload/contract/local-time';
import { BROWSER_RETRY } from '../support/browser-retry';
import { pdfPages, pdfPageSizeMm, pdfWhiteness } from '../support/pdf-check';
import { screenshot, TEST_OPERATOR, type WebApp } from '../support/web-app';
import { screenButton } from '../support/demo-table';
import { webAppPerFile } from '../support/web-app-fixture';

let app: WebApp;

webAppPerFile(
  (started) => {
    app = started;
  },
  { held: true },
);

async function invoke<T>(channel: string, args: unknown[]): Promise<T> {
  const outcome = await app.runtime.session.invoke(channel as never, args as never);
  if (!outcome.ok) throw new Error(`${channel}: ${outcome.error.message}`);
  return outcome.value as T;
}

/** Asks for `count` movements (buy-ins, every third a small cash-out) round the table, each applied before the next. */
async function moveMoney(count: number): Promise<string[]> {
  const seats = app.demo.inspect.trueTable().seats.filter((seat) => seat.name !== null && (seat.stack ?? 0) > 20);
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const seat = seats[index % seats.length];
    if (seat?.name == null) throw new Error('no seated player');
    const before = app.demo.inspect.ledger().length;
    const { id } = await invoke<{ id: string }>('cashier:request', [
      {
        kind: index % 3 === 2 ? 'cash_out' : 'buy_in',
        seatId: seat.seat_id,
        playerName: seat.name,
        playerId: seat.player_id,
        amount: 10 + index,
        // Each is its own press: one may repeat a movement the slip test made moments ago.
        confirmSecond: true,
        confirmed: true,
      },
    ]);
    ids.push(id);
    await expect.poll(() => app.demo.inspect.ledger().length, { timeout: 10_000 }).toBe(before + 1);
    await expect
      .poll(() => app.runtime.session.snapshot().cashier.tray.find((movement) => movement.id === id)?.status)
      .toBe('applied');
  }
  return ids;
}

/** Prints the page as Chromium would (print media, the page's own @page size); kept under test-output/pdf/. */
async function printPdf(name: string): Promise<Buffer> {
  await app.page.emulateMedia({ media: 'print' });
  try {
    const path = join('test-output', 'pdf', `${name}.pdf`);
    await mkdir(dirname(path), { recursive: true });
    return await app.page.pdf({ path, preferCSSPageSize: true, printBackground: true });
  } finally {
    await app.page.emulateMedia({ media: 'screen' });
  }
}

async function usePaper(size: PaperSize): Promise<void> {
  await invoke('settings:update', [{ paperSize: size }]);
  await expect.poll(() => app.runtime.session.snapshot().settings.paperSize).toBe(size);
}

/** The page sizes: a receipt roll 80 mm wide, an A4 sheet. */
const PAGE_WIDTH_MM: Readonly<Record<PaperSize, number>> = { 'receipt-80mm': 80, a4: 210, letter: 215.9 };

async function expectWhitePages(pdf: Buffer): Promise<void> {
  for (const page of await pdfWhiteness(pdf)) {
    expect(page.corners).toBeGreaterThanOrEqual(250);
    expect(page.white).toBeGreaterThan(0.8);
  }
}

/** A line of the paper holding every part given, in order (a row printed whole, not cut or wrapped apart). */
const lineWith = (pages: readonly string[], parts: readonly string[]): boolean =>
  pages.some((page) =>
    page.split('\n').some((line) => {
      let from = 0;
      for (const part of parts) {
        const at = line.indexOf(part, from);
        if (at < 0) return false;
        from = at + part.length;
      }
      return true;
    }),
  );

/**
 * The printed row of the movement whose reference is `reference` on `page`: the text after the reference printed
 * before it (references start with "…"), or from the page's top for the first row, up to its own reference.
 */
function rowBefore(page: string, reference: string): string {
  const end = page.indexOf(reference);
  return page.slice(Math.max(0, page.lastIndexOf('…', end - 1)), end);
}

/** `part` in `text` as a whole figure: "12 chips" is not found in "812 chips", nor "1" in "10". */
const wholeIn = (text: string, part: string): boolean =>
  new RegExp(`(?<![\\d.,])${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\d.,])`).test(text);

describe('paper', BROWSER_RETRY, () => {
  it('prints the whole slip, and only the slip, on an 80 mm receipt and on A4', async () => {
    const [id = ''] = await moveMoney(3);
    const entry = app.demo.inspect.ledger().find((candidate) => candidate.idempotency_key === id);
    if (entry === undefined) throw new Error('the venue has no record of the buy-in');
    await screenButton(app.page, 'Cashier').click();
    await app.page
      .locator(`li[data-movement-id="${id}"]`)
      .getByRole('button', { name: /^Print slip/ })
      .click();
    const dialog = app.page.getByRole('dialog', { name: 'Movement slip' });
    const preview = dialog.getByLabel('Print preview');
    await preview.getByTestId('slip').waitFor();
    await screenshot(app.page, 'slip-preview-80mm');
    const slip = await invoke<MovementSlip>('cashier:slip', [id]);
    const rows = Object.fromEntries(slip.rows.map((row) => [row.label, row.value]));
    // The slip says what the venue applied, in the drawer's unit, with the reference's tail and who was at the drawer.
    expect(rows).toMatchObject({
      Player: entry.name,
      Seat: String(entry.seat_id),
      Kind: 'Buy-in',
      Amount: cashText(entry.amount, 'chips'),
      'Stack after': cashText(entry.stack_after, 'chips'),
      Reference: `…${id.slice(-8)}`,
      Operator: TEST_OPERATOR,
    });
    expect(rows['Settled here']).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    for (const size of ['receipt-80mm', 'a4'] as const) {
      await usePaper(size);
      await expect.poll(() => preview.getAttribute('data-paper')).toBe(size);
      const pdf = await printPdf(`slip-${size}`);
      expect((await pdfPageSizeMm(pdf)).width).toBeCloseTo(PAGE_WIDTH_MM[size], 0);
      const pages = await pdfPages(pdf);
      expect(pages, `a slip on ${size} is one page`).toHaveLength(1);
      const text = pages.join('\n');
      expect(lineWith(pages, [slip.venueName])).toBe(true);
      expect(lineWith(pages, [slip.title.toUpperCase()])).toBe(true);
      for (const row of slip.rows)
        expect(lineWith(pages, [row.label, row.value]), `${row.label} ${row.value}`).toBe(true);
      expect(lineWith(pages, [slip.signature])).toBe(true);
      // Nothing of the screen: no tray, no buttons, no top bar.
      for (const screenText of ['Print slip', 'Last hands', 'Venue Cashier', 'Print preview'])
        expect(text).not.toContain(screenText);
      await expectWhitePages(pdf);
    }
    await app.page.keyboard.press('Escape');
  });

  it('prints every line of a 40-movement shift summary on 80 mm and A4, no row split across pages', async () => {
    // The shift's movements topped up to 40 (the slip test's three are among them when it ran on this app).
    await moveMoney(40 - app.demo.inspect.ledger().length);
    const closed = await invoke<PrintableShiftSummary>('cashier:close-shift', [0, { operator: TEST_OPERATOR }]);
    expect(closed.movements).toHaveLength(40);
    // Both times of each movement: when the venue applied it (its transaction_applied event's own ts) and when it
    // settled here, never before the venue applied it.
    for (const movement of closed.movements) {
      expect(movement.venueAppliedAt, movement.reference).not.toBeNull();
      expect(movement.settledAt ?? 0).toBeGreaterThanOrEqual(Math.floor((movement.venueAppliedAt ?? 0) / 1000) * 1000);
    }
    await screenButton(app.page, 'Cashier').click();
    const past = app.page.getByTestId('past-shift').first();
    await past.getByRole('button', { name: 'Summary' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Shift summary' });
    await dialog.getByTestId('shift-summary').waitFor();
    await screenshot(app.page, 'summary-preview-80mm');
    for (const size of ['receipt-80mm', 'a4'] as const) {
      await usePaper(size);
      await expect.poll(() => dialog.getByLabel('Print preview').getAttribute('data-paper')).toBe(size);
      const pdf = await printPdf(`summary-${size}`);
      expect((await pdfPageSizeMm(pdf)).width).toBeCloseTo(PAGE_WIDTH_MM[size], 0);
      const pages = await pdfPages(pdf);
      if (size === 'receipt-80mm') expect(pages.length).toBeGreaterThan(1);
      for (const label of ['Opening float', 'Buy-ins', 'Cash-outs', 'Expected cash', 'Counted cash', 'Variance'])
        expect(lineWith(pages, [label]), label).toBe(true);
      expect(lineWith(pages, ['Opened by', TEST_OPERATOR])).toBe(true);
      expect(lineWith(pages, ["Cashier's signature"])).toBe(true);
      expect(lineWith(pages, ["Manager's signature"])).toBe(true);
      for (const movement of closed.movements) {
        const kind = movement.kind === 'buy_in' ? 'Buy-in' : 'Cash-out';
        const amount = cashText(movement.amount ?? 0, 'chips');
        const when = localDateTime(movement.settledAt ?? 0);
        // Each movement's row is on one page, whole: its time, player, kind, amount and reference.
        // Read in its own row, not anywhere on the page: another row's time or a total can hold the same text.
        const page = pages.filter((candidate) => candidate.includes(movement.reference));
        expect(page, `${movement.reference} printed once`).toHaveLength(1);
        const row = rowBefore(page[0] ?? '', movement.reference);
        for (const part of [when, movement.playerName, kind, amount])
          expect(wholeIn(row, part), `${movement.reference}: ${part} in ${JSON.stringify(row)}`).toBe(true);
        if (size === 'a4') expect(lineWith(pages, [movement.playerName, kind, amount, movement.reference])).toBe(true);
      }
      expect(pages.join('\n')).not.toContain('Export shift CSV');
      await expectWhitePages(pdf);
    }
    await screenshot(app.page, 'summary-preview-a4');
    await app.page.keyboard.press('Escape');
  });
});
