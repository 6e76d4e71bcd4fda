/**
 * The history screens in real Chromium against the web runtime and a demo venue with 20,000 published hands:
 * the sync, players and profiles, the leaderboard by month, nights, the virtualized hand list, the replay (mucked
 * cards stay hidden), the dispute tool from a seat, a night-end sync from a live gap, and then every screen again
 * from the cache once the venue is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { FAST_DEMO, screenshot, startWebApp, type WebApp } from '../support/web-app';
import { BROWSER_RETRY } from '../support/browser-retry';

const HANDS = 20_000;
const ROW_PX = 36;

let app: WebApp;
/** The hand replayed online: its newest-first place then, and how many hands were published after it since. */
let replayed: { position: number; handNumber: number } | null = null;
let publishedSinceReplay = 0;
/** The night opened online (its detail is then cached). */
let openedNight = '';
/** What the page reported against its Content Security Policy (virtual rows are placed through the CSSOM). */
const cspViolations: string[] = [];

interface DemoHandPlayer {
  readonly player_name?: string;
  readonly showed_cards?: boolean;
  readonly went_to_showdown?: boolean;
  readonly hole_cards?: readonly string[];
}
interface DemoHandDetail {
  readonly hand: {
    readonly hand_number: number;
    readonly board: readonly string[];
    readonly players: readonly DemoHandPlayer[];
  };
}

/** Reads a hand straight from the venue (the test's own truth, not the app's). */
async function venueHand(handId: string): Promise<DemoHandDetail> {
  const response = await fetch(`${app.demo.baseUrl}/hands/${encodeURIComponent(handId)}`, {
    headers: { authorization: `Bearer ${app.demo.key}` },
  });
  return (await response.json()) as DemoHandDetail;
}

/** A recent published hand that reached the river with a showdown loser who mucked, and its newest-first place. */
async function muckedShowdownHand(): Promise<{
  position: number;
  detail: DemoHandDetail;
  mucked: string;
  shown: string;
}> {
  const ids = app.demo.inspect.publishedHandIds();
  for (let index = ids.length - 1; index >= ids.length - 300; index -= 1) {
    const detail = await venueHand(ids[index] ?? '');
    const mucked = detail.hand.players.find(
      (player) => player.went_to_showdown === true && player.showed_cards !== true,
    );
    const shown = detail.hand.players.find((player) => player.showed_cards === true);
    if (detail.hand.board.length === 5 && mucked?.player_name !== undefined && shown?.player_name !== undefined) {
      return { position: ids.length - 1 - index, detail, mucked: mucked.player_name, shown: shown.player_name };
    }
  }
  throw new Error('no recent hand with a mucked showdown loser');
}

function history(): Locator {
  return app.page.getByRole('main', { name: 'History' });
}

async function openTab(name: 'Players' | 'Leaderboard' | 'Sessions' | 'Hands'): Promise<void> {
  await history().getByRole('navigation', { name: 'History sections' }).getByRole('button', { name }).click();
}

async function dataAge(panel: Locator): Promise<string> {
  return (await panel.getByTestId('data-age').first().textContent()) ?? '';
}

async function scrollHandsTo(row: number): Promise<void> {
  await history()
    .getByTestId('hand-viewport')
    .evaluate((element, top) => {
      element.scrollTop = top;
    }, row * ROW_PX);
}

