/**
 * `hidden` money mode, walked in real Chromium on a demo venue set to hide money: the table, the read-only monitor,
 * the cashier screen (tray and ledger), the ledger's CSV, the history (players, a profile with tonight's hands,
 * the leaderboard, nights, the hand list) and a replay stepped from the first action to the results. Not one money
 * figure may appear, in the visible text or in the accessible names. The venue also reports an interface date
 * newer than this build, and the cashier sees that notice.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SPEC_UPDATED } from '../../main/core/venue/drift';
import { FAST_DEMO, screenshot, startWebApp, type WebApp } from '../support/web-app';
import { BROWSER_RETRY, freshAfterFailure } from '../support/browser-retry';
import { waitForApp } from '../support/app-ready';
import { openCashier, seatedPlayer } from '../support/demo-table';

const VENUE_API_UPDATED = '2027-01-15';

/**
 * What a money figure looks like on any screen of this app: a currency sign before a number, a number in bb or
 * chips, the bb unit itself (bb/100 included), or a money word (pot, stack, bet, blinds, buy in, cash out, net,
 * won, ...) followed by a number.
 */
const MONEY_FIGURE = [
  /[$€£¥]\s?\d/,
  /\d[\d,]*(?:\.\d+)?\s*(?:bb|chips?)\b/i,
  // Lowercase: the unit as this app writes it ("12 bb", "bb/100"); "BB" is the big blind's position, not money.
  /\bbb\b/,
  /\b(?:pot|stacks?|bets?|blinds?|big blind|ante|straddle|buy[- ]?ins?|cash[- ]?outs?|net|won|contributed|in the pot|amount)\b[^\w\n]{0,4}\d/i,
];

/**
 * What the app prints that is random: a reference (the tail of a key), a key or player id (a UUID) and a shift id.
 * They are hex, so one can spell a figure by chance ("…a3c912bb" holds "12bb", a UUID's "-12bb-" too): they are
 * taken out before the search, which then finds money only where money is.
 */
const RANDOM_IDS = [
  /…[0-9a-f]{8}\b/g,
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g,
  /\bshift-\d{4}-\d\d-\d\d-[0-9a-f]{8}\b/g,
];

/** The first money figure in `text` (its random ids set aside), with some context, or null. */
function moneyIn(shown: string): string | null {
  const text = RANDOM_IDS.reduce((masked, id) => masked.replace(id, '<id>'), shown);
  for (const pattern of MONEY_FIGURE) {
    const match = pattern.exec(text);
    if (match !== null)
      return `${JSON.stringify(match[0])} in …${text.slice(Math.max(0, match.index - 40), match.index + 40)}…`;
  }
  return null;
}

/** Everything a person or a screen reader gets from the page: visible text, accessible names and tooltips. */
async function pageWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const names = [...document.querySelectorAll('[aria-label], [title]')].map(
      (element) => `${element.getAttribute('aria-label') ?? ''} ${element.getAttribute('title') ?? ''}`,
    );
    return [document.body.innerText, ...names].join('\n');
  });
}

async function expectNoMoney(page: Page, where: string): Promise<void> {
  const found = moneyIn(await pageWords(page));
  expect(found, `a money figure on ${where}`).toBeNull();
}

/** Waits until the table (its centre or its seats) shows something else than now. */
async function nextTableState(page: Page): Promise<void> {
  const table = () => page.locator('.table-center, .seat').allInnerTexts();
  const before = (await table()).join('|');
  await expect.poll(async () => (await table()).join('|'), { timeout: 10_000 }).not.toBe(before);
}

let app: WebApp;

function screens(name: 'Table' | 'Cashier' | 'History') {
  return app.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name });
}

function history() {
  return app.page.getByRole('main', { name: 'History' });
}

async function historyTab(name: 'Players' | 'Leaderboard' | 'Sessions' | 'Hands'): Promise<void> {
  await history().getByRole('navigation', { name: 'History sections' }).getByRole('button', { name }).click();
}

