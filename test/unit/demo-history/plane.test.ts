/** The historical plane's own decisions, through its handle() (no sockets). */
import { describe, expect, it } from 'vitest';
import { get, makePlane, nightOfHands, type CursorBody } from './plane-support';

describe('historical plane', () => {
  it('orders hands sharing a ts by hand_id, so after_id never skips or repeats a tied hand', () => {
    const plane = makePlane({ historyHands: 0, published: false });
    const tied = nightOfHands([1_800_000_000, 1_800_000_000, 1_800_000_000, 1_800_000_000, 1_800_000_001]);
    plane.publishSession([...tied].reverse());
    const all = get<CursorBody>(plane, '/hands', 'since=0').body.hands.map((hand) => hand.hand_id);
    expect(all).toEqual(tied.map((hand) => hand.hand_id));
    const afterSecond = get<CursorBody>(plane, '/hands', `after_id=${all[1]}`).body.hands.map((hand) => hand.hand_id);
    expect(afterSecond).toEqual(all.slice(2));
    // since is strictly greater: every hand at the tied second is excluded.
    expect(get<CursorBody>(plane, '/hands', 'since=1800000000').body.hands.map((hand) => hand.hand_id)).toEqual(
      all.slice(4),
    );
  });

  it('publishing a hand id again changes nothing', () => {
    const plane = makePlane({ historyHands: 20 });
    const night = nightOfHands([1_800_000_000, 1_800_000_100]);
    plane.publishSession(night);
    plane.publishSession(night);
    expect(plane.publishedHandIds()).toHaveLength(22);
    expect(get<{ sessions: unknown[] }>(plane, '/sessions').body.sessions.length).toBeGreaterThan(0);
  });

  it(
    'older hands show final_pot_bb 0 until the venue republishes (spec: "Older ' + 'published hands may still show 0")',
    () => {
      // History going back well before 2026-09-26, the day final_pot_bb started carrying the pot.
      const plane = makePlane({ historyHands: 1200, now: Date.UTC(2026, 9, 10), cursorWalkCap: 5000 });
      const cutoff = Date.UTC(2026, 8, 26) / 1000;
      const before = get<CursorBody>(plane, '/hands', 'since=0').body.hands;
      const legacy = before.filter((hand) => hand.ts < cutoff);
      expect(legacy.length).toBeGreaterThan(0);
      expect(legacy.every((hand) => hand.final_pot_bb === 0)).toBe(true);
      expect(before.filter((hand) => hand.ts >= cutoff).every((hand) => (hand.final_pot_bb ?? 0) > 0)).toBe(true);

      plane.republish();
      const after = get<CursorBody>(plane, '/hands', 'since=0').body.hands;
      expect(after.map((hand) => hand.hand_id)).toEqual(before.map((hand) => hand.hand_id));
      expect(after.every((hand) => (hand.final_pot_bb ?? 0) > 0)).toBe(true);
    },
  );

  it('page files are named per publish, because pages renumber on every publish', () => {
    const plane = makePlane({ historyHands: 30 });
    const files = (): string[] => get<{ page_files: string[] }>(plane, '/hands').body.page_files;
    const first = files();
    plane.republish();
    expect(files()).toHaveLength(first.length);
    expect(files()).not.toEqual(first);
  });

  it('money_mode is undefined until the first publish, then follows setMoneyMode', () => {
    const plane = makePlane({ published: false, moneyMode: 'dollars' });
    expect(plane.publishedMoneyMode()).toBeUndefined();
    expect(plane.publishedHandIds()).toEqual([]);
    plane.publishSession(nightOfHands([1_800_000_000]));
    expect(plane.publishedMoneyMode()).toBe('dollars');
    plane.setMoneyMode('hidden');
    expect(plane.publishedMoneyMode()).toBe('hidden');
    // The first publish carries the venue's earlier nights too.
    expect(plane.publishedHandIds()).toHaveLength(51);
  });

  it('refuses merges that make no sense, and changes nothing when it does', () => {
    const plane = makePlane({ historyHands: 200 });
    const players = get<{ players: { player_id: string }[] }>(plane, '/players').body.players.map(
      (player) => player.player_id,
    );
    const [a, b, c] = players;
    if (a === undefined || b === undefined || c === undefined) throw new Error('roster too small');
    expect(() => plane.mergePlayers(a, a)).toThrow();
    expect(() => plane.mergePlayers('nobody', a)).toThrow();
    expect(() => plane.mergePlayers(a, 'nobody')).toThrow();
    plane.mergePlayers(a, b);
    expect(() => plane.mergePlayers(b, a)).toThrow();
    expect(() => plane.mergePlayers(a, c)).toThrow();
    plane.mergePlayers(b, c);
    // Chains resolve to the end: a was merged into b, b into c.
    expect(get<{ aliases: Record<string, string> }>(plane, '/players').body.aliases).toEqual({ [a]: c, [b]: c });
    expect(get<{ player_id: string }>(plane, `/players/${a}`).body.player_id).toBe(c);
  });

  it('answers null for paths that are not its routes', () => {
    const plane = makePlane({ historyHands: 0 });
    for (const path of ['/', '/venue', '/live/state', '/handsx', '/hands/a/b', '/leaderboard/2026-01', '/webhooks']) {
      expect(plane.handle(path, new URLSearchParams())).toBeNull();
    }
  });

  it('refuses impossible settings at creation', () => {
    expect(() => makePlane({ pageSize: 0 })).toThrow(/pageSize/);
    expect(() => makePlane({ cursorWalkCap: 1.5 })).toThrow(/cursorWalkCap/);
    expect(() => makePlane({ historyHands: -1 })).toThrow(/historyHands/);
  });
});
