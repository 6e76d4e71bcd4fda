/**
 * Answers the venue gave that the journal could not take because the disk was full. The venue has acted on them
 * (an applied buy-in is money on the table), so they are never dropped: each is held in memory, shown on its
 * movement, and journaled as soon as the disk takes it: on a timer with backoff, and at once whenever any durable
 * write lands (the disk has room again). Until then its movement stays "in flight": no other attempt starts, and
 * nothing is decided on the journal's older state.
 */
import type { TransactionAttempt } from '../venue/transaction';
import type { CashierTimers } from './api';
import { isDiskFull } from '../storage/disk-space';

/** First retry after this long; doubled per failure up to MAX_RETRY_MS. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

interface Held {
  readonly outcome: TransactionAttempt;
  /** When the answer arrived (the journaled attempt keeps this time, not the time it was finally written). */
  readonly at: number;
  /** The access epoch the request went out in (a 401 to an older one says nothing about the current key). */
  readonly epoch: number;
  failures: number;
  timer: unknown;
  saving: boolean;
}

export interface UnsavedAnswersDeps {
  readonly timers: CashierTimers;
  /** Journals the answer (the attempt event); rejects as the journal does. */
  readonly save: (key: string, outcome: TransactionAttempt, at: number) => Promise<void>;
  /** The answer is journaled: the sender carries on with the movement as after any journaled answer. */
  readonly saved: (key: string, answer: { readonly outcome: TransactionAttempt; readonly epoch: number }) => void;
  /** The set of held answers changed (the snapshot shows them). */
  readonly changed: () => void;
  readonly signal: AbortSignal;
}

/** What a held answer said, in words. */
function answerWords(outcome: TransactionAttempt): string {
  if (outcome.kind !== 'answered') return 'The venue did not answer.';
  const { kind } = outcome.answer;
  if (kind === 'applied') return 'The venue answered: applied.';
  return kind === 'refused' || kind === 'unreadable'
    ? 'The venue answered: not applied.'
    : 'The venue answered: refused or not now.';
}

export class UnsavedAnswers {
  private readonly held = new Map<string, Held>();

  constructor(private readonly deps: UnsavedAnswersDeps) {
    deps.signal.addEventListener('abort', () => this.clearAll(), { once: true });
  }

  /** Keeps an answer the journal refused for a full disk, and starts retrying it. */
  hold(key: string, outcome: TransactionAttempt, at: number, epoch: number): void {
    this.held.set(key, { outcome, at, epoch, failures: 0, timer: null, saving: false });
    this.later(key);
    this.deps.changed();
  }

  /** The sentence its card shows, or null when nothing is held for it. */
  reason(key: string): string | null {
    const held = this.held.get(key);
    return held === undefined ? null : `${answerWords(held.outcome)} Not yet saved on this PC: the disk is full.`;
  }

  /** The disk took a write: try every held answer now. */
  retryAll(): void {
    for (const key of this.held.keys()) void this.retry(key);
  }

  clearAll(): void {
    for (const held of this.held.values()) if (held.timer !== null) this.deps.timers.clearTimeout(held.timer);
    this.held.clear();
  }

  private later(key: string): void {
    const held = this.held.get(key);
    if (held === undefined || this.deps.signal.aborted) return;
    if (held.timer !== null) this.deps.timers.clearTimeout(held.timer);
    const ms = Math.min(FIRST_RETRY_MS * 2 ** held.failures, MAX_RETRY_MS);
    held.timer = this.deps.timers.setTimeout(() => {
      held.timer = null;
      void this.retry(key);
    }, ms);
  }

  private async retry(key: string): Promise<void> {
    const held = this.held.get(key);
    if (held === undefined || held.saving || this.deps.signal.aborted) return;
    held.saving = true;
    try {
      await this.deps.save(key, held.outcome, held.at);
    } catch (error) {
      held.saving = false;
      held.failures += 1;
      if (!isDiskFull(error) && !this.deps.signal.aborted)
        process.emitWarning(
          `cashier: answer for ${key} not yet saved: ${error instanceof Error ? error.message : String(error)}`,
        );
      this.later(key);
      return;
    }
    if (held.timer !== null) this.deps.timers.clearTimeout(held.timer);
    this.held.delete(key);
    this.deps.changed();
    this.deps.saved(key, { outcome: held.outcome, epoch: held.epoch });
  }
}
