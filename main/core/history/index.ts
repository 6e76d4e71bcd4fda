/**
 * The history core: cursor sync of the venue's published hand history into a durable local store, offline
 * queries with data age for the history screens, the pure action-by-action replay, tonight's hands built from the
 * live plane (the night in progress is not published yet), and when the live plane says a night has ended.
 */
export { History, type HistoryOptions } from './history';
export type { SyncOutcome, SyncProgress, SyncReason } from './sync-runner';
export type { BackfillProgress, DetailBackfillOptions } from './detail-backfill';
export type { Availability, CachedView } from './cached-view';
export type { HandListPage, HandListQuery, LeaderboardPeriod, PlayerList, PlayerProfile } from './queries';
export {
  replayHand,
  jumpToStreet,
  type ReplayFrame,
  type ReplayPlayer,
  type ReplayResult,
  type ReplayStepAction,
} from './replay';
export {
  HistorySourceError,
  NOT_PUBLISHED,
  isNotPublished,
  type HandsCursorQuery,
  type HistorySource,
  type HistorySourceErrorKind,
  type NotPublished,
  type Published,
} from './source';
export { venueHistorySource } from './venue-source';
export { moneyFigures, potFigure, type MoneyFigure } from './money-figures';
export { INITIAL_NIGHT_WATCH, watchNight, type NightInput, type NightTrigger, type NightWatch } from './night-watch';
export { LiveNight } from './live-night';
export { NightEndSync, REPUBLISH_RETRY_MS } from './night-end-sync';
export { STALE_NIGHT_MS, TonightKeeper, type TonightInput } from './tonight-keeper';
export type { TonightPlayerHand } from './tonight-view';
export type {
  HandAction,
  HandCursor,
  HandDetail,
  HandPlayer,
  HandsCursorResponse,
  HandsIndexResponse,
  HandSummary,
  Leaderboard,
  PlayerStats,
  Roster,
  RosterEntry,
  SessionDetail,
  SessionEntry,
} from './schemas';
