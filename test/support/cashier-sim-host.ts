/**
 * A simulated venue for cashier unit tests: the spec's money-movement key table (unused / with the host /
 * settled, replays, 504 then the real answer, outcome_unknown) driven by a fault schedule, on a manual clock.
 * It counts how many times each key applied, which is what exactly-once is checked against.
 */
import type { TransactionApplied } from '../../main/core/venue/schemas-live';
import { sameVenueName } from '../../preload/contract/player-name';
import type { CashierTimers, CashierTransport, StreamCoverage, TableObservation } from '../../main/core/cashier/index';
import type { AnsweredAttempt, TransactionAttempt, TransactionRequest } from '../../main/core/venue/transaction';
import { readTransactionAnswer } from '../../main/core/venue/transaction-answer';

/** What happens to one request. Consumed one per request, in order; 'ok' once the schedule is empty. */
export type SimFault =
  | 'ok'
  | 'reset-before'
  | 'reset-after'
  | 'offline'
  | 'rate-limited'
  | 'server-error'
  | 'hand'
  | 'slow'
  | 'timeout-applied-late'
  | 'timeout-never'
  | 'timeout-apply-later'
  /** A proxy or captive portal answers 200 with an HTML page; nothing reaches the venue. */
  | 'html'
  /** The service refuses the body (400 bad_amount) without looking at the key. */
  | 'bad-request'
  /** 429 with a retry_after_sec far beyond any timer (a broken or hostile venue). */
  | 'rate-limited-huge'
  /**
   * The request gets no answer (a load balancer holds it) and the venue takes the same bytes `lateMs` later, between
   * hands: until then retries of the key find it unused (hand_in_progress mid-hand, or applied by the retry).
   */
  | 'late-delivery';

/**
 * The faults random schedules draw from: every way a venue answers (or fails to answer) a movement it received.
 * Not `html`, `bad-request` or `rate-limited-huge`: a proxy's page and a broken venue are drawn only where a test asks.
 */
export const SCHEDULE_FAULTS: readonly SimFault[] = [
  'ok',
  'reset-before',
  'reset-after',
  'offline',
  'rate-limited',
  'server-error',
  'hand',
  'slow',
  'timeout-applied-late',
  'timeout-never',
  'timeout-apply-later',
];

export interface SimPlayer {
  readonly name: string;
  readonly id: string;
  readonly seat: number;
  stack: number;
}

/**
 * How one table reading lies, the way real venues' readings do: `true` is the host's table as it is now; `stale` the
 * table as it was when the view was last frozen (a cut socket keeps showing it); `fail` a read that throws;
 * `not-live` the venue's last known frame (`live: false`); `null-hand` the true stacks with null hand fields;
 * `restored` the frozen table marked as the frame saved before a restart; `disconnected` the frozen table from a
 * socket that is not caught up.
 */
export type SimView = 'true' | 'stale' | 'fail' | 'not-live' | 'null-hand' | 'restored' | 'disconnected';

export interface SimApplied {
  readonly key: string;
  readonly name: string;
  readonly delta: number;
}

/**
 * What the host did and said, in order (the index is the order): exactly-once is judged on this log, never on what
 * the cashier believes. `answer` is logged when the answer reaches the cashier; `reading` when a reading is handed
 * over, with the keys the host had applied by then.
 */
export type SimLogEntry =
  | { readonly type: 'request'; readonly key: string }
  | {
      readonly type: 'answer';
      readonly key: string;
      readonly status: number | null;
      readonly code: string | null;
      readonly applied: boolean;
    }
  /** The key reached the host (from here on it is spent, whatever the answer). */
  | { readonly type: 'accepted'; readonly key: string }
  | { readonly type: 'apply'; readonly key: string }
  | {
      readonly type: 'reading';
      readonly view: SimView;
      readonly via: 'read' | 'push';
      readonly applied: readonly string[];
    }
  /** The cashier process restarted (logged by the test). */
  | { readonly type: 'restart' };

interface KeyState {
  settled: boolean;
  timedOut: boolean;
  answer: Record<string, unknown> | null;
}

