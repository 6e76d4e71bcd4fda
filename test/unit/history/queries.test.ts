import { afterEach, describe, expect, it } from 'vitest';
import { createAliasResolver, idsMergedInto } from '../../../main/core/history/aliases';
import { History, type HandDetail } from '../../../main/core/history/index';
import { fakeHand, fakeUuid, FakeHistorySource } from '../../support/history-fake-source';
import { removeTempHistoryDirs, tempHistoryDir } from '../../support/history-temp';
import { handListQuery, leaderboardPeriod } from '../../support/history-args';

afterEach(removeTempHistoryDirs);

const OLD = fakeUuid(1);
const CANONICAL = fakeUuid(2);
const OTHER = fakeUuid(3);

function detailOf(handId: string, playerIds: readonly string[]): HandDetail {
  return {
    hand: {
      ...fakeHand(0),
      hand_id: handId,
      players: playerIds.map((player_id) => ({ player_id, player_name: player_id.slice(-4) })),
    },
    actions: [],
    streets: {},
  };
}

describe('alias resolution', () => {
  it('follows chains to the canonical id and stops on cycles', () => {
    const resolve = createAliasResolver({ a: 'b', b: 'c', x: 'y', y: 'x' });
    expect(resolve('a')).toBe('c');
    expect(resolve('c')).toBe('c');
    expect(['x', 'y']).toContain(resolve('x'));
    expect(idsMergedInto({ a: 'b', b: 'c' }, 'c').sort()).toEqual(['a', 'b', 'c']);
  });

  it("moves a merged player's hands and profile to the canonical id; old ids resolve to it", async () => {
    const source = new FakeHistorySource();
    source.publish([fakeHand(1, { winner: OLD }), fakeHand(2, { winner: CANONICAL }), fakeHand(3, { winner: OTHER })]);
    source.roster = {
      players: [
        { player_id: OLD, name: 'Liam Old', slug: 'liam-old', hands_played: 1 },
        { player_id: CANONICAL, name: 'Liam Rossi', slug: 'liam-rossi', hands_played: 1 },
        { player_id: OTHER, name: 'Zoe Xu', slug: 'zoe-xu', hands_played: 1 },
      ],
      aliases: {},
    };
    source.profiles.set(CANONICAL, { player_id: CANONICAL, name: 'Liam Rossi', hands_played: 2 });
    const dir = await tempHistoryDir();
    let history = await History.open({ dir, source, now: () => 1000 });
    await history.requestSync('start');
    expect(history.listHands(handListQuery({ playerId: CANONICAL, offset: 0, limit: 10 })).data?.total).toBe(1);

    source.roster = { ...source.roster, aliases: { [OLD]: CANONICAL } };
    await history.requestSync('on_demand');
    const merged = history.listHands(handListQuery({ playerId: OLD, offset: 0, limit: 10 })).data;
    expect(merged?.rows.map((row) => row.hand_id).sort()).toEqual(['h-0000001', 'h-0000002']);
    expect(history.canonicalPlayerId(OLD)).toBe(CANONICAL);
    const profile = await history.getPlayer(OLD);
    expect(profile.data).toMatchObject({ playerId: CANONICAL, requestedId: OLD, storedHands: 2 });
    expect(source.requests.flatMap((request) => (request.kind === 'player' ? [request.arg] : []))).toEqual([CANONICAL]);
    const roster = await history.listPlayers();
    expect(roster.data?.players.map((entry) => entry.player_id)).toEqual([CANONICAL, OTHER]);
    expect((await history.listPlayers({ search: 'ROSSI' })).data?.players).toHaveLength(1);
    await history.close();

    // Offline after a restart: the aliases and hands come from disk.
    source.offline = true;
    history = await History.open({ dir, source, now: () => 2000 });
    expect(history.listHands(handListQuery({ playerId: OLD, offset: 0, limit: 10 })).data?.total).toBe(2);
    const offlineProfile = await history.getPlayer(OLD);
    expect(offlineProfile).toMatchObject({ availability: 'available', stale: false, data: { playerId: CANONICAL } });
    await history.close();
  });

  it('files a hand under every player of its detail once the detail is cached', async () => {
    const source = new FakeHistorySource();
    source.publish([fakeHand(1, { winner: OTHER })]);
    source.details.set('h-0000001', detailOf('h-0000001', [OTHER, CANONICAL]));
    const history = await History.open({ dir: await tempHistoryDir(), source });
    await history.requestSync('start');
    expect(history.listHands(handListQuery({ playerId: CANONICAL, offset: 0, limit: 5 })).data?.total).toBe(0);
    await history.getHandDetail('h-0000001');
    expect(history.listHands(handListQuery({ playerId: CANONICAL, offset: 0, limit: 5 })).data?.total).toBe(1);
    await history.close();
  });
});

