/**
 * The narrow view of the venue's HISTORICAL plane that the history core needs. The venue client is adapted to it
 * (venue-source.ts); tests implement it with fakes that follow the spec's cursor rules.
 */
import type {
  HandDetail,
  HandsCursorResponse,
  HandsIndexResponse,
  HandSummary,
  Leaderboard,
  PlayerStats,
  Roster,
  SessionDetail,
  SessionEntry,
} from './schemas';

/** 404 `not_found` on the historical plane: not yet published. A state to show, not an error to retry. */
export interface NotPublished {
  readonly notPublished: true;
}

/** The one NotPublished value. */
export const NOT_PUBLISHED: NotPublished = Object.freeze({ notPublished: true });

export type Published<T> = T | NotPublished;

/** True when a source answered "not yet published". */
export function isNotPublished<T>(value: Published<T>): value is NotPublished {
  return typeof value === 'object' && value !== null && (value as Partial<NotPublished>).notPublished === true;
}

/** Cursor query: `afterId` wins over `since` on the venue; both may be sent. */
export interface HandsCursorQuery {
  readonly since?: number;
  readonly afterId?: string;
}

/** Reads of the historical plane, each returning parsed values or NOT_PUBLISHED; failures throw HistorySourceError. */
export interface HistorySource {
  handsCursor(query: HandsCursorQuery): Promise<Published<HandsCursorResponse>>;
  /** Newest-first browsing page, 1-based. */
  handsPage(page: number): Promise<Published<{ readonly hands: readonly HandSummary[] }>>;
  handsIndex(): Promise<Published<HandsIndexResponse>>;
  hand(handId: string): Promise<Published<HandDetail>>;
  players(): Promise<Published<Roster>>;
  player(playerId: string): Promise<Published<PlayerStats>>;
  leaderboard(period?: string): Promise<Published<Leaderboard>>;
  sessions(): Promise<Published<readonly SessionEntry[]>>;
  session(sessionUid: string): Promise<Published<SessionDetail>>;
}

/**
 * Why a read failed. `offline`: no answer (network, timeout). `rate_limited`: the venue's budget is spent.
 * `unauthorized`: the key was withdrawn (never retried). `bad_cursor`: 400 bad_since / bad_after_id.
 * `invalid_response`: the answer did not match the spec. `other`: anything else.
 */
export type HistorySourceErrorKind =
  'offline' | 'rate_limited' | 'unauthorized' | 'bad_cursor' | 'invalid_response' | 'other';

/** A failed read of the historical plane, classified for the sync's retry decisions. */
export class HistorySourceError extends Error {
  constructor(
    readonly kind: HistorySourceErrorKind,
    message: string,
    /** For `rate_limited`: how long the venue asked us to wait. */
    readonly retryAfterMs: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HistorySourceError';
  }
}
