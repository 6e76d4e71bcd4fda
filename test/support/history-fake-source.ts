/**
 * A hand-written HistorySource that follows the spec's historical-plane rules, for unit tests of the history core:
 * exclusive cursors anchored to a hand (after_id wins over since), `cursor: null` when nothing is new, a walk cap
 * answering `complete: false` with the newest matching hands, newest-first pages that renumber on every publish,
 * and 404-as-NOT_PUBLISHED until the first publication. Every request is recorded for assertions.
 */
import {
  HistorySourceError,
  NOT_PUBLISHED,
  type HandCursor,
  type HandDetail,
  type HandsCursorQuery,
  type HandSummary,
  type HistorySource,
  type Leaderboard,
  type PlayerStats,
  type Roster,
  type SessionEntry,
} from '../../main/core/history/index';

export type FakeRequest =
  | { readonly kind: 'cursor'; readonly query: HandsCursorQuery }
  | { readonly kind: 'page'; readonly page: number }
  | { readonly kind: 'index' }
  | { readonly kind: 'hand'; readonly handId: string }
  | { readonly kind: 'players' | 'sessions' | 'leaderboard' | 'player' | 'session'; readonly arg?: string };

export interface FakeSourceOptions {
  readonly cursorWalkCap?: number;
  readonly pageSize?: number;
}

/** Deterministic pseudo-UUID from a number (so ids look like the venue's). */
export function fakeUuid(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `00000000-0000-4000-8000-${hex}`;
}

/** A summary for tests: `ts` ascending with `n`, winners by player id. */
export function fakeHand(n: number, options: { session?: string; winner?: string; ts?: number } = {}): HandSummary {
  return {
    hand_id: `h-${String(n).padStart(7, '0')}`,
    hand_number: n,
    ts: options.ts ?? 1_700_000_000 + n * 60,
    board: ['Ah', 'Kd', '2c'],
    final_pot_bb: 12.5,
    winners: [options.winner ?? fakeUuid(n % 7)],
    player_count: 6,
    session_uid: options.session ?? `s-${Math.floor(n / 1000)}`,
    stakes: { small_blind: 1, big_blind: 2 },
    game_mode: 'cash',
    file: `hands/${n}.json`,
  };
}

export class FakeHistorySource implements HistorySource {
  /** Published hands, oldest first (the venue's order). */
  hands: HandSummary[] = [];
  published = true;
  offline = false;
  readonly requests: FakeRequest[] = [];
  roster: Roster = { players: [], aliases: {} };
  readonly details = new Map<string, HandDetail>();
  readonly profiles = new Map<string, PlayerStats>();
  leaderboardAnswer: Leaderboard = { money_mode: 'bb', range: 'all', players: [] };
  sessionList: SessionEntry[] = [];
  /** Runs before answering page `n` (to publish mid-walk and make pages shift). */
  beforePage: ((page: number) => void) | null = null;
  /** Fails every request after this many more have been answered (simulating a drop mid-sync). */
  failAfter: number | null = null;
  /** Errors thrown by the next requests, one per request, before anything else. */
  readonly failures: HistorySourceError[] = [];
  /** Overrides the cursor the venue returns (to prove the client never infers its own). */
  cursorOverride: ((answer: HandCursor) => HandCursor) | null = null;
  /** A venue whose bundle changed under our anchor: true refuses that `since` with 400 bad_since. */
  rejectSince: ((since: number) => boolean) | null = null;
  /** Summaries handed out by cursor and page answers (what a re-walk would cost). */
  summariesServed = 0;
  cursorWalkCap: number;
  pageSize: number;

  constructor(options: FakeSourceOptions = {}) {
    this.cursorWalkCap = options.cursorWalkCap ?? 5000;
    this.pageSize = options.pageSize ?? 100;
  }

  /** Publishes hands (kept in ts order, as the venue's bundle is). */
  publish(hands: readonly HandSummary[]): void {
    this.published = true;
    this.hands = [...this.hands, ...hands].sort((a, b) => a.ts - b.ts || (a.hand_id < b.hand_id ? -1 : 1));
  }

