/**
 * The session's history: one offline store per venue (in the venue's data folder), opened when a venue link opens
 * and closed with it. It syncs at start, when the live plane says the night ended (a replay gap, the hand sequence
 * restarting, a new session id on money movements) and on demand, within its own share of the request budget.
 * Queries answer from the store with their age; with no venue there is no store, and they say so.
 * The rules are the history core's (night end and tonight's hands: `LiveNight`; the republish retry:
 * `NightEndSync`); this file wires them to the live feed and the venue link and shapes answers for the contract.
 */
import { join } from 'node:path';
import type {
  HandDetailView,
  HandPageView,
  HistoryResult,
  HistorySyncView,
  LeaderboardView,
  MoneyMode,
  ParsedHandListArgs,
  PlayerProfileView,
  PlayerRowView,
  SessionDetailView,
  SessionRowView,
  StackPointView,
  TonightHandsView,
} from '../../../preload/contract';
import { CLOSED_HISTORY_SYNC } from '../../../preload/contract';
import {
  History,
  LiveNight,
  NightEndSync,
  TonightKeeper,
  venueHistorySource,
  type CachedView,
  type LeaderboardPeriod,
  type SyncProgress,
} from '../history';
import type { LiveView } from '../venue/live-keeper';
import type { VenueClient } from '../venue/rest-client';
import type { TableState } from '../venue/table-model';
import { budgetedHistorySource, HISTORY_REQUESTS_PER_MINUTE } from './history-budget';
import {
  handDetailView,
  handRowView,
  playerRowView,
  playerStatsView,
  sessionPlayers,
  sessionRowView,
} from './history-views';
import { liveChangeOf } from './live-feed';

/** Tonight's hands file in the venue's data folder. */
export const TONIGHT_FILE = 'tonight-hands.json';

export interface HistoryServiceOptions {
  /** Something the snapshot shows changed (sync progress). */
  readonly onChange: () => void;
  readonly log: (message: string) => void;
  /** History's share of the venue's request budget. */
  readonly requestsPerMinute?: number;
  /** After a night-end sync found nothing new, ask once more this much later (the venue publishes when it can). */
  readonly republishRetryMs?: number;
}

/** What the service needs of an open venue link. */
export interface HistoryAttachment {
  readonly client: VenueClient;
  /** The venue's data folder; the store lives in its `history` subfolder. */
  readonly venueDir: string;
  /** The venue's money mode (null until it has published: the spec's default, bb, applies). */
  readonly moneyMode: () => MoneyMode | null;
}

/** What history reads of the live plane: its publications (each change with the table it left). */
export interface LiveSource {
  subscribe(listener: (live: LiveView) => void): () => void;
}

function noVenue<T>(): HistoryResult<T> {
  return { data: null, fetchedAt: null, stale: false, availability: 'no_venue', error: 'No venue is connected.' };
}

function mapView<T, U>(view: CachedView<T>, shape: (data: T) => U): HistoryResult<U> {
  return { ...view, data: view.data === null ? null : shape(view.data) };
}

function syncView(progress: SyncProgress): HistorySyncView {
  return {
    state: progress.state,
    reason: progress.reason,
    fetched: progress.fetched,
    stored: progress.stored,
    total: progress.total,
    remaining: progress.remaining,
    lastSyncedAt: progress.lastSyncedAt,
    error: progress.error?.message ?? null,
  };
}

/** Owns the per-venue History for the session. */
export class HistoryService {
  private history: History | null = null;
  private opening: Promise<History | null> | null = null;
  private attachment: HistoryAttachment | null = null;
  /** The table of the latest publication watched (tonight's stacks), or null before one. */
  private liveTable: TableState | null = null;
  private stopLive: (() => void) | null = null;
  private stopProgress: (() => void) | null = null;
  /** Bumped on every attach/detach, so a late open of a previous venue closes itself. */
  private generation = 0;
  private readonly tonight: TonightKeeper;
  private readonly live: LiveNight;
  private readonly nightEnd: NightEndSync;

  constructor(private readonly options: HistoryServiceOptions) {
    this.tonight = new TonightKeeper(options.log);
    this.live = new LiveNight(this.tonight);
    this.nightEnd = new NightEndSync(() => this.history, options.republishRetryMs);
  }

  /**
   * Subscribes to a venue connection's stream (night end, tonight's hands) and reads its table (tonight's stacks).
   * Call it before the connection starts its live feed, so nothing the night watch needs is missed.
   */
  watch(live: LiveSource): void {
    this.stopLive?.();
    this.liveTable = null;
    this.live.restart();
    this.stopLive = live.subscribe((publication) => {
      this.liveTable = publication.table;
      const change = liveChangeOf(publication.update);
      // A heartbeat or a resume verdict moves no hand.
      if (change === null || change.type === 'delivered') return;
      const trigger = this.live.take(change);
      if (trigger !== null) this.nightEnd.request(trigger);
    });
  }

