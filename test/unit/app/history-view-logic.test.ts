/** Pure view logic of the history screens: the virtual window, data-age wording, amounts, sorting, the chart. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { PlayerStatsView } from '../../../preload/contract';
import { cardText, dataAge, formatChipAmount, formatFigure, sinceText } from '../../../renderer/history/format';
import { nextSort, sortLeaderboard } from '../../../renderer/history/leaderboard-sort';
import { lookupRoute } from '../../../renderer/history/routes';
import { stackChart } from '../../../renderer/history/stack-chart';
import { pagesCovering, virtualWindow } from '../../../renderer/history/virtual-window';

const MIN = 60_000;

function player(name: string, vpip: number | null, net: number | null = null): PlayerStatsView {
  return {
    playerId: name,
    name,
    handsPlayed: 100,
    vpip,
    pfr: null,
    threebet: null,
    aggression: null,
    wtsd: null,
    wsd: null,
    bbPer100: null,
    sessions: null,
    hours: null,
    money: net === null ? [] : [{ label: 'Net', value: net, unit: 'bb' }],
  };
}

describe('virtual window', () => {
  it('renders only the rows in view plus overscan, at any scroll position of 100,000 rows', () => {
    const far = virtualWindow(15_000 * 36, 480, 36, 100_000, 8);
    expect(far.start).toBe(15_000 - 8);
    // 480 px show parts of 14 rows, and one more once scrolled off a row boundary.
    expect(far.end).toBe(15_000 + 15 + 8);
    expect(far.totalPx).toBe(3_600_000);
    expect(virtualWindow(0, 480, 36, 0, 8)).toEqual({ start: 0, end: 0, totalPx: 0 });
    // Scrolled past the end (the list shrank): clamps to the last screenful.
    expect(virtualWindow(10_000_000, 480, 36, 100, 0)).toEqual({ start: 86, end: 100, totalPx: 3600 });
  });

  it('always covers the visible rows with a bounded count (property)', () => {
    fc.assert(
      fc.property(
        fc.nat(200_000),
        fc.nat(5_000_000),
        fc.integer({ min: 1, max: 2000 }),
        (total, scrollTop, viewport) => {
          const span = virtualWindow(scrollTop, viewport, 36, total, 5);
          expect(span.start).toBeGreaterThanOrEqual(0);
          expect(span.end).toBeLessThanOrEqual(total);
          expect(span.end - span.start).toBeLessThanOrEqual(Math.ceil(viewport / 36) + 1 + 10);
          const firstVisible = Math.floor(Math.min(scrollTop, Math.max(0, total * 36 - viewport)) / 36);
          if (total > 0) expect(span.start).toBeLessThanOrEqual(firstVisible);
        },
      ),
    );
  });

  it('names the pages that hold a range of rows', () => {
    expect(pagesCovering(0, 10, 200)).toEqual([0]);
    expect(pagesCovering(190, 230, 200)).toEqual([0, 1]);
    expect(pagesCovering(400, 400, 200)).toEqual([]);
    expect(pagesCovering(14_992, 15_022, 200)).toEqual([74, 75]);
  });
});

describe('data age', () => {
  const now = 1_000_000_000;
  it('says how old the copy is, and marks it when offline or stale', () => {
    expect(dataAge({ availability: 'available', fetchedAt: now - 3 * MIN, stale: false }, false, now)).toEqual({
      text: 'synced 3 min ago',
      stale: false,
    });
    expect(dataAge({ availability: 'available', fetchedAt: now - 3 * MIN, stale: false }, true, now)).toEqual({
      text: 'offline — cached data, synced 3 min ago',
      stale: true,
    });
    expect(dataAge({ availability: 'available', fetchedAt: now - 90 * MIN, stale: true }, false, now)).toEqual({
      text: 'stale — synced 1 h ago',
      stale: true,
    });
    expect(dataAge({ availability: 'not_published', fetchedAt: now, stale: false }, false, now).text).toBe(
      'not yet published by the venue',
    );
    expect(dataAge({ availability: 'not_available_offline', fetchedAt: null, stale: true }, true, now).text).toBe(
      'offline — not in the cache yet',
    );
    expect(sinceText(now - 3 * 24 * 60 * MIN, now)).toBe('3 days ago');
    expect(sinceText(now + MIN, now)).toBe('just now');
  });
});

describe('amounts', () => {
  it('shows chips with big blinds, dollars in dollars mode, and only big blinds when money is hidden', () => {
    expect(formatChipAmount(12, 6, 'bb')).toBe('12 chips (6 bb)');
    expect(formatChipAmount(12.5, null, 'bb')).toBe('12.5 chips');
    expect(formatChipAmount(12, 6, 'dollars')).toBe('$12.00 (6 bb)');
    expect(formatChipAmount(12, 6, 'hidden')).toBeNull();
    expect(formatChipAmount(null, null, 'bb')).toBeNull();
    expect(formatFigure({ label: 'Net', value: 37.84, unit: 'bb' })).toBe('37.8 bb');
    expect(formatFigure({ label: 'Net', value: -5, unit: 'dollars' })).toBe('-$5.00');
    expect(cardText('Td')).toBe('10♦');
    expect(cardText('As')).toBe('A♠');
  });
});

describe('leaderboard sorting', () => {
  const entries = [player('Cy', 30, 5), player('ann', null, 9), player('Bo', 20, null)].map((entry, index) => ({
    rank: index + 1,
    player: entry,
  }));
  it('sorts any column both ways, unknown values last', () => {
    expect(sortLeaderboard(entries, 'vpip', 'descending').map((entry) => entry.player.name)).toEqual([
      'Cy',
      'Bo',
      'ann',
    ]);
    expect(sortLeaderboard(entries, 'vpip', 'ascending').map((entry) => entry.player.name)).toEqual([
      'Bo',
      'Cy',
      'ann',
    ]);
    expect(sortLeaderboard(entries, 'name', 'ascending').map((entry) => entry.player.name)).toEqual([
      'ann',
      'Bo',
      'Cy',
    ]);
    expect(sortLeaderboard(entries, 'money', 'descending').map((entry) => entry.player.name)).toEqual([
      'ann',
      'Cy',
      'Bo',
    ]);
    expect(sortLeaderboard(entries, 'rank', 'descending').map((entry) => entry.rank)).toEqual([3, 2, 1]);
  });
  it('flips the same column and starts a new one descending', () => {
    expect(nextSort({ key: 'vpip', direction: 'descending' }, 'vpip')).toEqual({ key: 'vpip', direction: 'ascending' });
    expect(nextSort({ key: 'vpip', direction: 'ascending' }, 'pfr')).toEqual({ key: 'pfr', direction: 'descending' });
    expect(nextSort({ key: 'vpip', direction: 'ascending' }, 'name')).toEqual({ key: 'name', direction: 'ascending' });
  });
});

describe('stack chart', () => {
  it('scales the stack into the box: highest at the top, lowest at the bottom', () => {
    const chart = stackChart(
      [
        { at: 0, stack: 100 },
        { at: 50, stack: 300 },
        { at: 100, stack: 200 },
      ],
      108,
      58,
      4,
    );
    expect(chart).toEqual({ path: 'M4.0 54.0 L54.0 4.0 L104.0 29.0', min: 100, max: 300 });
    expect(stackChart([], 100, 50).path).toBe('');
    expect(stackChart([{ at: 5, stack: 7 }], 108, 58, 4).path).toBe('M54.0 29.0');
  });
});

describe('dispute lookup', () => {
  it('opens the profile by player_id, or searches the roster by name when there is none', () => {
    expect(lookupRoute({ playerId: 'p-1', name: 'Alice' })).toEqual({ view: 'player', playerId: 'p-1', name: 'Alice' });
    expect(lookupRoute({ playerId: null, name: 'Walk In' })).toEqual({ view: 'players', search: 'Walk In' });
  });
});