// A fresh app after a failed attempt: the ledger and CSV test counts on its buy-in being the shift's only movement.
freshAfterFailure(
  async () => {
    app = await startWebApp({ ...FAST_DEMO, moneyMode: 'hidden', historyHands: 400, apiUpdated: VENUE_API_UPDATED });
    return app;
  },
  { timeoutMs: 120_000 },
);

describe('hidden money mode in the browser', BROWSER_RETRY, () => {
  it('recognises every money figure this app shows in the other modes (the detector itself)', () => {
    for (const shown of [
      'Pot 12 chips (6 bb)',
      'Pot $12.00',
      '63.7 bb',
      'Buy in 100 · Alice (seat 3)',
      'Blinds 1/2 (ante 0.5)',
      'bb/100',
      'Stack: 120',
      'Net (buy-ins − cash-outs) 40',
      // A figure beside an id is still found.
      'ref …a3c912bb · 12 bb',
    ])
      expect(moneyIn(shown), shown).not.toBeNull();
    // Ticker lines start with a time: a money word ending one line is not a figure with the next line's clock.
    for (const plain of [
      'Chloe Xu\tBB\t—',
      'Hand #1234 · flop',
      'Seat 3',
      'VPIP 23.4%',
      'W$SD 51%',
      '2026-11-19 19:02',
      'Step 3 of 12',
      'Alice bets\n19:02:03 Bob folds',
      'Applied movements this shift: 1.',
      // Random ids that spell a figure by chance: a reference, a key, a player id, a shift id.
      'Buy in · Ann (seat 3) · ref …a3c912bb',
      'mv-0f3c12bb-12bb-4a1b-8c2d-1234567890bb',
      'shift-2026-11-28-123456bb',
    ])
      expect(moneyIn(plain), plain).toBeNull();
  });

  it("tells the cashier the venue's API changed after this build", async () => {
    const notice = app.page.getByRole('status', { name: 'Venue API changed' });
    await expect.poll(() => notice.textContent()).toContain(VENUE_API_UPDATED);
    expect(await notice.textContent()).toContain(SPEC_UPDATED);
  });

  it("shows no amount on the table, in the seat cashier's stack, the tray, the ledger or the CSV", async () => {
    await expect.poll(() => app.page.getByTestId('status-badge').textContent()).toBe('LIVE');
    const seat = seatedPlayer(app);
    // A buy-in, so the tray, the ledger and the CSV have something they could leak.
    const dialog = await openCashier(app.page, seat);
    expect(await dialog.getByTestId('cashier-stack').textContent()).toBe('hidden by the venue');
    await dialog.getByRole('button', { name: 'Buy in 100' }).click();
    await dialog.getByRole('button', { name: /^Close Cashier/ }).click();
    const item = app.page
      .getByRole('region', { name: 'Unsettled tray' })
      .getByRole('listitem', { name: `Buy in · ${seat.name} (seat ${seat.seatId})` });
    await expect.poll(() => item.getByTestId('movement-state').textContent(), { timeout: 15_000 }).toBe('applied');
    // Hands play on while the test reads the table: each look is at a new table state (pots, bets and stacks move).
    for (let look = 0; look < 5; look += 1) {
      await expectNoMoney(app.page, `the table (look ${look + 1})`);
      await nextTableState(app.page);
    }
    await screenshot(app.page, 'hidden-table');

    await screens('Cashier').click();
    await expect
      .poll(() => app.page.getByTestId('ledger-hidden').textContent())
      .toContain('Applied movements this shift: 1.');
    expect(await app.page.getByTestId('total-buy-ins').count()).toBe(0);
    await expectNoMoney(app.page, 'the cashier screen');
    const downloading = app.page.waitForEvent('download');
    await app.page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile((await (await downloading).path()) ?? '', 'utf8');
    const [header = '', ...rows] = csv.trimEnd().split('\r\n');
    // No money column at all (they are named by their unit: amount_asked_chips, delta_chips, shift_float_chips...).
    expect(header.split(',').filter((column) => /_(chips|dollars)$/.test(column))).toEqual([]);
    expect(header.split(',')).toContain('idempotency_key');
    expect(rows).toHaveLength(1);
    expect(moneyIn(csv), 'a money figure in the CSV').toBeNull();
    // An amount the operator typed must not hide in a column either.
    expect(rows[0]?.split(',')).not.toContain('100');
  });

  it('shows no amount on the table monitor', async () => {
    const monitor = await app.browser.context.newPage();
    try {
      await monitor.goto(app.runtime.monitorUrl);
      await waitForApp(monitor);
      await monitor.getByRole('main', { name: 'Table monitor' }).getByRole('group', { name: 'Seat 1' }).waitFor();
      await expect.poll(() => monitor.locator('.seat-name').filter({ hasNotText: 'Empty' }).count()).toBeGreaterThan(0);
      for (let look = 0; look < 3; look += 1) {
        await expectNoMoney(monitor, `the monitor (look ${look + 1})`);
        await nextTableState(monitor);
      }
    } finally {
      await monitor.close();
    }
  });

  it('shows no amount anywhere in the history: players, a profile, the leaderboard, nights, hands', async () => {
    await screens('History').click();
    await expect.poll(() => history().getByTestId('sync-state').textContent(), { timeout: 30_000 }).toMatch(/synced/i);
    const players = history().getByRole('region', { name: 'Players' });
    await expect.poll(() => players.getByRole('table').getByRole('button').count()).toBeGreaterThan(0);
    await expectNoMoney(app.page, 'the players list');
    // A player who is at the table tonight, so the profile has tonight's hands and stack to (not) show.
    const seated = app.demo.inspect
      .trueTable()
      .seats.find((candidate) => candidate.name !== null && candidate.player_id !== null);
    await players.getByLabel('Search players').fill(seated?.name ?? '');
    await players
      .getByRole('button', { name: seated?.name ?? '' })
      .first()
      .click();
    const profile = history().getByRole('region', { name: `Player ${seated?.name ?? ''}` });
    await profile.getByLabel('Player stats').waitFor();
    await expect
      .poll(() => profile.getByRole('figure', { name: 'Stack tonight' }).textContent())
      .toContain('hidden by the venue');
    await expectNoMoney(app.page, 'a player profile');

    await historyTab('Leaderboard');
    const board = history().getByRole('region', { name: 'Leaderboard' });
    await expect.poll(() => board.getByRole('table').locator('tbody tr').count()).toBeGreaterThan(0);
    await expectNoMoney(app.page, 'the leaderboard');

    await historyTab('Sessions');
    const nights = history().getByRole('region', { name: 'Sessions' });
    const firstNight = nights.getByRole('table').locator('tbody tr').first();
    await firstNight.waitFor();
    await expectNoMoney(app.page, 'the nights list');
    await firstNight.getByRole('button').click();
    const night = history().getByRole('region', { name: /^Night / });
    await expect.poll(() => night.locator('li.hand-row button').count()).toBeGreaterThan(0);
    await expectNoMoney(app.page, 'a night');

    await historyTab('Hands');
    await expect.poll(() => history().locator('li.hand-row button').count()).toBeGreaterThan(3);
    await expectNoMoney(app.page, 'the hand list');
    await screenshot(app.page, 'hidden-hands');
  });

  it('replays a hand from the first action to the results without one amount, in chips or in bb', async () => {
    await screens('History').click();
    await historyTab('Hands');
    await history().locator('li.hand-row button').first().click();
    const replay = history().getByRole('region', { name: 'Replay' });
    await replay.waitFor();
    expect(await replay.getByTestId('replay-pot').count()).toBe(0);
    const next = replay.getByRole('button', { name: 'Next step' });
    let steps = 0;
    while (await next.isEnabled()) {
      await next.click();
      steps += 1;
      await expectNoMoney(app.page, `replay step ${steps + 1}`);
    }
    expect(steps).toBeGreaterThan(2);
    await replay.getByRole('table', { name: 'Results' }).waitFor();
    await expectNoMoney(app.page, 'the replay results');
    await screenshot(app.page, 'hidden-replay');
  });
});