beforeAll(async () => {
  app = await startWebApp({ ...FAST_DEMO, historyHands: HANDS, cursorWalkCap: 50_000, pageSize: 1000 });
  app.page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  await app.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'History' }).click();
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('history screens', BROWSER_RETRY, () => {
  it('syncs the whole published history, reporting progress', async () => {
    const state = history().getByTestId('sync-state');
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 60_000 }).toBe('synced');
    const published = app.demo.inspect.publishedHandIds().length;
    expect(await history().getByRole('status', { name: 'History sync' }).textContent()).toContain(
      `${published.toLocaleString('en-US')} hands stored`,
    );
  });

  it('searches players and shows a profile with stats and tonight’s stack', async () => {
    await openTab('Players');
    const panel = history().getByRole('region', { name: 'Players' });
    const first = panel.getByRole('table').getByRole('button').first();
    await first.waitFor();
    const name = (await first.textContent()) ?? '';
    const needle = name.slice(0, 3);
    await panel.getByLabel('Search players').fill(needle);
    await expect
      .poll(async () => {
        const names = await panel.getByRole('table').getByRole('button').allTextContents();
        return names.length > 0 && names.every((shown) => shown.toLowerCase().includes(needle.toLowerCase()));
      })
      .toBe(true);
    await panel.getByRole('button', { name }).first().click();
    const profile = history().getByRole('region', { name: `Player ${name}` });
    const stats = profile.getByRole('definition');
    await expect.poll(() => stats.count()).toBeGreaterThanOrEqual(10);
    expect(await profile.getByLabel('Player stats').textContent()).toMatch(/VPIP\d+(\.\d)?%/);
    expect(await dataAge(profile)).toMatch(/^synced /);
    await expect.poll(() => profile.getByRole('figure', { name: 'Stack tonight' }).isVisible()).toBe(true);
    await screenshot(app.page, 'history-profile');
  });

  it('switches the leaderboard to one month and sorts its columns', async () => {
    await openTab('Leaderboard');
    const panel = history().getByRole('region', { name: 'Leaderboard' });
    const rows = panel.getByRole('table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(3);
    const handsSum = async () =>
      (await rows.locator('td:nth-child(3)').allTextContents()).reduce(
        (sum, text) => sum + Number(text.replace(/,/g, '')),
        0,
      );
    const allTimeHands = await handsSum();
    await panel.getByRole('button', { name: 'By month' }).click();
    const month = await panel.getByLabel('Month').inputValue();
    expect(month).toMatch(/^\d{4}-\d{2}$/);
    await expect.poll(() => panel.getByTestId('leaderboard-range').textContent()).toBe(month);
    // One month of nights is a fraction of the whole history.
    await expect.poll(handsSum).toBeLessThan(allTimeHands);
    await panel.getByRole('button', { name: 'VPIP' }).click();
    await expect
      .poll(() => panel.getByRole('columnheader', { name: /VPIP/ }).getAttribute('aria-sort'))
      .toBe('descending');
    const vpips = (await rows.locator('td:nth-child(4)').allTextContents()).map((text) => Number.parseFloat(text));
    expect(vpips).toEqual([...vpips].sort((a, b) => b - a));
    await screenshot(app.page, 'history-leaderboard');
  });

  it('lists the nights and a night’s hands', async () => {
    await openTab('Sessions');
    const panel = history().getByRole('region', { name: 'Sessions' });
    const firstNight = panel.getByRole('table').locator('tbody tr').first();
    await firstNight.waitFor();
    const handsCount = (await firstNight.locator('td').nth(2).textContent()) ?? '';
    expect(Number(handsCount)).toBeGreaterThan(0);
    openedNight = (await firstNight.getByRole('button').textContent()) ?? '';
    await firstNight.getByRole('button').click();
    const night = history().getByRole('region', { name: /^Night / });
    await expect.poll(() => night.getByTestId('hand-total').textContent()).toBe(`${handsCount} hands`);
    await expect.poll(() => night.locator('li.hand-row button').count()).toBeGreaterThan(3);
    await screenshot(app.page, 'history-session');
  });

  it('scrolls 20,000 hands with only the visible rows in the DOM', async () => {
    await openTab('Hands');
    const total = app.demo.inspect.publishedHandIds().length;
    await expect
      .poll(() => history().getByTestId('hand-total').textContent())
      .toBe(`${total.toLocaleString('en-US')} hands`);
    await scrollHandsTo(15_000);
    const far = history().locator('li.hand-row[aria-posinset="15001"] button');
    await far.waitFor({ timeout: 10_000 });
    expect(await far.getAttribute('aria-label')).toMatch(/^Hand #\d+/);
    const rendered = await history().locator('li.hand-row').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);
    await screenshot(app.page, 'history-hands');
  });

  it('replays a hand step by step: pot and board move, mucked cards stay hidden', async () => {
    const { position, detail, mucked, shown } = await muckedShowdownHand();
    await scrollHandsTo(position);
    const row = history().locator(`li.hand-row[aria-posinset="${position + 1}"] button`);
    await row.waitFor();
    expect(await row.getAttribute('aria-label')).toContain(`Hand #${detail.hand.hand_number},`);
    await row.click();
    replayed = { position, handNumber: detail.hand.hand_number };
    const replay = history().getByRole('region', { name: 'Replay' });
    const pot = replay.getByTestId('replay-pot');
    const board = replay.getByLabel('Board').locator('.card');
    await expect.poll(() => pot.textContent()).toMatch(/^Pot 0 chips/);
    expect(await board.count()).toBe(0);
    // The dealer's DEAL puts nothing in; the blinds that follow do.
    for (let step = 0; step < 4 && /^Pot 0 chips/.test((await pot.textContent()) ?? ''); step += 1) {
      await replay.getByRole('button', { name: 'Next step' }).click();
    }
    expect(await pot.textContent()).toMatch(/^Pot [1-9][\d,.]* chips \([\d.]+ bb\)$/);
    await replay
      .getByRole('group', { name: 'Jump to street' })
      .getByRole('button', { name: 'Flop', exact: true })
      .click();
    await expect.poll(() => board.count()).toBe(3);
    await replay
      .getByRole('group', { name: 'Jump to street' })
      .getByRole('button', { name: 'River', exact: true })
      .click();
    await expect.poll(() => board.count()).toBe(5);
    await replay.getByRole('button', { name: 'Results step' }).click();
    const results = replay.getByRole('table', { name: 'Results' });
    const muckedRow = results.getByRole('row').filter({ hasText: mucked });
    expect(await muckedRow.locator('.card').count()).toBe(0);
    expect(await muckedRow.textContent()).toContain('not shown');
    expect(await results.getByRole('row').filter({ hasText: shown }).locator('.card').count()).toBe(2);
    const seatRow = replay
      .getByRole('table', { name: 'Players in the hand' })
      .getByRole('row')
      .filter({ hasText: mucked });
    expect(await seatRow.locator('.card').count()).toBe(0);
    await screenshot(app.page, 'history-replay');
  });

  it('opens a seated player’s last hands from the cashier dialog (the dispute tool)', async () => {
    await app.page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Table' }).click();
    const seated = app.demo.inspect.trueTable().seats.find((seat) => seat.name !== null && seat.player_id !== null);
    if (seated?.name == null) throw new Error('nobody is seated at the demo table');
    await app.page.getByRole('button', { name: `Open cashier for ${seated.name} (seat ${seated.seat_id})` }).click();
    await app.page.getByRole('button', { name: `Last hands of ${seated.name}` }).click();
    const profile = history().getByRole('region', { name: /^Player / });
    await profile.waitFor();
    await expect
      .poll(() => profile.getByRole('figure', { name: 'Stack tonight' }).getByRole('img').count(), { timeout: 10_000 })
      .toBe(1);
    expect(await profile.getByRole('button', { name: /^All hands of / }).isVisible()).toBe(true);
  });

  it('syncs the closed night after a live gap', async () => {
    await app.demo.inspect.waitForHands(2);
    const before = app.demo.inspect.publishedHandIds().length;
    await app.demo.faults.closeSession();
    const after = app.demo.inspect.publishedHandIds().length;
    publishedSinceReplay = after - before;
    expect(after).toBeGreaterThan(before);
    app.demo.faults.evictReplayBuffer();
    app.demo.faults.dropAllSockets();
    await expect
      .poll(() => history().getByRole('status', { name: 'History sync' }).textContent(), { timeout: 30_000 })
      .toContain(`${after.toLocaleString('en-US')} hands stored`);
  });

  it('shows every history screen from the cache, marked offline, once the venue is gone', async () => {
    await app.demo.close();
    await expect
      .poll(() => app.page.getByTestId('status-badge').textContent(), { timeout: 15_000 })
      .toMatch(/RECONNECTING|OFFLINE/);
    const offline = /^offline — cached data, synced /;

    await openTab('Players');
    const players = history().getByRole('region', { name: 'Players' });
    await expect.poll(() => dataAge(players)).toMatch(offline);
    expect(await players.getByRole('table').getByRole('button').count()).toBeGreaterThan(3);
    await screenshot(app.page, 'history-offline-players');
    await players.getByRole('table').getByRole('button').first().click();
    const profile = history().getByRole('region', { name: /^Player / });
    await expect.poll(() => dataAge(profile)).toMatch(offline);
    expect(await profile.getByLabel('Player stats').textContent()).toContain('VPIP');

    await openTab('Leaderboard');
    const leaderboard = history().getByRole('region', { name: 'Leaderboard' });
    await expect.poll(() => dataAge(leaderboard)).toMatch(offline);
    expect(await leaderboard.getByRole('table').locator('tbody tr').count()).toBeGreaterThan(3);
    await screenshot(app.page, 'history-offline-leaderboard');

    await openTab('Sessions');
    const sessions = history().getByRole('region', { name: 'Sessions' });
    await expect.poll(() => dataAge(sessions)).toMatch(offline);
    await sessions.getByRole('table').getByRole('button', { name: openedNight, exact: true }).click();
    const night = history().getByRole('region', { name: /^Night / });
    await expect.poll(() => dataAge(night)).toMatch(offline);
    await expect.poll(() => night.locator('li.hand-row button').count()).toBeGreaterThan(3);

    await openTab('Hands');
    const hands = history().getByRole('region', { name: 'Hands' });
    await expect.poll(() => dataAge(hands)).toMatch(/^offline — cached data/);
    await scrollHandsTo(10_000);
    await history().locator('li.hand-row[aria-posinset="10001"] button').waitFor();
    await screenshot(app.page, 'history-offline-hands');
    await history().locator('li.hand-row button').first().click();
    const hand = history().getByRole('region', { name: /^Hand #/ });
    // Never opened before and the venue is gone: said so, not an error.
    await expect.poll(() => dataAge(hand)).toBe('offline — not in the cache yet');
    await screenshot(app.page, 'history-offline-hand');

    // The hand replayed earlier is cached for good: it replays offline.
    if (replayed === null) throw new Error('the replay test did not run');
    await openTab('Hands');
    const place = replayed.position + publishedSinceReplay;
    await scrollHandsTo(place);
    const row = history().locator(`li.hand-row[aria-posinset="${place + 1}"] button`);
    await row.waitFor();
    expect(await row.getAttribute('aria-label')).toContain(`Hand #${replayed.handNumber},`);
    await row.click();
    const cached = history().getByRole('region', { name: `Hand #${replayed.handNumber}` });
    await expect.poll(() => dataAge(cached)).toMatch(offline);
    await cached.getByRole('button', { name: 'Results step' }).click();
    expect(await cached.getByRole('table', { name: 'Results' }).isVisible()).toBe(true);
    await screenshot(app.page, 'history-offline-replay');
    expect(cspViolations).toEqual([]);
  });
});
