/**
 * Sending: one attempt at a time per movement, always under the movement's own key, and the timer that decides
 * when the next one goes. The rules live in the pure modules (machine, outcome, policy); this file only runs them.
 */
import type { TransactionAttempt, TransactionRequest } from '../venue/transaction';
import type { CashierPhase, CashierTimers, CashierTransport } from './api';
import { delayFor, type RetryBounds } from './backoff';
import { isSettled, reduceMovement, type MovementEvent } from './machine';
import type { MovementStore } from './movement-store';
import { sendingFacts, type SendingFacts } from './evidence';
import { mustWithdraw, partnerKey } from './policy';
import type { TableWatch } from './table-watch';
import type { IntentPosition, Movement, TableObservation } from './types';
import { UnsavedAnswers } from './unsaved-answers';
import { isDiskFull } from '../storage/disk-space';

/** setTimeout fires at once beyond this (about 24.8 days): never hand it more. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface SenderDeps {
  readonly store: MovementStore;
  readonly commit: (key: string, event: MovementEvent, onWritten?: () => void) => Promise<Movement | null>;
  readonly transport: CashierTransport;
  readonly watch: TableWatch;
  readonly timers: CashierTimers;
  readonly random: () => number;
  readonly retry: RetryBounds;
  readonly queuedRetryMs: number;
  readonly now: () => number;
  /** Where the live stream stands now, journaled with an intent (stream-position.ts). */
  readonly position: () => IntentPosition | null;
  readonly phase: (phase: CashierPhase, key: string) => void;
  readonly signal: AbortSignal;
  readonly accessOk: () => boolean;
  /** Whether a damaged record of the books names this movement: nothing is sent for it until a person looks. */
  readonly recordDamaged: (key: string) => boolean;
  /** Which access epoch a request went out in: a 401 to an older one says nothing about the current key. */
  readonly accessEpoch: () => number;
  readonly withdrawAccess: () => void;
  /** After each attempt's outcome is journaled: partners, evidence. */
  readonly afterAttempt: (key: string) => Promise<void>;
  /** Answers held for a full disk changed (the snapshot shows them). */
  readonly unsavedChanged: () => void;
}

export interface Sender {
  /**
   * Whether a queued movement may leave now without being pressed: access works and the table is not mid-hand.
   * `stream`: the newest pushed view when the caller already holds it (read from the table watch otherwise).
   */
  canAutoSend(stream?: TableObservation | null): boolean;
  /**
   * The event that journals a new movement leaving at once, on the reading its caller took (`reading`); null when
   * it may not leave without being pressed (it is journaled queued).
   */
  leavesAtOnce(reading: StartReading): MovementEvent | null;
  /**
   * Starts a new movement: journals it (when it can go now, the intent is its first record: one fdatasync before the
   * send), then sends it or queues it. `link` writes whatever else must be durable before the first request leaves
   * (a re-send's link).
   */
  start(fresh: Movement, reading: StartReading, link?: () => Promise<unknown>): Promise<Movement>;
  /** One attempt now (`forced`: even while queued or the table is mid-hand). */
  runAttempt(key: string, forced: boolean): Promise<void>;
  /** Decides when the movement's next attempt goes. */
  schedule(key: string): void;
  scheduleAll(): void;
  isInFlight(key: string): boolean;
  /**
   * Holds the movement as if an attempt were under way (so none starts) while the caller journals something that
   * must not race an attempt, like a cancel; null when an attempt is already under way. Call the result to release.
   */
  hold(key: string): (() => void) | null;
  clear(key: string): void;
  clearAll(): void;
  /** Why its answer is held in memory (the disk was full when it arrived), in words; null when none is. */
  unsavedAnswer(key: string): string | null;
  /** The disk took a write: journal every held answer now, and try every unsettled movement again. */
  diskTakesWrites(): void;
}

/** The reading a new movement starts on, taken once by its caller and handed down. */
export interface StartReading {
  /** The newest pushed view: whether the movement may leave at once (not mid-hand). */
  readonly stream: TableObservation | null;
  /** The stack and hand number it leaves with, should it leave at once (evidence.ts `seatReading`/`sendingFacts`). */
  readonly leaving: SendingFacts;
}

function requestBody(movement: Movement): TransactionRequest {
  return {
    player_name: movement.playerName,
    idempotency_key: movement.key,
    ...(movement.amount !== null ? { amount: movement.amount } : {}),
    ...(movement.action === 'cash-out' ? { close_session: movement.closeSession } : {}),
  };
}

/**
 * Per movement: its timer, whether an attempt (or a hold) is under way, and whether the host's answer just said
 * applied. Each method is one step of sending; the rules it runs are the pure modules'.
 */
class MovementSender implements Sender {
  private readonly timers = new Map<string, unknown>();
  private readonly inFlight = new Set<string>();
  /**
   * Keys whose host answer says applied, from the moment it arrives until it is journaled. The host has applied
   * them already; a re-send partner about to leave must not wait for that write to learn it.
   */
  private readonly answeredApplied = new Set<string>();
  /** Answers the journal refused for a full disk; their movements stay in flight until they are journaled. */
  private readonly unsaved: UnsavedAnswers;

