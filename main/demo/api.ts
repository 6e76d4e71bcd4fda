/**
 * The demo venue's in-process API: how the app starts it and how tests drive its faults and read its truth.
 * None of this is reachable over the network; the network sees only the Venue API of the spec.
 */
import type { DemoLiveFaults } from './live/live-faults';
import type { PlayedHand } from './played-hand';

export type { DemoLiveFaults, DemoUpgradeRefusal } from './live/live-faults';

export type DemoMoneyMode = 'bb' | 'dollars' | 'hidden';

export interface DemoVenueOptions {
  /** 0 (the default) picks a free port. The server always binds 127.0.0.1. */
  readonly port?: number;
  /** Everything random (players, cards, decisions, history) derives from it. Default 1. */
  readonly seed?: number;
  /** Default 'bb'. */
  readonly moneyMode?: DemoMoneyMode;
  /** GET /'s `updated` (YYYY-MM-DD), the date of the venue's latest interface change. Default: the spec's last date. */
  readonly apiUpdated?: string;
  /** Seats at the table, 6 to 9. Default 6. */
  readonly seats?: number;
  /** Milliseconds between table commits (a deal, an action, a new street). Default 1500; tests use a few ms. */
  readonly paceMs?: number;
  /** Milliseconds between one hand's end and the next hand's start. Default 4 x paceMs. */
  readonly betweenHandsMs?: number;
  /** Start dealing at once. Default true. */
  readonly autoplay?: boolean;
  /** Size of the synthetic published history, in hands. Default 2000; must scale to 100,000. */
  readonly historyHands?: number;
  /**
   * Whether a stats bundle is published at start. Default true. When false the historical plane is 404 until
   * closeSession().
   */
  readonly published?: boolean;
  /** Replay buffer capacity (reported as `window`). Default 1000. */
  readonly replayWindow?: number;
  /** Most hands one cursor request on /hands walks before answering complete: false. Default 5000. */
  readonly cursorWalkCap?: number;
  /** Hands per /hands page. Default 100. */
  readonly pageSize?: number;
  /** How long the host takes to answer a movement. Default 20 ms. */
  readonly hostAnswerMs?: number;
  /** How long the service waits for the host before answering 504 host_timeout. Default 2000 ms. */
  readonly hostTimeoutMs?: number;
  /** Tests only: accept http:// webhook URLs on loopback. Default false (https only, as the spec says). */
  readonly allowHttpWebhooks?: boolean;
  /** Per-key limits. Defaults are the spec's: 240 requests/min, 60 writes/min. */
  readonly rateLimits?: {
    readonly requestsPerMinute?: number;
    readonly writesPerMinute?: number;
    /** Concurrent sockets per key. Default 5 (the spec's). */
    readonly socketsPerKey?: number;
  };
  /** The demo key. Default derived from the seed. */
  readonly key?: string;
  /** Every player's ante, in table chips (the blinds are 1/2). Default 0: none. */
  readonly ante?: number;
  /**
   * A folder where the venue keeps its state (seed, settled movements and their answers, the table), so a start on
   * the same folder is a restart of the same venue. Without it the venue is new on every start.
   */
  readonly stateDir?: string;
  /** With stateDir: forget what the folder holds and start a new venue there. */
  readonly freshState?: boolean;
  /** The straddle posted after the big blind with four or more players dealt in, in table chips. Default 0: none. */
  readonly straddle?: number;
}

/** One movement the host applied, with the idempotency key that carried it. */
export interface DemoAppliedMovement {
  readonly idempotency_key: string;
  readonly kind: 'buy_in' | 'cash_out';
  readonly player_id: string;
  readonly name: string;
  readonly seat_id: number;
  readonly amount: number;
  /** Signed: + for a buy-in, - for a cash-out. */
  readonly delta: number;
  readonly stack_before: number;
  readonly stack_after: number;
  readonly close_session: boolean;
  /** Unix milliseconds. */
  readonly at: number;
}

export interface DemoSeatTruth {
  readonly seat_id: number;
  readonly player_id: string | null;
  readonly name: string | null;
  readonly stack: number | null;
  readonly in_hand: boolean;
  readonly present: boolean;
}

/** The engine's own view, for tests to compare a client's model against. */
export interface DemoTableTruth {
  readonly hand_number: number | null;
  readonly between_hands: boolean;
  readonly street: string | null;
  readonly board: readonly string[];
  readonly pot: number;
  readonly current_bet: number;
  readonly button: number | null;
  readonly action_on: number | null;
  readonly seats: readonly DemoSeatTruth[];
  /** The latest seq emitted by this engine run. */
  readonly seq: number;
  /** Increments on every restartEngine(). */
  readonly engineRun: number;
}

export type DemoTimeoutMode =
  /** The host applies at once but its answer arrives only after lateMs (504 first, the real answer replayed later). */
  | 'applied-answer-late'
  /** The host applies it after lateMs and answers then. */
  | 'apply-later'
  /** The host never applies it and never answers: the key stays outcome_unknown. */
  | 'never'
  /**
   * A lost answer: the host applies it at once but its answer is held (504, then outcome_unknown on every retry)
   * until releaseLostAnswers(); then the stored answer is replayed.
   */
  | 'applied-answer-lost'
  /**
   * A held movement: the key is spent (504, then outcome_unknown on every retry) and the host applies it only at
   * releaseLostAnswers(), answering with what applying it then gives: a refusal if the stack no longer allows it (the
   * spec's table: a spent key's real answer arrives later).
   */
  | 'apply-on-release';