  /** Opens the venue's store and starts the first sync; queries wait for the opening. */
  attach(attachment: HistoryAttachment): void {
    this.generation += 1;
    const generation = this.generation;
    this.attachment = attachment;
    void this.tonight.open(join(attachment.venueDir, TONIGHT_FILE));
    const source = budgetedHistorySource(
      venueHistorySource(attachment.client),
      this.options.requestsPerMinute ?? HISTORY_REQUESTS_PER_MINUTE,
    );
    this.opening = History.open({ dir: join(attachment.venueDir, 'history'), source }).then(
      async (history) => {
        if (generation !== this.generation) {
          await history.close();
          return null;
        }
        this.history = history;
        this.stopProgress = history.subscribe(() => this.options.onChange());
        this.options.onChange();
        void history.requestSync('start');
        return history;
      },
      (error: unknown) => {
        this.options.log(`could not open the history store: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      },
    );
    this.options.onChange();
  }

  /** Stops any sync and closes the store. */
  async detach(): Promise<void> {
    this.generation += 1;
    this.nightEnd.cancel();
    const opening = this.opening;
    const history = this.history;
    this.opening = null;
    this.history = null;
    this.attachment = null;
    this.stopLive?.();
    this.stopLive = null;
    this.liveTable = null;
    this.stopProgress?.();
    this.stopProgress = null;
    await opening;
    await history?.close();
    await this.tonight.close();
  }

  /** The sync's standing for the snapshot. */
  view(): HistorySyncView {
    if (this.history !== null) return syncView(this.history.syncProgress());
    return this.opening === null ? CLOSED_HISTORY_SYNC : { ...CLOSED_HISTORY_SYNC, state: 'opening' };
  }

  /** "Sync now": waits for the run (or the one it coalesced into) and reports where the sync stands. */
  async syncNow(): Promise<HistorySyncView> {
    const history = await this.open();
    if (history === null) return CLOSED_HISTORY_SYNC;
    await history.requestSync('on_demand');
    return this.view();
  }

  async listHands(args: ParsedHandListArgs): Promise<HistoryResult<HandPageView>> {
    const history = await this.open();
    if (history === null) return noVenue();
    const mode = this.mode();
    return mapView(history.listHands(args), (page) => ({
      total: page.total,
      offset: args.offset,
      rows: page.rows.map((row) => handRowView(row, mode)),
    }));
  }

  async getHand(handId: string): Promise<HistoryResult<HandDetailView>> {
    const history = await this.open();
    if (history === null) return noVenue();
    const mode = this.mode();
    return mapView(await history.getHandDetail(handId), (detail) => handDetailView(detail, mode));
  }

  async listPlayers(search: string | undefined): Promise<HistoryResult<readonly PlayerRowView[]>> {
    const history = await this.open();
    if (history === null) return noVenue();
    return mapView(await history.listPlayers({ search }), (list) => list.players.map(playerRowView));
  }

  async getPlayer(playerId: string): Promise<HistoryResult<PlayerProfileView>> {
    const history = await this.open();
    if (history === null) return noVenue();
    const mode = this.mode();
    return mapView(await history.getPlayer(playerId), (profile) => ({
      stats: { ...playerStatsView(profile.stats, mode), playerId: profile.playerId },
      mergedFrom: profile.requestedId === profile.playerId ? null : profile.requestedId,
    }));
  }

  async getLeaderboard(period: LeaderboardPeriod | undefined): Promise<HistoryResult<LeaderboardView>> {
    const history = await this.open();
    if (history === null) return noVenue();
    const view = await history.getLeaderboard(period);
    // The leaderboard names the mode it was computed under; it wins over the venue facts for its own figures.
    const mode = (view.data?.money_mode as MoneyMode | null | undefined) ?? this.mode();
    return mapView(view, (board) => ({
      range: board.range ?? null,
      players: board.players.map((entry) => playerStatsView(entry, mode)),
    }));
  }

  async listSessions(): Promise<HistoryResult<readonly SessionRowView[]>> {
    const history = await this.open();
    if (history === null) return noVenue();
    return mapView(await history.listSessions(), (sessions) =>
      sessions.map((entry) => sessionRowView(entry, this.mode())),
    );
  }

  async getSession(sessionUid: string): Promise<HistoryResult<SessionDetailView>> {
    const history = await this.open();
    if (history === null) return noVenue();
    return mapView(await history.getSession(sessionUid), (detail) => ({
      session: sessionRowView({ ...detail, session_uid: sessionUid }, this.mode()),
      players: sessionPlayers(detail),
    }));
  }

  /** Tonight's stack history of a player, from the live table model (keyed on player_id). */
  stackTonight(playerId: string): readonly StackPointView[] {
    const log = this.liveTable?.stackHistory[playerId];
    return log === undefined ? [] : log.toArray().map((point) => ({ at: point.at, stack: point.stack }));
  }

  /** Tonight's hands of a player from the live plane (the night in progress is not on /hands yet), newest first. */
  tonightHands(playerId: string): TonightHandsView {
    return { hands: this.tonight.handsOf(playerId), stack: this.stackTonight(playerId) };
  }

  private async open(): Promise<History | null> {
    if (this.history !== null) return this.history;
    return this.opening === null ? null : await this.opening;
  }

  private mode(): MoneyMode {
    const mode = this.attachment?.moneyMode() ?? null;
    return mode === 'dollars' || mode === 'hidden' ? mode : 'bb';
  }
}
