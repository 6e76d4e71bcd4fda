/**
 * The cashier runtime: composes the journal, the pure movement reducer, the transport and timers.
 *
 * Exactly-once rests on three rules kept here:
 * 1. A movement's intent is on disk (fdatasync) before its first request leaves, and every retry, after any
 *    failure or restart, reuses the same idempotency key.
 * 2. A new key for the same money is only ever minted by `resolveInDoubt(key, 'send-again')`, which requires fresh
 *    evidence that the old one did NOT apply and the old one still unsettled; the old key keeps being polled, and
 *    if it turns out applied after all, both movements are flagged `both-applied` (never silently). Neither of a
 *    pair settles by observation: only each key's own answer does.
 * 3. One unsettled movement per player, so stack evidence is never blurred by another movement of ours, and one
 *    transaction_applied event settles at most one movement (attribution consumes it).
 */
import type { TransactionAttempt, TransactionRequest } from '../venue/transaction';
import { DEFAULT_CASHIER_CONFIG } from './api';
import type { Cashier, CashierConfig, CashierOptions, CashierSnapshot, CashierTimers, CommandResult, RequestResult } from './api';
import { delayFor } from './backoff';
import { createEventAttribution } from './attribution';
import { assessEvidence, samePlayer } from './evidence';
import { openJournal } from './journal';
import type { Journal } from './journal';
import { newIdempotencyKey } from './key';
import { ledgerTotals } from './ledger';
import { cancelBlocker, isPaired, isSettled, reduceMovement, sendAgainBlocker } from './machine';
import type { MovementEvent } from './machine';
import { parseTable, parseTransactionApplied } from './observations';
import { createStackFreshness } from './stack-freshness';
import type { Movement, MovementRequestFields, ObservedSeat, TableObservation } from './types';
import { validateRequest } from './validate';

// The contract lives in api.ts; re-exported here for callers that import the runtime module directly.
export { DEFAULT_CASHIER_CONFIG };
export type {
  Cashier, CashierConfig, CashierOptions, CashierPhase, CashierSnapshot, CashierTimers, CashierTransport, CommandResult,
  MovementView, RequestResult,
} from './api';

const RECENT_EVENTS = 500;
const realTimers: CashierTimers = { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) };

function newMovement(request: MovementRequestFields, key: string, at: number, seat: ObservedSeat | null, replaces: string | null): Movement {
  return {
    key, action: request.action, playerName: request.playerName, playerId: request.playerId ?? seat?.player_id ?? null,
    seatId: request.seatId ?? seat?.seat_id ?? null, amount: request.amount, closeSession: request.closeSession, note: request.note,
    stackAtAsk: seat?.stack ?? null, stackAtSend: null, handAtSend: null, state: 'queued', createdAt: at, updatedAt: at,
    firstSentAt: null, mayHaveReachedHost: false, attempts: [], next: null, doubt: null, evidence: null, settlement: null,
    replaces, replacedBy: null, flags: [], message: 'Queued.',
  };
}

function requestBody(movement: Movement): TransactionRequest {
  return {
    player_name: movement.playerName,
    idempotency_key: movement.key,
    ...(movement.amount !== null ? { amount: movement.amount } : {}),
    ...(movement.action === 'cash-out' ? { close_session: movement.closeSession } : {}),
  };
}