/** The live plane's outage, restart and malformed-frame faults are in DemoLiveFaults (live/live-faults.ts). */
export interface DemoFaults extends DemoLiveFaults {
  setHostOnline(online: boolean): void;
  /** The next `count` movements that reach the host time out (504 host_timeout), then behave per `mode`. */
  timeoutNextMovements(count: number, mode: DemoTimeoutMode, lateMs?: number): void;
  setHostAnswerLatency(ms: number): void;
  /**
   * Lets every answer held by 'applied-answer-lost' land, and applies every movement held by 'apply-on-release': the
   * keys settle and retries get the stored answer.
   */
  releaseLostAnswers(): void;
  /**
   * A slow host: the next `count` movements stay with the host (409 in_progress to every retry of their keys) for
   * `holdMs`, then apply and answer. The service never gives up on them (no 504): the first request's connection is
   * cut without an answer after hostTimeoutMs, as a proxy's shorter idle timeout would, so clients retry and see
   * in_progress.
   */
  slowHostNextMovements(count: number, holdMs: number): void;
  /**
   * While on, state frames, GET /live/state and transaction_applied events carry hand_number: null and in_hand: null.
   */
  setNullHandFields(on: boolean): void;
  /**
   * While on, the table view is cut and writes pass: open sockets drop, upgrades are refused (502) and GET
   * /live/state answers 502; the money endpoints still answer.
   */
  cutTableView(on: boolean): void;
  /** Stops the table after its current commit (a hand in progress stays in progress). */
  pauseTable(): void;
  resumeTable(): void;
  /** Lets the current hand finish, then holds the table between hands until resumeTable(). Resolves when held. */
  holdBetweenHands(): Promise<void>;
  /** While on, the service answers money movements as if a hand were in progress. */
  forceHandInProgress(on: boolean): void;
  /** A new engine run: its seq counter starts again; clients reconnecting with an old since_seq get reset: true. */
  restartEngine(): void;
  /** Empties the replay buffer: the next since_seq catch-up reports complete: false. */
  evictReplayBuffer(): void;
  /** Revokes a key (default the demo key): 401 from then on, its open sockets closed at once. */
  revokeKey(key?: string): void;
  restoreKey(key?: string): void;
  /** Closes every open socket abruptly (as a network drop would). */
  dropAllSockets(): void;
  /** Half-open sockets: while frozen the server neither answers pings nor sends frames on open sockets. */
  freezeSockets(frozen: boolean): void;
  /** Ends the night: its finished hands are published to the historical plane and a new session begins. */
  closeSession(): Promise<void>;
  /** Publishes the same bundle again (pages renumber; hand ids and cursors stay valid). */
  republish(): void;
  /** Merges one player's profile into another: /players reports aliases {oldId: canonicalId}. */
  mergePlayers(oldId: string, canonicalId: string): void;
  /** Emits an event of a kind the spec does not define (default kind 'demo_unknown_kind'). */
  injectUnknownEventKind(kind?: string, payload?: Record<string, unknown>): void;
  /** While on, every response, frame and payload carries extra fields the spec does not define. */
  setInjectUnknownFields(on: boolean): void;
  setMoneyMode(mode: DemoMoneyMode): void;
  /** Sets the date GET / reports as `updated` (the venue's interface changed then); YYYY-MM-DD. */
  setApiUpdated(date: string): void;
  /** An operator's stack correction: emits transaction_applied with source seat_edit. Only between hands. */
  seatEdit(seatId: number, stack: number): void;
  /** The next `count` (default 1) transaction_applied events never reach the stream; the host still applies. */
  loseNextTransactionEvents(count?: number): void;
  /**
   * A request delivered late: the next `count` money POSTs get no answer (their connection is cut after `cutAfterMs`,
   * default hostTimeoutMs) and the venue processes the same bytes `deliverAfterMs` after they were sent (once between
   * hands). Until then retries of the key find it unused.
   */
  deliverNextMovementsLate(count: number, deliverAfterMs: number, cutAfterMs?: number): void;
  /** The table operator renames a seat (verbatim: "AVA BRENNAN" beside "Ava Brennan"); no event, frames show it. */
  renameSeat(seatId: number, name: string): void;
  /**
   * Another writer's movement for a seated player (the venue's own cashier top-up, a second cashier PC): applied at
   * once between hands, emitting transaction_applied with source `transaction` and no key of any client;
   * `nullIds` sends it with seat_id and player_id null. Not in inspect.ledger() (that is the API's movements).
   */
  otherWriterMovement(
    seatId: number,
    kind: 'buy_in' | 'cash_out',
    amount: number,
    how?: { readonly nullIds?: boolean },
  ): void;
}

export interface DemoInspect {
  /** Every movement the host applied, in order. */
  ledger(): readonly DemoAppliedMovement[];
  trueTable(): DemoTableTruth;
  /** This night's finished hands, oldest first. */
  playedHands(): readonly PlayedHand[];
  /** Every published hand id, oldest first. */
  publishedHandIds(): readonly string[];
  /** Resolves once `count` more hands have ended. */
  waitForHands(count: number): Promise<void>;
  /** Resolves when the table is between hands (at once if it already is). */
  waitForBetweenHands(): Promise<void>;
}

export interface DemoVenue {
  /** http://127.0.0.1:N/v1 */
  readonly baseUrl: string;
  /** ws://127.0.0.1:N/v1 */
  readonly wsUrl: string;
  readonly key: string;
  readonly venueId: string;
  readonly port: number;
  /** True when this start resumed a venue saved in `stateDir` (false: a new venue). */
  readonly resumed: boolean;
  readonly faults: DemoFaults;
  readonly inspect: DemoInspect;
  close(): Promise<void>;
}
