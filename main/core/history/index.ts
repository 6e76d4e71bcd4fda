/**
 * The history core: cursor sync of the venue's published hand history into a durable local store, offline
 * queries with data age for the history screens, and the pure action-by-action replay.
 */
export { History, type HistoryOptions } from './history';
export type { SyncOutcome, SyncProgress, SyncReason } from './sync-runner';
export type { BackfillProgress, DetailBackfillOptions } from './detail-backfill';
export type { Availability, CachedView } from './cached-view';
export type { HandListPage, HandListQuery, PlayerList, PlayerProfile } from './queries';
export { MAX_HAND_PAGE } from './queries';
export { replayHand, jumpToStreet, type ReplayFrame, type ReplayPlayer, type ReplayResult, type ReplayStepAction } from './replay';
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