  handIds(): string[] {
    return this.hands.map((hand) => hand.hand_id);
  }

  async handsCursor(query: HandsCursorQuery) {
    this.gate({ kind: 'cursor', query });
    if (!this.published) return NOT_PUBLISHED;
    let start: number;
    if (query.afterId !== undefined) {
      const at = this.hands.findIndex((hand) => hand.hand_id === query.afterId);
      if (at === -1) throw new HistorySourceError('bad_cursor', 'bad_after_id');
      start = at + 1;
    } else {
      const since = query.since ?? 0;
      if (this.rejectSince?.(since) === true) throw new HistorySourceError('bad_cursor', 'bad_since');
      start = this.hands.findIndex((hand) => hand.ts > since);
      if (start === -1) start = this.hands.length;
    }
    const matching = this.hands.slice(start);
    if (matching.length === 0) return { complete: true, count: 0, hands: [], cursor: null };
    const complete = matching.length <= this.cursorWalkCap;
    // The cap keeps the newest hands; the older ones are "not returned".
    const hands = complete ? matching : matching.slice(matching.length - this.cursorWalkCap);
    const last = hands[hands.length - 1] as HandSummary;
    const cursor = { ts: last.ts, hand_id: last.hand_id };
    this.summariesServed += hands.length;
    return { complete, count: hands.length, hands, cursor: this.cursorOverride?.(cursor) ?? cursor };
  }

  async handsPage(page: number) {
    this.gate({ kind: 'page', page });
    this.beforePage?.(page);
    if (!this.published) return NOT_PUBLISHED;
    const newestFirst = [...this.hands].reverse();
    const hands = newestFirst.slice((page - 1) * this.pageSize, page * this.pageSize);
    this.summariesServed += hands.length;
    return { hands };
  }

  async handsIndex() {
    this.gate({ kind: 'index' });
    if (!this.published) return NOT_PUBLISHED;
    return { count: this.hands.length, pages: Math.ceil(this.hands.length / this.pageSize), page_size: this.pageSize };
  }

  async hand(handId: string) {
    this.gate({ kind: 'hand', handId });
    return this.details.get(handId) ?? NOT_PUBLISHED;
  }

  async players() {
    this.gate({ kind: 'players' });
    return this.published ? this.roster : NOT_PUBLISHED;
  }

  async player(playerId: string) {
    this.gate({ kind: 'player', arg: playerId });
    return this.profiles.get(playerId) ?? NOT_PUBLISHED;
  }

  async leaderboard(period?: string) {
    this.gate({ kind: 'leaderboard', arg: period });
    return this.published ? this.leaderboardAnswer : NOT_PUBLISHED;
  }

  async sessions() {
    this.gate({ kind: 'sessions' });
    return this.published ? this.sessionList : NOT_PUBLISHED;
  }

  async session(sessionUid: string) {
    this.gate({ kind: 'session', arg: sessionUid });
    return this.sessionList.find((entry) => entry.session_uid === sessionUid) ?? NOT_PUBLISHED;
  }

  count(kind: FakeRequest['kind']): number {
    return this.requests.filter((request) => request.kind === kind).length;
  }

  cursorQueries(): HandsCursorQuery[] {
    return this.requests.flatMap((request) => (request.kind === 'cursor' ? [request.query] : []));
  }

  private gate(request: FakeRequest): void {
    const failure = this.failures.shift();
    if (failure !== undefined) throw failure;
    if (this.offline) throw new HistorySourceError('offline', 'venue unreachable');
    if (this.failAfter !== null) {
      if (this.failAfter <= 0) throw new HistorySourceError('offline', 'connection dropped');
      this.failAfter -= 1;
    }
    this.requests.push(request);
  }
}

/** A venue of hands 0..n-1 whose cursor walk is never capped (one answer carries everything). */
export function fakeVenue(hands: number): FakeHistorySource {
  const source = new FakeHistorySource({ cursorWalkCap: Number.MAX_SAFE_INTEGER });
  source.publish(Array.from({ length: hands }, (_, i) => fakeHand(i)));
  return source;
}