export interface SimHost {
  readonly transport: CashierTransport;
  readonly ledger: SimApplied[];
  readonly players: SimPlayer[];
  /** Every key any request carried, in order of first sight. */
  readonly keysSeen: string[];
  requests: number;
  handInProgress: boolean;
  /** The table's hand number: a hand started since a reading moves it. */
  handNumber: number;
  /** A hand starts (the hand number moves on). */
  startHand(): void;
  /** The hand ends, `chips` having moved from one seat to another (0.01 steps; never below zero). */
  endHand(from: number, to: number, chips: number): void;
  /** Everything the host did and said, in order. */
  readonly log: SimLogEntry[];
  /** While true every request gets 401 (the venue withdrew the key). */
  revoked: boolean;
  /** The host's true table as a live, caught-up state frame received now. */
  table(): TableObservation;
  /** How the next readings lie, consumed one per reading (then `true`); `viewFault` applies when the list is empty. */
  readonly views: SimView[];
  viewFault: SimView;
  /** Keeps the table as it is now for `stale`, `restored` and `disconnected` readings. */
  freezeView(): void;
  /** A GET /live/state read as the venue link gives it (throws on `fail`). */
  readView(): TableObservation;
  /** A pushed view as the live stream gives it (a `fail` becomes a disconnected, stale view). */
  pushView(): TableObservation;
  /** Where transaction_applied payloads go (the cashier's live feed); null drops them. */
  eventSink: ((payload: TransactionApplied) => void) | null;
  /**
   * A fault for one request chosen by its key (and how many requests that key has carried before), ahead of the
   * shared schedule; null falls through to it. Lets a test aim at a re-send whose key it cannot know in advance.
   */
  keyFault: ((key: string, seenBefore: number) => SimFault | null) | null;
  /** While true the host's answer to an applied movement is a bare `{ ok: true }` (its shape is not specified). */
  bareAnswers: boolean;
  /** Called as each answer is handed to the cashier, just before it resolves (to line up a race with it). */
  beforeAnswer: ((key: string, attempt: TransactionAttempt) => void) | null;
  /** How many times the host applied each key (exactly-once is checked against this). */
  appliedCount(key: string): number;
  /**
   * The live stream's heartbeat as the keeper reports it: unbroken since the host started, everything delivered up
   * to now. While `halfOpen` (the socket silently stopped delivering) nothing is proven after the freeze.
   */
  coverage(): StreamCoverage;
  /**
   * Another writer moves a player's stack (the venue's own top-up, a second cashier PC, an operator's seat edit):
   * no key of ours. Its transaction_applied goes to the live feed unless the socket is half-open; `nullIds` sends it
   * with seat_id and player_id null.
   */
  otherWriter(
    name: string,
    delta: number,
    how?: { readonly source?: 'transaction' | 'seat_edit'; readonly nullIds?: boolean },
  ): void;
  /** The socket stopped delivering both ways (REST still works): no pong, no frame. */
  halfOpen: boolean;
  /** Where the heartbeat goes (the cashier's observeStream); null drops it. */
  streamSink: ((coverage: StreamCoverage) => void) | null;
}

const cents = (value: number): number => Math.round(value * 100) / 100;

/** An answered attempt, read by the edge's one reader as the real transport does. */
const answered = (status: number, body: unknown, replay = false): AnsweredAttempt =>
  readTransactionAnswer(status, body, replay);

