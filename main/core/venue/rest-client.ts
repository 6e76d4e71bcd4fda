/**
 * VenueClient: the typed REST client of one venue key.
 *
 * - Bearer auth, a time limit on every request, every answer validated by its schema (tolerant reader).
 * - Errors are typed (errors.ts). A 401 on a key that worked before means the venue withdrew access: the client
 *   becomes `withdrawn` and every later call fails fast with AccessWithdrawnError. Nothing retries a 401.
 * - A 429 pauses the whole read budget until the venue's `retry_after_sec` has passed, for every caller of this
 *   client (host probe, facts refresh, history, detail backfill): none of them sends before the venue's stated
 *   time. A call waits out a pause of at most `maxRetryAfterSec` (15 min) and retries, a bounded number of times; a
 *   longer pause fails it at once with RateLimitedError (the pause itself still holds for the venue's full time).
 * - A key that never worked (401 from the start: `rejected`) is not sent again: every later call fails fast until
 *   the key is replaced (the session opens a new client for a new key).
 * - Historical reads (players, leaderboard, sessions, hands) resolve `null` on 404 `not_found`: "not yet
 *   published", which callers show as empty. They never retry it.
 * - Client-side budgets keep the app under 240 requests/min and 60 writes/min; a request over budget waits.
 */
import { systemClock, type Clock } from './clock';
import { detectDrift, SPEC_UPDATED, type DriftReport } from './drift';
import {
  AccessWithdrawnError,
  RateLimitedError,
  UnauthorizedError,
  VenueProtocolError,
  venueErrorFromResponse,
} from './errors';
import { MAX_RETRY_AFTER_SEC } from './limits';
import { RateBudget } from './rate-budget';
import { ReadPause } from './read-pause';
import { exchange, type RequestSpec, type Wire } from './rest-exchange';
import { LiveStateResponseSchema, type LiveStateResponse } from './schemas-live';
import {
  DiscoverySchema,
  HandDetailSchema,
  HandsCursorPageSchema,
  HandsIndexSchema,
  HandsPageSchema,
  KeyInfoSchema,
  LeaderboardSchema,
  OkSchema,
  PlayerStatsSchema,
  RosterSchema,
  SessionDetailSchema,
  SessionListSchema,
  VenueSchema,
  WebhookCreatedSchema,
  WebhookListSchema,
  type Discovery,
  type HandDetail,
  type HandsCursorPage,
  type HandsIndex,
  type HandsPage,
  type KeyInfo,
  type Leaderboard,
  type PlayerStats,
  type Roster,
  type SessionDetail,
  type SessionList,
  type Venue,
  type WebhookCreated,
  type WebhookKind,
  type WebhookList,
} from './schemas-rest';
import {
  postTransaction,
  type TransactionAction,
  type TransactionAttempt,
  type TransactionRequest,
} from './transaction';

/** The spec's per-key limits. */
export const REQUESTS_PER_MINUTE = 240;
export const WRITES_PER_MINUTE = 60;

/**
 * What the client knows about its key: `unknown` before any authenticated answer, `working` after one,
 * `rejected` when it never worked (401 from the start), `withdrawn` after a 401 on a working key.
 */
export type KeyAccess = 'unknown' | 'working' | 'rejected' | 'withdrawn';

export interface VenueClientOptions {
  /** `{base_url}`, including `/v1`. */
  readonly baseUrl: string;
  readonly key: string;
  readonly fetchImpl?: typeof fetch;
  readonly clock?: Clock;
  /** Per-request time limit for reads. Default 10 s. */
  readonly timeoutMs?: number;
  /** Per-attempt time limit for money movements. Default 15 s. */
  readonly writeTimeoutMs?: number;
  /** Default 240 (the spec's limit). */
  readonly requestsPerMinute?: number;
  /** Default 60 (the spec's limit). */
  readonly writesPerMinute?: number;
  /** How many times one call waits out a 429 before failing with RateLimitedError. Default 3. */
  readonly maxRateLimitRetries?: number;
  /** Longest 429 pause a call waits out before failing instead; the venue's time is never shortened. Default 15 min. */
  readonly maxRetryAfterSec?: number;
}