  constructor(private readonly deps: SenderDeps) {
    this.unsaved = new UnsavedAnswers({
      timers: deps.timers,
      signal: deps.signal,
      changed: deps.unsavedChanged,
      save: async (key, outcome, at) => {
        await deps.commit(key, { type: 'attempt', at, attempt: outcome });
      },
      saved: (key, answer) => void this.answerSaved(key, answer),
    });
  }

  unsavedAnswer(key: string): string | null {
    return this.unsaved.reason(key);
  }

  diskTakesWrites(): void {
    this.unsaved.retryAll();
    this.scheduleAll();
  }

  canAutoSend(stream: TableObservation | null = this.deps.watch.stream()): boolean {
    return this.deps.accessOk() && stream?.betweenHands !== false;
  }

  leavesAtOnce(reading: StartReading): MovementEvent | null {
    return this.canAutoSend(reading.stream) ? this.sendEvent(reading.leaving) : null;
  }

  async start(fresh: Movement, reading: StartReading, link?: () => Promise<unknown>): Promise<Movement> {
    const { store, phase } = this.deps;
    const leaves = this.leavesAtOnce(reading);
    const movement = leaves === null ? fresh : reduceMovement(fresh, leaves);
    await store.exclusive(movement.key, () =>
      store.put(movement, { durable: true, onWritten: () => phase('intent-written', movement.key) }),
    );
    await link?.();
    if (leaves !== null) phase('intent-synced', movement.key);
    this.schedule(movement.key);
    return store.get(movement.key) ?? movement;
  }

  private sendEvent(leaving: SendingFacts): MovementEvent {
    const { stack, handNumber } = leaving;
    return { type: 'send', at: this.deps.now(), stack, handNumber, position: this.deps.position() };
  }

  private blocked(movement: Movement | undefined): movement is undefined {
    return (
      movement === undefined ||
      this.deps.signal.aborted ||
      isSettled(movement) ||
      this.inFlight.has(movement.key) ||
      !this.deps.accessOk() ||
      this.deps.recordDamaged(movement.key)
    );
  }

  clear(key: string): void {
    const handle = this.timers.get(key);
    if (handle !== undefined) this.deps.timers.clearTimeout(handle);
    this.timers.delete(key);
  }

  clearAll(): void {
    for (const key of [...this.timers.keys()]) this.clear(key);
  }

  private later(key: string, ms: number): void {
    this.clear(key);
    this.timers.set(
      key,
      this.deps.timers.setTimeout(
        () => {
          this.timers.delete(key);
          void this.runAttempt(key, false);
        },
        Math.min(Math.max(0, ms), MAX_TIMER_MS),
      ),
    );
  }

  /** Whether this movement's re-send partner applied while it never reached the host (then it must never leave). */
  private partnerAppliedFirst(movement: Movement): boolean {
    const partner = partnerKey(movement);
    if (partner === null) return false;
    if (this.answeredApplied.has(partner)) return !isSettled(movement) && !movement.mayHaveReachedHost;
    return mustWithdraw(movement, this.deps.store.get(partner));
  }

  /** Withdraws a movement whose re-send partner applied while it never reached the host. True when it did. */
  private async withdrawIfPartnerApplied(movement: Movement): Promise<boolean> {
    const partner = partnerKey(movement);
    if (partner === null || !this.partnerAppliedFirst(movement)) return false;
    this.clear(movement.key);
    await this.deps.commit(movement.key, { type: 'withdraw', at: this.deps.now(), partner });
    return true;
  }

  schedule(key: string): void {
    const { deps } = this;
    const movement = deps.store.get(key);
    if (this.blocked(movement)) return;
    if (movement.state === 'queued') {
      this.clear(key);
      const lastAnswer = movement.attempts[movement.attempts.length - 1];
      if (deps.watch.stream() === null) this.later(key, deps.queuedRetryMs);
      // The venue said a hand is in progress though our view says between hands (the view lags): back off until
      // the view next moves into between-hands, instead of hammering the venue.
      else if (lastAnswer?.errorCode === 'hand_in_progress')
        this.later(
          key,
          delayFor(
            { reason: 'in_progress', delay: { kind: 'backoff', step: lastAnswer.count } },
            deps.retry,
            deps.random(),
          ),
        );
      else if (this.canAutoSend()) void this.runAttempt(key, false);
      return;
    }
    if (movement.next === null) {
      void this.runAttempt(key, false);
      return;
    }
    this.later(key, delayFor(movement.next, deps.retry, deps.random()));
  }

  scheduleAll(): void {
    for (const movement of this.deps.store.values()) if (!isSettled(movement)) this.schedule(movement.key);
  }