export function createSimHost(options: {
  readonly timers: CashierTimers;
  readonly now: () => number;
  readonly players: readonly Omit<SimPlayer, never>[];
  readonly faults: SimFault[];
  readonly answerMs?: number;
  readonly lateMs?: number;
}): SimHost {
  const answerMs = options.answerMs ?? 20;
  const lateMs = options.lateMs ?? 3_000;
  const keys = new Map<string, KeyState>();
  const carried = new Map<string, number>();
  const after = (ms: number, fn: () => void): void => {
    options.timers.setTimeout(fn, ms);
  };
  const startedAt = options.now();
  let deliveredUpTo = startedAt;
  /** A ping sent now, answered at once (unless the socket is half-open). */
  const heartbeat = (): void => {
    if (host.halfOpen) return;
    deliveredUpTo = options.now();
    host.streamSink?.(host.coverage());
  };

  function apply(action: string, request: TransactionRequest, key: string): Record<string, unknown> {
    // As a venue matches names: case-blind, spaces collapsed (the first seat carrying the name takes it).
    const player = host.players.find((candidate) => sameVenueName(candidate.name, request.player_name));
    if (player === undefined)
      return { ok: false, reason: 'unknown_player', message: `No player ${request.player_name}` };
    const amount = request.amount ?? player.stack;
    if (action === 'cash-out' && amount > player.stack)
      return { ok: false, reason: 'insufficient_stack', message: 'Not enough chips' };
    const delta = action === 'buy-in' ? amount : -amount;
    const before = player.stack;
    player.stack = cents(player.stack + delta);
    host.ledger.push({ key, name: player.name, delta });
    host.log.push({ type: 'apply', key });
    const payload = {
      kind: action === 'buy-in' ? 'buy_in' : 'cash_out',
      seat_id: player.seat,
      player_id: player.id,
      name: player.name,
      amount,
      delta,
      stack_before: before,
      stack_after: player.stack,
      hand_number: host.handNumber,
      source: 'transaction',
      session_id: 's1',
    };
    if (!host.halfOpen) host.eventSink?.(payload);
    if (host.bareAnswers) return { ok: true };
    return {
      ok: true,
      kind: payload.kind,
      player_name: player.name,
      player_id: player.id,
      seat_id: player.seat,
      amount,
      delta,
      stack_before: before,
      stack_after: player.stack,
      session_closed: request.close_session === true,
    };
  }

  function settle(state: KeyState, answer: Record<string, unknown>): void {
    state.answer = answer;
    state.settled = true;
  }

  const transport: CashierTransport = (action, request) =>
    new Promise<TransactionAttempt>((resolve) => {
      host.requests += 1;
      const key = request.idempotency_key;
      if (!host.keysSeen.includes(key)) host.keysSeen.push(key);
      const seenBefore = carried.get(key) ?? 0;
      carried.set(key, seenBefore + 1);
      host.log.push({ type: 'request', key });
      const deliver = (attempt: TransactionAttempt): void => {
        const status = attempt.kind === 'answered' ? attempt.status : null;
        const applied =
          attempt.kind === 'answered' &&
          status === 200 &&
          typeof attempt.body === 'object' &&
          (attempt.body as { ok?: unknown } | null)?.ok === true;
        host.log.push({
          type: 'answer',
          key,
          status,
          code: attempt.kind === 'answered' ? attempt.errorCode : null,
          applied,
        });
        host.beforeAnswer?.(key, attempt);
        resolve(attempt);
      };
      const reply = (attempt: TransactionAttempt, ms = answerMs): void => after(ms, () => deliver(attempt));
      if (host.revoked) return reply(answered(401, { error: 'unauthorized' }), 1);
      const fault = host.keyFault?.(key, seenBefore) ?? options.faults.shift() ?? 'ok';
      if (fault === 'bad-request') return reply(answered(400, { error: 'bad_amount' }), 1);
      if (fault === 'rate-limited-huge')
        return reply(answered(429, { error: 'rate_limited', retry_after_sec: 1e12 }), 1);
      if (fault === 'html')
        return reply(answered(200, '<html><body>Please log in to the hotel network</body></html>'), 1);
      if (fault === 'reset-before')
        return reply({ kind: 'no-response', phase: 'before-send', message: 'ECONNREFUSED' }, 1);
      if (fault === 'offline') return reply(answered(503, { error: 'host_offline' }), 1);
      if (fault === 'rate-limited') return reply(answered(429, { error: 'rate_limited', retry_after_sec: 1 }), 1);
      if (fault === 'server-error') return reply(answered(500, { error: 'internal' }), 1);
      const state = keys.get(key);
      if (state?.settled) return reply(answered(200, state.answer, true));
      if (state !== undefined)
        return reply(answered(409, { error: state.timedOut ? 'outcome_unknown' : 'in_progress' }));
      if (fault === 'late-delivery') {
        const deliverLate = (): void => {
          if (host.handInProgress) return after(100, deliverLate);
          if (keys.has(key)) return;
          const late: KeyState = { settled: false, timedOut: false, answer: null };
          keys.set(key, late);
          host.log.push({ type: 'accepted', key });
          settle(late, apply(action, request, key));
        };
        after(lateMs, deliverLate);
        return reply({ kind: 'no-response', phase: 'unknown', message: 'timeout: no answer' }, 1);
      }
      if (fault === 'hand' || host.handInProgress) return reply(answered(409, { error: 'hand_in_progress' }), 1);
      const fresh: KeyState = { settled: false, timedOut: false, answer: null };
      keys.set(key, fresh);
      host.log.push({ type: 'accepted', key });
      if (fault === 'timeout-applied-late') {
        const answer = apply(action, request, key);
        fresh.timedOut = true;
        after(lateMs, () => settle(fresh, answer));
        return reply(answered(504, { error: 'host_timeout' }));
      }
      if (fault === 'timeout-apply-later') {
        fresh.timedOut = true;
        after(lateMs, () => settle(fresh, apply(action, request, key)));
        return reply(answered(504, { error: 'host_timeout' }));
      }
      if (fault === 'timeout-never') {
        fresh.timedOut = true;
        return reply(answered(504, { error: 'host_timeout' }));
      }
      if (fault === 'slow') {
        // The connection drops while the host is still working: retries see 409 in_progress until it answers.
        after(lateMs, () => settle(fresh, apply(action, request, key)));
        return reply({ kind: 'no-response', phase: 'unknown', message: 'socket hang up' }, 1);
      }
      after(answerMs, () => {
        const answer = apply(action, request, key);
        settle(fresh, answer);
        deliver(
          fault === 'reset-after'
            ? { kind: 'no-response', phase: 'unknown', message: 'ECONNRESET' }
            : answered(200, answer),
        );
      });
    });

  const trueTable = (): TableObservation => ({
    source: 'state-frame',
    live: true,
    caughtUp: true,
    receivedAt: options.now(),
    venueTs: null,
    betweenHands: !host.handInProgress,
    handNumber: host.handNumber,
    seats: host.players.map((p) => ({ seat_id: p.seat, player_id: p.id, name: p.name, stack: p.stack })),
  });
  let frozen: TableObservation | null = null;

  function reading(kind: SimView): TableObservation {
    const now = trueTable();
    const old = frozen ?? now;
    switch (kind) {
      case 'true':
        return now;
      case 'stale':
        return old;
      case 'fail':
        throw new Error('the venue did not answer GET /live/state');
      case 'not-live':
        return { ...old, live: false, receivedAt: now.receivedAt };
      case 'null-hand':
        return { ...now, betweenHands: null, handNumber: null };
      case 'restored':
        return { ...old, source: 'restored', caughtUp: false };
      case 'disconnected':
        return { ...old, caughtUp: false };
    }
  }

  const next = (via: 'read' | 'push'): SimView => {
    const view = host.views.shift() ?? host.viewFault;
    host.log.push({ type: 'reading', view, via, applied: host.ledger.map((entry) => entry.key) });
    return view;
  };

  const host: SimHost = {
    transport,
    ledger: [],
    players: options.players.map((player) => ({ ...player })),
    keysSeen: [],
    requests: 0,
    handInProgress: false,
    handNumber: 1,
    startHand() {
      host.handInProgress = true;
      host.handNumber += 1;
    },
    endHand(from, to, chips) {
      const loser = host.players[from % host.players.length] as SimPlayer;
      const winner = host.players[to % host.players.length] as SimPlayer;
      const moved = Math.min(chips, loser.stack);
      loser.stack = cents(loser.stack - moved);
      winner.stack = cents(winner.stack + moved);
      host.handInProgress = false;
    },
    log: [],
    revoked: false,
    table: trueTable,
    views: [],
    viewFault: 'true',
    freezeView() {
      frozen = trueTable();
    },
    // A read has no socket to be cut: the venue's stale answer to GET /live/state is its last known frame, marked
    // live: false (a venue that serves an old frame as live is a venue no client can judge).
    readView() {
      const kind = next('read');
      const honest = kind === 'stale' || kind === 'restored' || kind === 'disconnected' ? 'not-live' : kind;
      // The keeper's heartbeat answered as the read's answer arrives (a half-open socket never answers).
      heartbeat();
      return { ...reading(honest), source: 'live-state-read' };
    },
    pushView() {
      const kind = next('push');
      const view = reading(kind === 'fail' ? 'disconnected' : kind);
      if (kind === 'true') after(1, heartbeat);
      return view;
    },
    coverage: () => ({ unbrokenSince: startedAt, deliveredThrough: deliveredUpTo }),
    otherWriter(name, delta, how = {}) {
      const player = host.players.find((candidate) => sameVenueName(candidate.name, name));
      if (player === undefined) throw new Error(`no player ${name}`);
      const before = player.stack;
      player.stack = cents(player.stack + delta);
      const source = how.source ?? 'transaction';
      if (host.halfOpen) return;
      host.eventSink?.({
        kind: source === 'seat_edit' ? 'adjustment' : delta > 0 ? 'buy_in' : 'cash_out',
        seat_id: how.nullIds === true ? null : player.seat,
        player_id: how.nullIds === true ? null : player.id,
        name: player.name,
        amount: Math.abs(delta),
        delta,
        stack_before: before,
        stack_after: player.stack,
        hand_number: host.handNumber,
        source,
        session_id: 's1',
      });
    },
    halfOpen: false,
    streamSink: null,
    eventSink: null,
    keyFault: null,
    bareAnswers: false,
    beforeAnswer: null,
    appliedCount: (key) => host.ledger.filter((entry) => entry.key === key).length,
  };
  return host;
}