/** Where `GET /hands` should start a cursor walk. `afterId` wins when both are given (as on the server). */
export interface HandsCursorQuery {
  readonly since?: number;
  readonly afterId?: string;
}

const MINUTE_MS = 60_000;

/** Typed REST client of one venue key. */
export class VenueClient {
  private accessState: KeyAccess = 'unknown';
  private readonly listeners = new Set<(access: KeyAccess) => void>();
  private readonly fetchImpl: typeof fetch;
  private readonly clock: Clock;
  private readonly requests: RateBudget;
  private readonly writes: RateBudget;
  private readonly wire: Wire;
  /** The venue's last 429 pause, held for every read of this client. */
  private readonly pause: ReadPause;

  constructor(private readonly options: VenueClientOptions) {
    this.fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
    this.clock = options.clock ?? systemClock;
    this.requests = new RateBudget(options.requestsPerMinute ?? REQUESTS_PER_MINUTE, MINUTE_MS, this.clock);
    this.writes = new RateBudget(options.writesPerMinute ?? WRITES_PER_MINUTE, MINUTE_MS, this.clock);
    const timeoutMs = options.timeoutMs ?? 10_000;
    this.wire = { baseUrl: options.baseUrl, key: options.key, fetchImpl: this.fetchImpl, timeoutMs };
    this.pause = new ReadPause(this.clock, (options.maxRetryAfterSec ?? MAX_RETRY_AFTER_SEC) * 1000);
  }

  /** The key's standing as last observed. */
  get access(): KeyAccess {
    return this.accessState;
  }

