/** The history's share of the request budget: reads beyond it wait for the window, in order, and none is lost. */
import { describe, expect, it } from 'vitest';
import type { HistorySource } from '../../../main/core/history';
import { NOT_PUBLISHED } from '../../../main/core/history';
import { budgetedHistorySource } from '../../../main/core/session/history-budget';
import type { Clock } from '../../../main/core/venue/clock';

/** A clock the test moves by hand; sleepers wake when it passes their time. */
function manualClock() {
  let now = 0;
  const sleepers: { until: number; wake: () => void }[] = [];
  const clock: Clock = {
    now: () => now,
    sleep: (ms) => new Promise<void>((wake) => sleepers.push({ until: now + ms, wake })),
  };
  return {
    clock,
    advance(ms: number) {
      now += ms;
      for (const sleeper of sleepers.splice(0)) {
        if (sleeper.until <= now) sleeper.wake();
        else sleepers.push(sleeper);
      }
    },
  };
}

function countingSource(calls: string[]): HistorySource {
  const answer = (what: string) => {
    calls.push(what);
    return Promise.resolve(NOT_PUBLISHED);
  };
  return {
    handsCursor: () => answer('cursor'),
    handsPage: (page) => answer(`page ${page}`),
    handsIndex: () => answer('index'),
    hand: (id) => answer(`hand ${id}`),
    players: () => answer('players'),
    player: (id) => answer(`player ${id}`),
    leaderboard: (period) => answer(`leaderboard ${period ?? 'all'}`),
    sessions: () => answer('sessions'),
    session: (uid) => answer(`session ${uid}`),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('budgeted history source', () => {
  it('lets `perMinute` reads through at once and holds the rest until the window moves', async () => {
    const calls: string[] = [];
    const { clock, advance } = manualClock();
    const source = budgetedHistorySource(countingSource(calls), 2, clock);
    const reads = [source.handsIndex(), source.players(), source.leaderboard('2026-11'), source.hand('h1')];
    await settle();
    expect(calls).toEqual(['index', 'players']);
    advance(59_999);
    await settle();
    expect(calls).toHaveLength(2);
    advance(1);
    await settle();
    await settle();
    expect(calls).toEqual(['index', 'players', 'leaderboard 2026-11', 'hand h1']);
    await expect(Promise.all(reads)).resolves.toHaveLength(4);
  });
});