describe('history queries', () => {
  it('pages newest first under session and player filters', async () => {
    const source = new FakeHistorySource();
    source.publish(Array.from({ length: 2500 }, (_, i) => fakeHand(i)));
    const history = await History.open({ dir: await tempHistoryDir(), source });
    await history.requestSync('start');
    const page = history.listHands(handListQuery({ offset: 10, limit: 5 })).data;
    expect(page?.total).toBe(2500);
    expect(page?.rows.map((row) => row.hand_number)).toEqual([2489, 2488, 2487, 2486, 2485]);
    const session = history.listHands(handListQuery({ sessionUid: 's-1', offset: 0, limit: 3 })).data;
    expect(session).toMatchObject({ total: 1000 });
    expect(session?.rows.map((row) => row.hand_number)).toEqual([1999, 1998, 1997]);
    const tail = history.listHands(handListQuery({ offset: 2498, limit: 10 })).data;
    expect(tail?.rows.map((row) => row.hand_number)).toEqual([1, 0]);
    // A negative offset or an empty page never reaches the history: the contract's parse refuses it
    // (test/unit/app/history-contract.test.ts).
    await history.close();
  });

  it(
    'caches hand details forever, says not_published without asking in a loop, ' + 'and not_available_offline',
    async () => {
      const source = new FakeHistorySource();
      source.publish([fakeHand(1), fakeHand(2)]);
      source.details.set('h-0000001', detailOf('h-0000001', [OTHER]));
      let now = 1000;
      const dir = await tempHistoryDir();
      let history = await History.open({ dir, source, now: () => now });
      const first = await history.getHandDetail('h-0000001');
      expect(first).toMatchObject({ availability: 'available', fetchedAt: 1000, stale: false });
      now = 10_000_000;
      await history.getHandDetail('h-0000001');
      expect(source.count('hand')).toBe(1);

      expect(await history.getHandDetail('h-0000002')).toMatchObject({ availability: 'not_published', data: null });
      await history.getHandDetail('h-0000002');
      await history.getHandDetail('h-0000002');
      expect(source.count('hand')).toBe(2);
      await history.close();

      source.offline = true;
      history = await History.open({ dir, source, now: () => now });
      expect(await history.getHandDetail('h-0000001')).toMatchObject({ availability: 'available', fetchedAt: 1000 });
      expect(await history.getHandDetail('h-0000003')).toMatchObject({
        availability: 'not_available_offline',
        data: null,
      });
      await history.close();
    },
  );

  it('keeps the leaderboard fresh for 30 s, serves it stale offline, and asks for a month', async () => {
    const source = new FakeHistorySource();
    source.publish([fakeHand(1)]);
    source.leaderboardAnswer = { money_mode: 'bb', range: 'all', players: [{ player_id: OLD, name: 'Liam' }] };
    let now = 0;
    const history = await History.open({ dir: await tempHistoryDir(), source, now: () => now });
    await history.getLeaderboard();
    now = 29_000;
    expect(await history.getLeaderboard()).toMatchObject({ stale: false, fetchedAt: 0 });
    expect(source.count('leaderboard')).toBe(1);
    now = 30_000;
    await history.getLeaderboard();
    expect(source.count('leaderboard')).toBe(2);
    now = 70_000;
    source.offline = true;
    expect(await history.getLeaderboard()).toMatchObject({ availability: 'available', stale: true, fetchedAt: 30_000 });
    // A bad month never reaches the history: the contract's parse refuses it (history-contract.test.ts).
    source.offline = false;
    expect(await history.getLeaderboard(leaderboardPeriod('2026-02'))).toMatchObject({ availability: 'available' });
    expect(source.requests.at(-1)).toEqual({ kind: 'leaderboard', arg: '2026-02' });
    await history.close();
  });

  it('reads the newest nights after each sync, so they open offline without having been opened', async () => {
    const source = new FakeHistorySource();
    source.publish([fakeHand(1)]);
    // Start times as venues write them: Unix seconds, Unix ms, ISO strings; one night without a start.
    source.sessionList = [
      { session_uid: 'n-1', started_at: 1_780_000_000 },
      { session_uid: 'n-5', started_at: '2026-06-05T20:00:00Z' },
      { session_uid: 'n-3', started_at: 1_780_200_000_000 },
      { session_uid: 'n-none' },
      { session_uid: 'n-6', started_at: '2026-06-06T20:00:00Z' },
      { session_uid: 'n-2', started_at: 1_780_100_000 },
      { session_uid: 'n-4', started_at: '2026-06-04T20:00:00Z' },
    ];
    const dir = await tempHistoryDir();
    const history = await History.open({ dir, source, warmNights: 3 });
    await history.requestSync('start');
    await expect.poll(() => source.count('session')).toBe(3);
    source.offline = true;
    for (const night of ['n-6', 'n-5', 'n-4'])
      expect(await history.getSession(night)).toMatchObject({ availability: 'available' });
    for (const night of ['n-3', 'n-none'])
      expect(await history.getSession(night)).toMatchObject({ availability: 'not_available_offline' });
    await history.close();
  });

  it('lists sessions and one session from the cache when the venue is gone', async () => {
    const source = new FakeHistorySource();
    source.publish([fakeHand(1)]);
    source.sessionList = [{ session_uid: 's-0', hands_count: 1, player_count: 6 }];
    const dir = await tempHistoryDir();
    const history = await History.open({ dir, source });
    await history.requestSync('start');
    await history.getSession('s-0');
    source.offline = true;
    const sessions = await history.listSessions();
    expect(sessions.data?.map((entry) => entry.session_uid)).toEqual(['s-0']);
    expect(await history.getSession('s-0')).toMatchObject({ availability: 'available', data: { session_uid: 's-0' } });
    expect(await history.getSession('s-9')).toMatchObject({ availability: 'not_available_offline' });
    expect(history.listHands(handListQuery({ offset: 0, limit: 5 })).data?.total).toBe(1);
    await history.close();
  });
});