  /** Journals the intent when the movement leaves the queue (stack and hand from a view that can vouch for them). */
  private async leaveQueue(movement: Movement): Promise<Movement | null> {
    if (movement.state !== 'queued') return movement;
    const { deps } = this;
    const leaving = sendingFacts(movement, deps.watch.stream(), deps.watch.freshness.isStale(movement));
    const sent = await deps.commit(movement.key, this.sendEvent(leaving), () =>
      deps.phase('intent-written', movement.key),
    );
    deps.phase('intent-synced', movement.key);
    return sent;
  }

  /** Sends one attempt and journals its answer: 'held' when the disk was full (the answer waits in memory). */
  private async attempt(movement: Movement): Promise<'journaled' | 'held'> {
    const { deps } = this;
    const epoch = deps.accessEpoch();
    const pending = deps
      .transport(movement.action, requestBody(movement), deps.signal)
      .catch((error: unknown): TransactionAttempt => ({
        kind: 'no-response',
        phase: 'unknown',
        message: error instanceof Error ? error.message : String(error),
      }));
    deps.phase('request-sent', movement.key);
    const outcome = await pending;
    // The answer as the edge read it (venue/transaction-answer.ts): the host's applied answer, never re-read here.
    if (outcome.kind === 'answered' && outcome.answer.kind === 'applied') this.answeredApplied.add(movement.key);
    deps.phase('answer-received', movement.key);
    if (deps.signal.aborted) return 'journaled';
    const at = deps.now();
    try {
      await deps.commit(movement.key, { type: 'attempt', at, attempt: outcome });
    } catch (error) {
      // The venue acted on it: a full disk holds the answer in memory until the journal takes it (still applied).
      if (isDiskFull(error) && !deps.signal.aborted) {
        this.unsaved.hold(movement.key, outcome, at, epoch);
        return 'held';
      }
      this.answeredApplied.delete(movement.key);
      throw error;
    }
    this.answeredApplied.delete(movement.key);
    await this.afterJournaled(movement.key, outcome, epoch);
    return 'journaled';
  }

  private async afterJournaled(key: string, outcome: TransactionAttempt, epoch: number): Promise<void> {
    const { deps } = this;
    deps.phase('answer-journaled', key);
    if (outcome.kind === 'answered' && outcome.status === 401 && epoch === deps.accessEpoch()) deps.withdrawAccess();
    await deps.afterAttempt(key);
  }

  /** A held answer is journaled at last: carry on as after any journaled answer, then release the movement. */
  private async answerSaved(key: string, saved: { outcome: TransactionAttempt; epoch: number }): Promise<void> {
    this.answeredApplied.delete(key);
    try {
      await this.afterJournaled(key, saved.outcome, saved.epoch);
      const after = this.deps.store.get(key);
      if (after !== undefined) await this.withdrawIfPartnerApplied(after);
    } catch (error) {
      this.paused(key, error);
    } finally {
      this.inFlight.delete(key);
    }
    this.schedule(key);
  }

  private paused(key: string, error: unknown): void {
    if (!this.deps.signal.aborted)
      process.emitWarning(`cashier: movement ${key} paused: ${error instanceof Error ? error.message : String(error)}`);
  }

  async runAttempt(key: string, forced: boolean): Promise<void> {
    const { deps } = this;
    const current = deps.store.get(key);
    if (this.blocked(current)) return;
    if (current.state === 'queued' && !forced && !this.canAutoSend()) return;
    this.clear(key);
    this.inFlight.add(key);
    let held = false;
    try {
      if (await this.withdrawIfPartnerApplied(current)) return;
      const left = await this.leaveQueue(current);
      // Journaling the intent took time: the movement may have been cancelled, withdrawn or settled meanwhile, or
      // its partner may have applied. Look again, and decide in the same synchronous step that calls the transport.
      const movement = left === null ? undefined : deps.store.get(key);
      if (movement === undefined || deps.signal.aborted || isSettled(movement) || movement.state === 'queued') return;
      if (this.partnerAppliedFirst(movement)) {
        await this.withdrawIfPartnerApplied(movement);
        return;
      }
      held = (await this.attempt(movement)) === 'held';
      if (held) return;
      const after = deps.store.get(key);
      if (after !== undefined) await this.withdrawIfPartnerApplied(after);
    } catch (error) {
      // The journal failed (closed, or full before the request left: nothing was sent). Stop this movement here;
      // the disk taking writes again tries it once more, and its last journaled state resumes on restart.
      this.paused(key, error);
      return;
    } finally {
      // A held answer keeps its movement in flight until the journal takes it.
      if (!held) this.inFlight.delete(key);
    }
    this.schedule(key);
  }

  isInFlight(key: string): boolean {
    return this.inFlight.has(key);
  }

  hold(key: string): (() => void) | null {
    if (this.inFlight.has(key)) return null;
    this.inFlight.add(key);
    this.clear(key);
    return () => this.inFlight.delete(key);
  }
}

export function createSender(deps: SenderDeps): Sender {
  return new MovementSender(deps);
}