/** Opens the journal, recovers, resumes every unfinished movement (same key), then accepts new ones. */
export async function openCashier(options: CashierOptions): Promise<Cashier> {
  const config: CashierConfig = { ...DEFAULT_CASHIER_CONFIG, ...options.config };
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const timers = options.timers ?? realTimers;
  const phase = options.onPhase ?? (() => undefined);
  const journal: Journal = await openJournal(options.dataDir);

  const movements = new Map<string, Movement>();
  const retryTimers = new Map<string, unknown>();
  const inFlight = new Set<string>();
  const listeners = new Set<(snapshot: CashierSnapshot) => void>();
  const settledWaiters = new Map<string, Array<(movement: Movement) => void>>();
  const readyWaiters: Array<() => void> = [];
  const abort = new AbortController();
  let table: TableObservation | null = null;
  let tableObservedAt: number | null = null;
  let access: 'ok' | 'withdrawn' = 'ok';
  // Bumped each time access comes back: a 401 to a request sent before that says nothing about the new key.
  let accessEpoch = 0;
  let ready = false;
  let closed = false;
  let version = 0;
  let cached: CashierSnapshot | null = null;
  let journalWrites = 0;

  for (const movement of journal.recovered.movements) movements.set(movement.key, movement);
  // One transaction_applied event is one application: it may be evidence for at most one movement.
  // A claim met after its movement settled is journaled with it (best effort: if the write fails, the claim still
  // holds in memory, as the stack_before rule does for a replay).
  const attribution = createEventAttribution(movements.values(), RECENT_EVENTS, (movement, event) => {
    void commit(movement.key, { type: 'claimed', event }).catch(() => undefined);
  });
  // A view taken before an application the host answered must not give a later movement its stack at send.
  const freshness = createStackFreshness();

  function snapshot(): CashierSnapshot {
    if (cached !== null) return cached;
    const list = [...movements.values()];
    cached = {
      version, ready, access, betweenHands: table?.betweenHands ?? null,
      movements: list.map((movement) => ({
        ...movement,
        attemptCount: movement.attempts.reduce((sum, entry) => sum + entry.count, 0),
        cancelBlockedBy: cancelBlocker(movement),
        sendAgainBlockedBy: sendAgainBlocker(movement),
      })),
      totals: ledgerTotals(list),
      recovery: journal.recovered.report,
    };
    return cached;
  }

  function changed(): void {
    version += 1;
    cached = null;
    if (listeners.size === 0) return;
    const current = snapshot();
    for (const listener of listeners) listener(current);
  }

  function settleWaiters(movement: Movement): void {
    if (!isSettled(movement)) return;
    for (const resolve of settledWaiters.get(movement.key) ?? []) resolve(movement);
    settledWaiters.delete(movement.key);
  }

  /**
   * Applies an event and journals the result. Every state is fdatasync'd before this resolves except an attempt's
   * outcome: the venue keeps a settled key's answer and replays it, so if a power cut loses that record, recovery
   * re-polls the same key and gets the same answer. Not waiting for that fdatasync keeps a buy-in to about one
   * fdatasync plus one round trip.
   */
  async function commit(key: string, event: MovementEvent, onWritten?: () => void): Promise<Movement | null> {
    const previous = movements.get(key);
    if (previous === undefined) return null;
    let next = reduceMovement(previous, event);
    if (next === previous) return previous;
    // Attribute the event that explains this application before anything else can run, so no other movement
    // can take it as evidence.
    if (next.state === 'applied' && previous.state !== 'applied') {
      // The live stream delivers a transaction_applied event before the table view built from it, so once its
      // event has been seen the current view already shows this application; only an awaited event makes it stale.
      const attributed = attribution.settledApplied(next);
      if (!attributed.seen) freshness.applied(next);
      // The claimed event goes into this very record: a separate one could be overtaken by this one on disk.
      if (attributed.claimed !== null) next = reduceMovement(next, { type: 'claimed', event: attributed.claimed });
    }
    movements.set(key, next);
    changed();
    await write(next, { onWritten, durable: event.type !== 'attempt' });
    settleWaiters(next);
    return next;
  }

  async function insert(movement: Movement, onWritten?: () => void): Promise<void> {
    movements.set(movement.key, movement);
    changed();
    await write(movement, { onWritten, durable: true });
  }

  async function write(movement: Movement, writeOptions: { readonly onWritten: (() => void) | undefined; readonly durable: boolean }): Promise<void> {
    journalWrites += 1;
    try {
      await journal.append(movement, writeOptions);
    } finally {
      journalWrites -= 1;
    }
  }

  const seatOf = (movement: Movement): ObservedSeat | null =>
    table?.seats.find((seat) => samePlayer(movement, seat.player_id, seat.name)) ?? null;

  /** The player's stack as the movement leaves, or null when the view does not show their latest application yet. */
  const stackAtSend = (movement: Movement): number | null => (freshness.isStale(movement) ? null : seatOf(movement)?.stack ?? null);

  function unsettledFor(playerName: string, playerId: string | null, except: string | null): Movement | null {
    for (const movement of movements.values()) {
      if (movement.key === except || isSettled(movement)) continue;
      const same = playerId !== null && movement.playerId !== null ? playerId === movement.playerId : movement.playerName === playerName;
      if (same) return movement;
    }
    return null;
  }

  /** `generation`: the freshness generation when this view was read (a pushed view is read as it arrives). */
  function takeTable(input: unknown, generation = freshness.generation()): boolean {
    const parsed = parseTable(input);
    if (parsed === null || closed) return false;
    freshness.viewTaken(generation);
    const handEnded = parsed.betweenHands && table?.betweenHands !== true;
    // The snapshot shows only betweenHands of the table; stacks feed evidence, which publishes through commit.
    // Skipping the rebuild on every other live event keeps the event-to-screen path short.
    const snapshotChanges = parsed.betweenHands !== (table?.betweenHands ?? null);
    table = parsed;
    tableObservedAt = now();
    if (snapshotChanges) changed();
    if (handEnded) {
      for (const movement of movements.values()) if (movement.state === 'queued') void runAttempt(movement.key, false);
    }
    return true;
  }

  /** Reads the table now when the app gave a way to (a failed read just leaves the evidence inconclusive). */
  async function refreshTable(): Promise<void> {
    if (options.readTable === undefined || closed) return;
    try {
      const generation = freshness.generation();
      takeTable(await options.readTable(abort.signal), generation);
    } catch {
      // Evidence stays inconclusive until a view arrives; never a reason to guess.
    }
  }

  /**
   * Rechecks an in-doubt movement's evidence (reading the table first when the view predates the doubt, or always
   * when `fresh`); settles it applied when the stack shows it.
   */
  async function gatherEvidence(key: string, fresh = false): Promise<void> {
    const before = movements.get(key);
    // A movement and its re-send look the same on the live plane (player, kind, amount): once paired, only each
    // key's own answer from the host can settle it.
    if (before === undefined || before.state !== 'in-doubt' || isPaired(before) || closed) return;
    const since = before.doubt?.since ?? 0;
    if (fresh || tableObservedAt === null || tableObservedAt < since) await refreshTable();
    const movement = movements.get(key);
    if (movement === undefined || movement.state !== 'in-doubt' || isPaired(movement) || closed) return;
    const evidence = assessEvidence(movement, {
      now: now(), table, tableObservedAt, events: attribution.unattributed(), otherMovementForPlayer: unsettledFor(movement.playerName, movement.playerId, movement.key) !== null,
    });
    const previous = movement.evidence;
    if (previous !== null && previous.verdict === evidence.verdict && previous.summary === evidence.summary) return;
    const next = await commit(key, { type: 'evidence', evidence });
    if (next?.state === 'applied') await flagBothApplied(next);
  }

  /** If a movement and its replacement both applied, both are flagged: a double payment is never silent. */
  async function flagBothApplied(movement: Movement): Promise<void> {
    for (const partnerKey of [movement.replaces, movement.replacedBy]) {
      const partner = partnerKey === null ? undefined : movements.get(partnerKey);
      if (partner === undefined || partner.state !== 'applied') continue;
      await commit(partner.key, { type: 'partner-applied', at: now(), partner: movement.key });
      await commit(movement.key, { type: 'partner-applied', at: now(), partner: partner.key });
    }
  }

  const canAutoSend = (): boolean => access === 'ok' && table?.betweenHands !== false;

  function clearTimer(key: string): void {
    const handle = retryTimers.get(key);
    if (handle !== undefined) timers.clearTimeout(handle);
    retryTimers.delete(key);
  }

  function later(key: string, ms: number): void {
    clearTimer(key);
    retryTimers.set(key, timers.setTimeout(() => {
      retryTimers.delete(key);
      void runAttempt(key, false);
    }, ms));
  }

  /** Decides when the movement's next attempt goes. */
  function schedule(key: string): void {
    const movement = movements.get(key);
    if (movement === undefined || closed || isSettled(movement) || inFlight.has(key) || access === 'withdrawn') return;
    if (movement.state === 'queued') {
      clearTimer(key);
      const lastAnswer = movement.attempts[movement.attempts.length - 1];
      if (table === null) later(key, config.queuedRetryMs);
      // The venue said a hand is in progress though our view says between hands (the view lags): back off until
      // the view next moves into between-hands, instead of hammering the venue.
      else if (lastAnswer?.errorCode === 'hand_in_progress') later(key, delayFor({ reason: 'in_progress', delay: { kind: 'backoff', step: lastAnswer.count } }, config.retry, random()));
      else if (canAutoSend()) void runAttempt(key, false);
      return;
    }
    if (movement.next === null) {
      void runAttempt(key, false);
      return;
    }
    later(key, delayFor(movement.next, config.retry, random()));
  }

  /** One attempt: journal the intent if it is leaving the queue, send, journal the answer, decide what is next. */
  async function runAttempt(key: string, forced: boolean): Promise<void> {
    const current = movements.get(key);
    if (current === undefined || closed || isSettled(current) || inFlight.has(key) || access === 'withdrawn') return;
    if (current.state === 'queued' && !forced && !canAutoSend()) return;
    clearTimer(key);
    inFlight.add(key);
    try {
      let movement: Movement | null = current;
      if (movement.state === 'queued') {
        movement = await commit(key, { type: 'send', at: now(), stack: stackAtSend(movement), handNumber: table?.handNumber ?? null }, () => phase('intent-written', key));
        phase('intent-synced', key);
      }
      if (movement === null || closed) return;
      const epoch = accessEpoch;
      const pending = options.transport(movement.action, requestBody(movement), abort.signal)
        .catch((error: unknown): TransactionAttempt => ({ kind: 'no-response', phase: 'unknown', message: error instanceof Error ? error.message : String(error) }));
      phase('request-sent', key);
      const attempt = await pending;
      phase('answer-received', key);
      if (closed) return;
      const answered = await commit(key, { type: 'attempt', at: now(), attempt });
      phase('answer-journaled', key);
      if (attempt.kind === 'answered' && attempt.status === 401 && epoch === accessEpoch) withdrawAccess();
      if (answered?.state === 'applied') await flagBothApplied(answered);
      if (!closed) await commit(key, { type: 'check-unanswered', at: now(), inDoubtAfterMs: config.inDoubtAfterMs });
      await gatherEvidence(key);
    } catch (error) {
      // The journal failed (disk full, closed): stop this movement here; its last journaled state resumes on restart.
      if (!closed) process.emitWarning(`cashier: movement ${key} paused: ${error instanceof Error ? error.message : String(error)}`);
      return;
    } finally {
      inFlight.delete(key);
    }
    schedule(key);
  }

  function withdrawAccess(): void {
    if (access === 'withdrawn') return;
    access = 'withdrawn';
    for (const key of [...retryTimers.keys()]) clearTimer(key);
    changed();
  }

  function scheduleAll(): void {
    for (const movement of movements.values()) if (!isSettled(movement)) schedule(movement.key);
  }

  async function recover(): Promise<void> {
    // Superseded snapshots pile up while keys are polled: rewrite when most of the file is history.
    if (journal.recovered.report.records > 2 * movements.size + 64) await journal.compact([...movements.values()]);
    const at = now();
    for (const movement of [...movements.values()]) {
      await commit(movement.key, { type: 'recovered', at });
      // A crash between journaling a re-send and linking the old movement leaves the link on one side only.
      const old = movement.replaces === null ? undefined : movements.get(movement.replaces);
      if (old !== undefined && old.replacedBy === null) await commit(old.key, { type: 'replaced', at, by: movement.key });
    }
    const unfinished = [...movements.values()].filter((movement) => !isSettled(movement) && movement.state !== 'queued');
    await Promise.all(unfinished.map((movement) => runAttempt(movement.key, true)));
    ready = true;
    changed();
    for (const resolve of readyWaiters.splice(0)) resolve();
    scheduleAll();
  }

  async function request(input: unknown): Promise<RequestResult> {
    if (closed) return { kind: 'blocked', reason: 'The cashier is closed.' };
    if (!ready) return { kind: 'blocked', reason: 'Recovering unfinished movements; new movements are accepted once they have resumed.' };
    if (access === 'withdrawn') return { kind: 'blocked', reason: 'The venue withdrew access (401): set a working key first.' };
    const validation = validateRequest(input);
    if (!validation.ok) return { kind: 'invalid', errors: validation.errors };
    const valid = validation.value;
    const seat = table?.seats.find((candidate) => (valid.playerId != null && candidate.player_id === valid.playerId) || candidate.name === valid.playerName) ?? null;
    const playerId = valid.playerId ?? seat?.player_id ?? null;
    const busy = unsettledFor(valid.playerName, playerId, null);
    if (busy !== null) return { kind: 'blocked', reason: `${valid.playerName} already has a ${busy.action} that is ${busy.state} (${busy.key}); it must settle first.` };
    const amountToConfirm = valid.amount ?? (valid.action === 'cash-out' ? seat?.stack ?? null : null);
    if (amountToConfirm !== null && amountToConfirm > config.largeAmountConfirm && !valid.confirmed) {
      return { kind: 'needs-confirmation', amount: amountToConfirm, threshold: config.largeAmountConfirm,
        message: `${amountToConfirm} is above ${config.largeAmountConfirm}: confirm to send.` };
    }
    return { kind: 'accepted', movement: await start(newMovement(valid, newIdempotencyKey(), now(), seat, null)) };
  }

  /**
   * Journals a new movement; when it can go now, the intent is its first record (one fdatasync before the send).
   * `beforeSend` writes whatever else must be durable before the first request leaves (a re-send's link).
   */
  async function start(fresh: Movement, beforeSend?: () => Promise<void>): Promise<Movement> {
    const sendNow = canAutoSend();
    const movement = sendNow ? reduceMovement(fresh, { type: 'send', at: now(), stack: stackAtSend(fresh), handNumber: table?.handNumber ?? null }) : fresh;
    await insert(movement, () => phase('intent-written', movement.key));
    await beforeSend?.();
    if (sendNow) phase('intent-synced', movement.key);
    schedule(movement.key);
    return movements.get(movement.key) ?? movement;
  }

  const missing = (key: string): CommandResult => ({ ok: false, reason: `No movement ${key}.` });

  const cashier: Cashier = {
    request,
    async sendNow(key) {
      const movement = movements.get(key);
      if (movement === undefined) return missing(key);
      if (isSettled(movement)) return { ok: false, reason: `It is already ${movement.state}.` };
      if (access === 'withdrawn') return { ok: false, reason: 'The venue withdrew access (401): set a working key first.' };
      if (inFlight.has(key)) return { ok: true, movement };
      void runAttempt(key, true);
      return { ok: true, movement: movements.get(key) ?? movement };
    },
    async cancel(key) {
      const movement = movements.get(key);
      if (movement === undefined) return missing(key);
      const blocker = inFlight.has(key) ? 'It is being sent right now.' : cancelBlocker(movement);
      if (blocker !== null) return { ok: false, reason: blocker };
      clearTimer(key);
      const next = await commit(key, { type: 'cancel', at: now() });
      return next === null ? missing(key) : { ok: true, movement: next };
    },
    async resolveInDoubt(key, choice) {
      const movement = movements.get(key);
      if (movement === undefined) return missing(key);
      if (choice === 'leave') {
        if (movement.state !== 'in-doubt') return { ok: false, reason: `It is ${movement.state}, not in doubt.` };
        const next = await commit(key, { type: 'leave-in-doubt', at: now() });
        return next === null ? missing(key) : { ok: true, movement: next };
      }
      if (access === 'withdrawn') return { ok: false, reason: 'The venue withdrew access (401): set a working key first.' };
      // Decide on a view read now, never on one from before.
      await gatherEvidence(key, true);
      const checked = movements.get(key) ?? movement;
      const blocker = sendAgainBlocker(checked);
      if (blocker !== null) return { ok: false, reason: blocker };
      // The re-send asks for exactly what the movement asked for, under a new key.
      const replacement = newMovement(checked, newIdempotencyKey(), now(), seatOf(checked), checked.key);
      // Both sides of the link change in memory in one synchronous step, so nothing (an event, the old key's
      // answer) can see the new movement without the old one's replacedBy. On disk the new movement is written
      // first; recovery re-links the old one if a crash falls in between.
      const linked = reduceMovement(checked, { type: 'replaced', at: now(), by: replacement.key });
      movements.set(key, linked);
      // The old movement's latest state is written (its key's answer may have landed meanwhile), never a stale one.
      const started = await start(replacement, async () => write(movements.get(key) ?? linked, { onWritten: undefined, durable: true }));
      return { ok: true, movement: movements.get(started.key) ?? started };
    },
    observeTable(input) {
      if (!takeTable(input)) return;
      for (const movement of movements.values()) if (movement.state === 'in-doubt') void gatherEvidence(movement.key);
    },
    observeTransactionApplied(payload) {
      const parsed = parseTransactionApplied(payload, now());
      if (parsed === null || closed) return;
      attribution.observe(parsed);
      for (const movement of movements.values()) if (movement.state === 'in-doubt') void gatherEvidence(movement.key);
    },
    observeAccess(next) {
      if (next === 'withdrawn') withdrawAccess();
      else if (access !== 'ok') {
        access = 'ok';
        accessEpoch += 1;
        changed();
        scheduleAll();
      }
    },
    snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    whenSettled(key) {
      const movement = movements.get(key);
      if (movement === undefined) return Promise.reject(new Error(`No movement ${key}.`));
      if (isSettled(movement)) return Promise.resolve(movement);
      return new Promise((resolve) => settledWaiters.set(key, [...(settledWaiters.get(key) ?? []), resolve]));
    },
    isBusy: () => journalWrites > 0,
    whenReady() {
      return ready ? Promise.resolve() : new Promise((resolve) => readyWaiters.push(resolve));
    },
    async compact(compactOptions) {
      const cutoff = compactOptions?.dropSettledBefore;
      const keep = [...movements.values()].filter((movement) => cutoff === undefined || !isSettled(movement) || (movement.settlement?.at ?? movement.updatedAt) >= cutoff);
      await journal.compact(keep);
      if (cutoff !== undefined) {
        const kept = new Set(keep.map((movement) => movement.key));
        for (const key of [...movements.keys()]) if (!kept.has(key)) movements.delete(key);
        changed();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      abort.abort();
      for (const key of [...retryTimers.keys()]) clearTimer(key);
      await journal.close();
    },
  };

  void recover().catch((error: unknown) => process.emitWarning(`cashier: recovery paused: ${error instanceof Error ? error.message : String(error)}`));
  return cashier;
}
