/** The historical plane's rules besides the cursor (pages, index, publishing, money modes, merges, leaderboard). */
import { describe, expect, it } from 'vitest';
import { venuePerTest, type CursorAnswer, type HandSummaryShape, type VenueClient } from './venue-client';

const open = venuePerTest();

interface DetailPlayer {
  readonly player_id: string;
  readonly showed_cards: boolean;
  readonly went_to_showdown: boolean;
  readonly won_at_showdown: boolean;
  readonly folded_street: string | null;
  readonly [field: string]: unknown;
}
interface DetailAction {
  readonly player_id: string | null;
  readonly action: string;
  readonly amount: number | null;
  readonly street: string;
}
interface Detail {
  readonly hand: HandSummaryShape & { readonly players: DetailPlayer[] };
  readonly actions: DetailAction[];
  readonly streets: unknown;
}

const detailsOf = async (venue: VenueClient, hands: readonly HandSummaryShape[]): Promise<Detail[]> =>
  Promise.all(hands.map(async (hand) => (await venue.get<Detail>(`/hands/${hand.hand_id}`)).body));

describe('historical plane', () => {
  it('the /hands index reports count, pages, page_size and one file per page', async () => {
    const venue = await open({ historyHands: 230, pageSize: 40 });
    const index = await venue.get('/hands');
    expect(index.status).toBe(200);
    expect(index.body).toMatchObject({ count: 230, pages: 6, page_size: 40 });
    expect(index.body['page_files']).toHaveLength(6);
  });

  it('pages are newest-first and together hold every published hand once', async () => {
    const venue = await open({ historyHands: 230, pageSize: 40 });
    const pages = await venue.allPages();
    expect(pages).toHaveLength(230);
    expect(pages.every((hand, i) => i === 0 || hand.ts <= (pages[i - 1]?.ts ?? Infinity))).toBe(true);
    expect(new Set(pages.map((hand) => hand.hand_id))).toEqual(new Set(venue.venue.inspect.publishedHandIds()));
    expect((await venue.get<{ hands: unknown[] }>('/hands?page=7')).body.hands).toEqual([]);
    for (const page of ['0', '-1', 'x', '1.5', '']) {
      const answer = await venue.get(`/hands?page=${page}`);
      expect({ page, status: answer.status, error: answer.body['error'] }).toEqual({
        page,
        status: 400,
        error: 'bad_page',
      });
    }
  });

  it('pages renumber after a publish while hand ids stay the same', async () => {
    const venue = await open({ historyHands: 120, pageSize: 40, paceMs: 2, autoplay: true });
    const before = (await venue.get<{ hands: HandSummaryShape[] }>('/hands?page=1')).body.hands;
    await venue.venue.inspect.waitForHands(3);
    await venue.venue.faults.closeSession();
    const after = (await venue.get<{ hands: HandSummaryShape[] }>('/hands?page=1')).body.hands;
    expect(after[0]?.hand_id).not.toBe(before[0]?.hand_id);
    const shift = after.findIndex((hand) => hand.hand_id === before[0]?.hand_id);
    expect(shift).toBeGreaterThanOrEqual(3);
    const detail = await venue.get(`/hands/${before[0]?.hand_id}`);
    expect(detail.status).toBe(200);
  });

  it('every historical endpoint is 404 not_found before the first publish, and /venue omits money_mode', async () => {
    const venue = await open({ published: false });
    for (const path of [
      '/players',
      '/players/x',
      '/leaderboard',
      '/sessions',
      '/sessions/x',
      '/hands',
      '/hands?since=0',
      '/hands/x',
    ]) {
      const answer = await venue.get(path);
      expect({ path, status: answer.status, error: answer.body['error'] }).toEqual({
        path,
        status: 404,
        error: 'not_found',
      });
    }
    expect((await venue.get('/venue')).body).not.toHaveProperty('money_mode');
    await venue.venue.faults.closeSession();
    expect((await venue.get('/hands')).status).toBe(200);
    expect((await venue.get('/venue')).body['money_mode']).toBe('bb');
  });

  it('unknown ids are 404 not_found', async () => {
    const venue = await open();
    for (const path of ['/players/nobody', '/sessions/never', '/hands/none', '/hands/%E0%A4%A']) {
      const answer = await venue.get(path);
      expect({ path, status: answer.status, error: answer.body['error'] }).toEqual({
        path,
        status: 404,
        error: 'not_found',
      });
    }
  });

  it('caching: the leaderboard for 30 seconds, a published hand forever, everything else never', async () => {
    const venue = await open();
    const [newest] = (await venue.get<{ hands: HandSummaryShape[] }>('/hands?page=1')).body.hands;
    const answers = {
      leaderboard: await venue.get('/leaderboard'),
      hand: await venue.get(`/hands/${newest?.hand_id ?? ''}`),
      page: await venue.get('/hands?page=1'),
      unknownHand: await venue.get('/hands/none'),
    };
    expect(
      Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, [answer.status, answer.cacheControl]])),
    ).toEqual({
      leaderboard: [200, 'max-age=30'],
      hand: [200, 'public, max-age=31536000, immutable'],
      page: [200, 'no-store'],
      unknownHand: [404, 'no-store'],
    });
  });

  it('hole_cards appear only for players whose showed_cards is true', async () => {
    const venue = await open({ historyHands: 150 });
    const hands = (await venue.get<CursorAnswer>('/hands?since=0')).body.hands;
    const players = (await detailsOf(venue, hands)).flatMap((detail) => detail.hand.players);
    const shown = players.filter((player) => player.showed_cards);
    const mucked = players.filter((player) => !player.showed_cards);
    expect(shown.length).toBeGreaterThan(0);
    expect(mucked.length).toBeGreaterThan(0);
    for (const player of shown) expect(player['hole_cards']).toEqual([expect.any(String), expect.any(String)]);
    for (const player of mucked) expect(player).not.toHaveProperty('hole_cards');
  });

  it('money mode bb: pots and player money in big blinds, action amounts in chips', async () => {
    const venue = await open({ historyHands: 60, moneyMode: 'bb' });
    const hands = (await venue.get<CursorAnswer>('/hands?since=0')).body.hands;
    for (const detail of await detailsOf(venue, hands)) {
      const bigBlind = (detail.hand['stakes'] as { big_blind: number }).big_blind;
      const contributedBb = detail.hand.players.reduce((sum, player) => sum + (player['contributed_bb'] as number), 0);
      expect(detail.hand.final_pot_bb).toBeCloseTo(contributedBb, 1);
      // Increments are chips: they cover the pot in chips (plus any uncalled bet that went back).
      const chips = detail.actions.reduce((sum, action) => sum + (action.amount ?? 0), 0);
      expect(chips).toBeGreaterThanOrEqual((detail.hand.final_pot_bb ?? 0) * bigBlind - 0.01);
      for (const player of detail.hand.players) {
        expect(player).toHaveProperty('net_result_bb');
        expect(player).not.toHaveProperty('contributed_dollars');
      }
    }
    const profile = (await venue.get('/leaderboard')).body['players'] as Record<string, unknown>[];
    expect(profile[0]).toHaveProperty('net_bb');
    expect(profile[0]).not.toHaveProperty('net_dollars');
  });

  it(
    'money mode dollars: player money in table chips, no big-blind money fields; ' + 'final_pot_bb stays in big blinds',
    async () => {
      const venue = await open({ historyHands: 60, moneyMode: 'bb' });
      const inBb = (await venue.get<CursorAnswer>('/hands?since=0')).body.hands;
      venue.venue.faults.setMoneyMode('dollars');
      const inDollars = (await venue.get<CursorAnswer>('/hands?since=0')).body.hands;
      inDollars.forEach((hand, i) => {
        expect(hand.final_pot_bb).toBe(inBb[i]?.final_pot_bb);
      });
      for (const detail of await detailsOf(venue, inDollars)) {
        const contributed = detail.hand.players.reduce(
          (sum, player) => sum + (player['contributed_dollars'] as number),
          0,
        );
        const bigBlind = (detail.hand['stakes'] as { big_blind: number }).big_blind;
        expect((detail.hand.final_pot_bb ?? NaN) * bigBlind).toBeCloseTo(contributed, 1);
        for (const player of detail.hand.players) {
          expect(player).not.toHaveProperty('contributed_bb');
          expect(player).not.toHaveProperty('net_result_bb');
          expect(player).toHaveProperty('net_result_dollars');
        }
      }
      const leaderboard = (await venue.get('/leaderboard')).body;
      expect(leaderboard['money_mode']).toBe('dollars');
      const first = (leaderboard['players'] as Record<string, unknown>[])[0];
      expect(first).toHaveProperty('net_dollars');
      expect(first).not.toHaveProperty('net_bb');
    },
  );

  it('money mode hidden: no money field anywhere on the plane, action amounts still in chips', async () => {
    const venue = await open({ historyHands: 60, moneyMode: 'bb' });
    venue.venue.faults.setMoneyMode('hidden');
    const hands = (await venue.get<CursorAnswer>('/hands?since=0')).body.hands;
    expect(hands.some((hand) => 'final_pot_bb' in hand)).toBe(false);
    for (const detail of await detailsOf(venue, hands.slice(0, 20))) {
      expect(detail.actions.some((action) => (action.amount ?? 0) > 0)).toBe(true);
      for (const player of detail.hand.players) {
        expect(Object.keys(player).filter((key) => /contributed|net_/.test(key))).toEqual([]);
      }
    }
    const leaderboard = (await venue.get('/leaderboard')).body;
    expect(leaderboard['money_mode']).toBe('hidden');
    for (const entry of leaderboard['players'] as Record<string, unknown>[]) {
      expect(entry).not.toHaveProperty('net_bb');
      expect(entry).not.toHaveProperty('net_dollars');
    }
    expect((await venue.get('/venue')).body['money_mode']).toBe('hidden');
  });

  it(
    'after a merge, /players lists only the canonical id, aliases map old to ' + 'canonical, and the old id resolves',
    async () => {
      const venue = await open({ historyHands: 400 });
      const roster = (await venue.get<{ players: { player_id: string; hands_played: number }[] }>('/players')).body
        .players;
      const [canonical, old] = roster;
      if (canonical === undefined || old === undefined) throw new Error('roster too small');
      const hands = (await venue.get<CursorAnswer>('/hands?since=0')).body.hands.slice(0, 40);
      const detailsBefore = await detailsOf(venue, hands);
      venue.venue.faults.mergePlayers(old.player_id, canonical.player_id);

      const after = (
        await venue.get<{ players: { player_id: string; hands_played: number }[]; aliases: Record<string, string> }>(
          '/players',
        )
      ).body;
      expect(after.aliases).toEqual({ [old.player_id]: canonical.player_id });
      expect(after.players.map((player) => player.player_id)).not.toContain(old.player_id);
      expect(after.players.find((player) => player.player_id === canonical.player_id)?.hands_played).toBe(
        canonical.hands_played + old.hands_played,
      );
      const profile = await venue.get(`/players/${old.player_id}`);
      expect(profile.status).toBe(200);
      expect(profile.body['player_id']).toBe(canonical.player_id);
      expect(profile.body['hands_played']).toBe(canonical.hands_played + old.hands_played);
      const leaderboard = (await venue.get<{ players: { player_id: string }[] }>('/leaderboard')).body.players.map(
        (entry) => entry.player_id,
      );
      expect(leaderboard).toContain(canonical.player_id);
      expect(leaderboard).not.toContain(old.player_id);
      // Hand details are immutable once published: they keep the old id, which the client resolves through aliases.
      expect(await detailsOf(venue, hands)).toEqual(detailsBefore);
    },
  );

  it(
    'leaderboard period: one calendar month of nights, an empty month is an ' + 'empty list, a bad period is 400',
    async () => {
      const venue = await open({ historyHands: 700 });
      const sessions = (await venue.get<{ sessions: { session_uid: string; started_at: number }[] }>('/sessions')).body
        .sessions;
      const monthOf = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 7);
      const nightMonth = new Map(sessions.map((night) => [night.session_uid, monthOf(night.started_at)]));
      const period = monthOf(sessions[0]?.started_at ?? 0);
      const hands = (await venue.get<CursorAnswer>('/hands?since=0')).body.hands;
      const seatsInPeriod = hands
        .filter((hand) => nightMonth.get(hand.session_uid) === period)
        .reduce((sum, hand) => sum + hand.player_count, 0);

      const board = (
        await venue.get<{ range: string; players: { hands_played: number }[] }>(`/leaderboard?period=${period}`)
      ).body;
      expect(board.range).toBe(period);
      expect(board.players.reduce((sum, entry) => sum + entry.hands_played, 0)).toBe(seatsInPeriod);
      expect((await venue.get('/leaderboard?period=1999-01')).body['players']).toEqual([]);
      for (const bad of ['2026-13', '2026-1', '26-01', 'lately', '']) {
        const answer = await venue.get(`/leaderboard?period=${bad}`);
        expect({ bad, status: answer.status, error: answer.body['error'] }).toEqual({
          bad,
          status: 400,
          error: 'bad_period',
        });
      }
    },
  );

  it('player stats are computed from the published hands', async () => {
    const venue = await open({ historyHands: 200 });
    const hands = (await venue.get<CursorAnswer>('/hands?since=0')).body.hands;
    const details = await detailsOf(venue, hands);
    const playerId = details[0]?.hand.players[0]?.player_id ?? '';
    let played = 0;
    let vpip = 0;
    let netBb = 0;
    let showdowns = 0;
    const nights = new Set<string>();
    for (const detail of details) {
      const seat = detail.hand.players.find((player) => player.player_id === playerId);
      if (seat === undefined) continue;
      played += 1;
      nights.add(detail.hand.session_uid);
      netBb += seat['net_result_bb'] as number;
      if (seat.went_to_showdown) showdowns += 1;
      const voluntary = detail.actions.some(
        (action) =>
          action.player_id === playerId &&
          action.street === 'preflop' &&
          ['CALL', 'BET', 'RAISE', 'ALL_IN'].includes(action.action),
      );
      if (voluntary) vpip += 1;
    }
    const profile = (await venue.get(`/players/${playerId}`)).body;
    expect(profile['hands_played']).toBe(played);
    expect(profile['sessions']).toBe(nights.size);
    expect(profile['vpip']).toBeCloseTo((vpip / played) * 100, 1);
    expect(profile['bb_per_100']).toBeCloseTo((netBb / played) * 100, 0);
    expect(profile['net_bb']).toBeCloseTo(netBb, 1);
    expect(showdowns).toBeGreaterThan(0);
  });

  it('sessions list every night newest first, and one night has its summary and players', async () => {
    const venue = await open({ historyHands: 450 });
    const sessions = (await venue.get<{ sessions: Record<string, unknown>[] }>('/sessions')).body.sessions;
    expect(sessions.length).toBeGreaterThan(1);
    const starts = sessions.map((night) => night['started_at'] as number);
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect(sessions.reduce((sum, night) => sum + (night['hands_count'] as number), 0)).toBe(450);
    const first = sessions[0] ?? {};
    const night = (await venue.get(`/sessions/${String(first['session_uid'])}`)).body;
    expect(night).toMatchObject(first);
    expect((night['players'] as unknown[]).length).toBe(first['player_count']);
  });
});