  /** Calls `listener` whenever the key's standing changes; returns the unsubscribe. */
  onAccessChange(listener: (access: KeyAccess) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Until when (clock ms) reads are paused by the venue's last 429, or null when they are not. */
  get pausedUntil(): number | null {
    return this.pause.until;
  }

  /**
   * GET /key as the judge of a doubtful refusal elsewhere (an unexpected socket close, a 403 on the upgrade): a 401
   * here records the key as withdrawn (or rejected); any other outcome leaves the standing as it was.
   */
  async checkKey(signal?: AbortSignal): Promise<KeyAccess> {
    try {
      await this.keyInfo(signal);
    } catch {
      // Only the standing matters: a 401 has already been recorded, anything else says nothing about the key.
    }
    return this.accessState;
  }

  /** Tells the client its key was refused elsewhere (e.g. the socket upgrade got 401). */
  reportUnauthorized(): void {
    this.setAccess(this.accessState === 'working' || this.accessState === 'withdrawn' ? 'withdrawn' : 'rejected');
  }

  /** GET / (public; with the key it adds venue and live). */
  discovery(signal?: AbortSignal): Promise<Discovery> {
    return this.request({ method: 'GET', path: '/', schema: DiscoverySchema, signal });
  }

  /** GET / and compare its `updated` with the spec revision this client implements. Drift is a value, not an error. */
  async checkDrift(signal?: AbortSignal, builtFor: string = SPEC_UPDATED): Promise<DriftReport> {
    return detectDrift(await this.discovery(signal), builtFor);
  }

  /** GET /key: which venue this key opens; the health check. */
  keyInfo(signal?: AbortSignal): Promise<KeyInfo> {
    return this.request({ method: 'GET', path: '/key', schema: KeyInfoSchema, signal });
  }

  /** GET /venue */
  venue(signal?: AbortSignal): Promise<Venue> {
    return this.request({ method: 'GET', path: '/venue', schema: VenueSchema, signal });
  }

  /** GET /live/state */
  liveState(signal?: AbortSignal): Promise<LiveStateResponse> {
    return this.request({ method: 'GET', path: '/live/state', schema: LiveStateResponseSchema, signal });
  }

  /** GET /players; null when not yet published. */
  players(signal?: AbortSignal): Promise<Roster | null> {
    return this.request({ method: 'GET', path: '/players', schema: RosterSchema, historical: true, signal });
  }

  /** GET /players/{playerId}; null when unpublished or unknown. */
  player(playerId: string, signal?: AbortSignal): Promise<PlayerStats | null> {
    const path = `/players/${encodeURIComponent(playerId)}`;
    return this.request({ method: 'GET', path, schema: PlayerStatsSchema, historical: true, signal });
  }

  /** GET /leaderboard[?period=YYYY-MM]; null when not yet published. */
  leaderboard(period?: string, signal?: AbortSignal): Promise<Leaderboard | null> {
    if (period !== undefined && !/^\d{4}-\d{2}$/.test(period)) {
      return Promise.reject(new RangeError(`leaderboard period must be YYYY-MM, got ${period}`));
    }
    const path = period === undefined ? '/leaderboard' : `/leaderboard?period=${period}`;
    return this.request({ method: 'GET', path, schema: LeaderboardSchema, historical: true, signal });
  }

  /** GET /sessions; null when not yet published. */
  sessions(signal?: AbortSignal): Promise<SessionList | null> {
    return this.request({ method: 'GET', path: '/sessions', schema: SessionListSchema, historical: true, signal });
  }

  /** GET /sessions/{uid}; null when unpublished or unknown. */
  session(sessionUid: string, signal?: AbortSignal): Promise<SessionDetail | null> {
    const path = `/sessions/${encodeURIComponent(sessionUid)}`;
    return this.request({ method: 'GET', path, schema: SessionDetailSchema, historical: true, signal });
  }

  /** GET /hands (index mode); null when not yet published. */
  handsIndex(signal?: AbortSignal): Promise<HandsIndex | null> {
    return this.request({ method: 'GET', path: '/hands', schema: HandsIndexSchema, historical: true, signal });
  }

  /** GET /hands?page=N (newest first; for browsing only); null when not yet published. */
  handsPage(page: number, signal?: AbortSignal): Promise<HandsPage | null> {
    if (!Number.isInteger(page) || page < 1)
      return Promise.reject(new RangeError(`page must be an integer >= 1, got ${page}`));
    return this.request({
      method: 'GET',
      path: `/hands?page=${page}`,
      schema: HandsPageSchema,
      historical: true,
      signal,
    });
  }

  /** GET /hands?since=|after_id= (cursor mode, oldest first); null when not yet published. */
  handsSince(query: HandsCursorQuery, signal?: AbortSignal): Promise<HandsCursorPage | null> {
    const params = new URLSearchParams();
    if (query.since !== undefined) params.set('since', String(query.since));
    if (query.afterId !== undefined) params.set('after_id', query.afterId);
    if ([...params.keys()].length === 0) return Promise.reject(new RangeError('a cursor query needs since or afterId'));
    const path = `/hands?${params.toString()}`;
    return this.request({ method: 'GET', path, schema: HandsCursorPageSchema, historical: true, signal });
  }

  /** GET /hands/{handId}; null when unpublished or unknown. Immutable once published. */
  hand(handId: string, signal?: AbortSignal): Promise<HandDetail | null> {
    const path = `/hands/${encodeURIComponent(handId)}`;
    return this.request({ method: 'GET', path, schema: HandDetailSchema, historical: true, signal });
  }

  /** GET /webhooks */
  webhooks(signal?: AbortSignal): Promise<WebhookList> {
    return this.request({ method: 'GET', path: '/webhooks', schema: WebhookListSchema, signal });
  }

  /** POST /webhooks; the returned `secret` is shown this once. Omit `kinds` for every kind. */
  createWebhook(url: string, kinds?: readonly WebhookKind[], signal?: AbortSignal): Promise<WebhookCreated> {
    const body = kinds === undefined ? { url } : { url, kinds };
    return this.request({ method: 'POST', path: '/webhooks', schema: WebhookCreatedSchema, body, signal });
  }

  /** DELETE /webhooks/{id}; NotFoundError when the id is unknown. */
  async deleteWebhook(webhookId: string, signal?: AbortSignal): Promise<void> {
    const path = `/webhooks/${encodeURIComponent(webhookId)}`;
    await this.request({ method: 'DELETE', path, schema: OkSchema, signal });
  }

  /**
   * One attempt of a money movement, through the write budget and the write time limit. Never throws (see
   * transaction.ts). When access is withdrawn, or `signal` aborts while waiting for budget, it reports
   * `no-response`/`before-send`: nothing left the machine.
   */
  async postTransaction(
    action: TransactionAction,
    request: TransactionRequest,
    signal?: AbortSignal,
  ): Promise<TransactionAttempt> {
    if (this.accessState === 'withdrawn') {
      return { kind: 'no-response', phase: 'before-send', message: 'access withdrawn: the venue revoked this key' };
    }
    try {
      await this.writes.take(signal);
      await this.requests.take(signal);
    } catch {
      return { kind: 'no-response', phase: 'before-send', message: 'aborted while waiting for the write budget' };
    }
    const attempt = await postTransaction(
      {
        baseUrl: this.options.baseUrl,
        key: this.options.key,
        timeoutMs: this.options.writeTimeoutMs ?? 15_000,
        fetchImpl: this.fetchImpl,
      },
      action,
      request,
      signal,
    );
    if (attempt.kind === 'answered') {
      if (attempt.status === 401) this.reportUnauthorized();
      // Only the venue's own JSON answer proves the key: a portal's or proxy's page says nothing about it.
      else if (attempt.status < 500 && typeof attempt.body === 'object' && attempt.body !== null)
        this.setAccess('working');
    }
    return attempt;
  }

  private setAccess(next: KeyAccess): void {
    // Withdrawal is final for this client: a later success cannot undo what the venue said.
    if (this.accessState === next || this.accessState === 'withdrawn') return;
    this.accessState = next;
    for (const listener of this.listeners) listener(next);
  }

  private async request<T>(spec: RequestSpec<T> & { historical: true }): Promise<T | null>;
  private async request<T>(spec: RequestSpec<T> & { historical?: false }): Promise<T>;
  private async request<T>(spec: RequestSpec<T>): Promise<T | null> {
    const maxRetries = this.options.maxRateLimitRetries ?? 3;
    for (let attempt = 0; ; attempt += 1) {
      if (this.accessState === 'withdrawn') throw new AccessWithdrawnError();
      if (this.accessState === 'rejected' && spec.path !== '/')
        throw new UnauthorizedError(401, 'unauthorized', null, null, 'the venue refused this key; enter a new one');
      await this.pause.waitOut(spec.signal);
      await this.requests.take(spec.signal);
      const { status, body } = await exchange(this.wire, spec);
      if (status >= 200 && status < 300) {
        const parsed = spec.schema.safeParse(body);
        if (!parsed.success) {
          const details = parsed.error.issues.map((issue) => `${issue.path.join('.') || '$'}: ${issue.message}`);
          throw new VenueProtocolError(`unexpected answer from ${spec.method} ${spec.path}`, spec.path, details);
        }
        // GET / is public: its 200 comes with or without a valid key, so only another route's answer proves the key
        // works (and only then is a later 401 a withdrawal rather than a key that never worked).
        if (spec.path !== '/') this.setAccess('working');
        return parsed.data;
      }
      const keyWorkedBefore = this.accessState === 'working';
      const error = venueErrorFromResponse(status, body, keyWorkedBefore);
      if (status === 401) {
        this.reportUnauthorized();
        throw error;
      }
      if (status === 404 && spec.historical === true && error.code === 'not_found') return null;
      if (error instanceof RateLimitedError) {
        this.pause.hold(error.retryAfterSec);
        if (attempt < maxRetries && this.pause.withinCap()) continue;
      }
      throw error;
    }
  }
}
