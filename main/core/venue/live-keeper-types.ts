/** The live keeper's public shapes: its status, its updates, what it watches and how it is tuned. */
import type { BackoffPolicy } from './backoff';
import type { Clock } from './clock';
import type { VenueProtocolError } from './errors';
import type { LiveGap } from './live-cursor';
import type { LiveStateSource } from './live-heal';
import type { LivePersistence } from './live-persistence';
import type { KeyAccess } from './rest-client';
import type { LiveEvent, LiveState } from './schemas-live';
import type { TableState } from './table-types';
import type { TableLimits } from './table-types';

/** Where the keeper's connection stands. */
export type KeeperStatus =
  | { readonly phase: 'idle' }
  | { readonly phase: 'connecting'; readonly attempt: number }
  | { readonly phase: 'open'; readonly since: number }
  /** `unreachable`: the last attempt got no answer at all (the venue is offline or the network is down). */
  | {
      readonly phase: 'reconnecting';
      readonly attempt: number;
      readonly retryAt: number;
      readonly reason: string;
      readonly unreachable: boolean;
    }
  | { readonly phase: 'withdrawn'; readonly reason: string }
  | { readonly phase: 'stopped' };

/**
 * What "Reconnect now" did: `trying` (an attempt started at once), `already-trying` (one is under way), `connected`
 * (the socket is open), `venue-asked-to-wait` (a 429's retry_after_sec is not over), `stopped` (withdrawn or stopped).
 */
export type ReconnectNow = 'trying' | 'already-trying' | 'connected' | 'venue-asked-to-wait' | 'stopped';

/** What subscribers receive, in order. */
export type KeeperUpdate =
  | { readonly type: 'status'; readonly status: KeeperStatus }
  | { readonly type: 'state'; readonly live: boolean; readonly state: LiveState | null; readonly at: number }
  | { readonly type: 'event'; readonly event: LiveEvent; readonly at: number; readonly catchUp: boolean }
  /** A missed stretch: reconcile against /hands once the night is published. */
  | { readonly type: 'gap'; readonly gap: LiveGap }
  | { readonly type: 'reset'; readonly runEpoch: number }
  /**
   * Once per connection, what it says about the stretch since the last one: `complete` (its replay proved nothing
   * was missed), `incomplete` (a gap was reported just before), `no-cursor` (connected without since_seq: nothing
   * could be replayed).
   */
  | { readonly type: 'resume'; readonly verdict: 'complete' | 'incomplete' | 'no-cursor' }
  | { readonly type: 'violation'; readonly paths: readonly string[] }
  /** An event was read without its malformed parts (listed); the table is healed from GET /live/state. */
  | { readonly type: 'repaired'; readonly seq: number; readonly kind: string; readonly dropped: readonly string[] }
  /** The table was replaced by a GET /live/state reading after an event that could not be applied in full. */
  | { readonly type: 'healed'; readonly live: boolean; readonly at: number }
  /** A heartbeat was answered: every frame sent before `at` (the ping's send time) has arrived. */
  | { readonly type: 'delivered'; readonly at: number }
  | { readonly type: 'protocol-error'; readonly error: VenueProtocolError }
  | { readonly type: 'ignored'; readonly name: string; readonly reason: 'unknown-kind' | 'unknown-type' }
  | { readonly type: 'persist-error'; readonly message: string };

/**
 * One publication of the live plane: what changed (`update`) and the state it left, taken at the same moment (the
 * table model, the socket's standing, what the stream proves it delivered). The keeper publishes one per change;
 * whoever holds the latest one holds all of it, so nothing below is read back. `coverage` is null for a feed that
 * cannot say (a hand-written one): then nothing is proven.
 */
export interface LiveView {
  readonly table: TableState;
  readonly status: KeeperStatus;
  readonly coverage: KeeperCoverage | null;
  readonly update: KeeperUpdate;
}

/**
 * How the keeper's current unbroken stretch began: a connection without a replay (`connected`), a complete replay from
 * its cursor (`continued`), a replay the venue could not prove whole (`incomplete-replay`), an engine restart
 * (`engine-reset`), a heal from GET /live/state (`healed`), a replay that skipped hands (`hands-skipped`).
 */
export type StretchStart =
  'connected' | 'continued' | 'incomplete-replay' | 'engine-reset' | 'healed' | 'hands-skipped';

/**
 * What the stream proves it delivered. In time: since when it is unbroken, and up to which ping send time a pong
 * proved delivery. In positions: the run of the venue's seq counter (a local name, saved with the cursor), the newest
 * seq delivered, and the seq after which every event of that run was delivered without a break (null: none proven).
 */
export interface KeeperCoverage {
  readonly unbrokenSince: number | null;
  readonly deliveredThrough: number | null;
  readonly run: string;
  readonly seq: number | null;
  readonly unbrokenAfter: number | null;
  readonly stretchStart: StretchStart;
}

/** The part of VenueClient the keeper watches, so one 401 anywhere stops both planes. */
export interface AccessWatch {
  readonly access: KeyAccess;
  onAccessChange(listener: (access: KeyAccess) => void): () => void;
  reportUnauthorized(): void;
  /** GET /key, to judge a doubtful refusal: a 401 there changes `access` (and so withdraws the keeper). */
  checkKey?(): Promise<KeyAccess>;
}

/** The timers of reconnects, injectable so a long outage can be run on a fake clock. */
export interface KeeperTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: KeeperTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface HeartbeatPolicy {
  readonly pingIntervalMs: number;
  readonly pongTimeoutMs: number;
}

export const DEFAULT_HEARTBEAT: HeartbeatPolicy = { pingIntervalMs: 15_000, pongTimeoutMs: 30_000 };

export interface LiveKeeperOptions {
  /** `{ws_url}`, including `/v1`. */
  readonly wsUrl: string;
  readonly key: string;
  readonly persistence?: LivePersistence | null;
  readonly clock?: Clock;
  readonly heartbeat?: HeartbeatPolicy;
  readonly backoff?: BackoffPolicy;
  readonly random?: () => number;
  readonly access?: AccessWatch;
  /** GET /live/state, to heal at once after an event that could not be applied (else the next reconnect heals). */
  readonly stateSource?: LiveStateSource;
  /** Reconnect timers; default the real ones. Use with `clock` to run outages on a fake clock. */
  readonly timers?: KeeperTimers;
  readonly tableLimits?: TableLimits;
  /** Persist at most this often while events flow. Default 1000 ms. */
  readonly persistEveryMs?: number;
  /** Time limit of the upgrade handshake. Default 10 s. */
  readonly handshakeTimeoutMs?: number;
}
