/**
 * The venue's host machine as the service sees it: it receives a movement, applies it to the table after its
 * answer latency, and answers. The timeout faults make it late (or silent) in the ways a real host can be: late
 * after applying, applying late, never answering, applying but losing its answer until released, holding a spent
 * movement until released before applying it, and holding a movement for a long time before applying it.
 */
import type { DemoTimeoutMode } from '../api';
import type { HostAnswer, MovementRequest } from '../engine/movements';
import { TimerSet } from './timer-set';

export interface HostOptions {
  answerLatencyMs: number;
  /** How long the service waits: a faulted answer lands after it. */
  readonly serviceTimeoutMs: () => number;
  /** Applies the movement to the table (between hands). */
  readonly apply: (idempotencyKey: string, request: MovementRequest) => HostAnswer;
  /** Holds the next deal while a movement waits to be applied; returns the release. */
  readonly blockDeals: () => () => void;
}

/** What the service holds after forwarding: the answer arrives some time later, or never. */
export interface Forwarded {
  readonly answer: Promise<HostAnswer>;
  /**
   * The service never gives up on this one (a slow host): when its wait runs out it neither answers 504 nor spends
   * the key; the key stays in_progress until the host answers.
   */
  readonly serviceKeepsWaiting: boolean;
}

type HostFault =
  { readonly mode: DemoTimeoutMode; readonly lateMs: number } | { readonly mode: 'slow'; readonly holdMs: number };

const DEFAULT_LATE_MS = 250;

export class HostMachine {
  private readonly faults: HostFault[] = [];
  private readonly timers = new TimerSet();
  /** Answers the host produced but lost, waiting for releaseLostAnswers(). */
  private readonly lostAnswers: (() => void)[] = [];

  constructor(private readonly options: HostOptions) {}

  setAnswerLatency(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new Error(`latency must be >= 0 ms, got ${ms}`);
    this.options.answerLatencyMs = ms;
  }

  timeoutNext(count: number, mode: DemoTimeoutMode, lateMs = DEFAULT_LATE_MS): void {
    if (!Number.isInteger(count) || count < 0) throw new Error(`count must be a non-negative integer, got ${count}`);
    for (let i = 0; i < count; i += 1) this.faults.push({ mode, lateMs });
  }

  slowNext(count: number, holdMs: number): void {
    if (!Number.isInteger(count) || count < 0) throw new Error(`count must be a non-negative integer, got ${count}`);
    if (!Number.isInteger(holdMs) || holdMs < 0 || holdMs > 3_600_000)
      throw new Error(`holdMs must be an integer from 0 to 3600000, got ${holdMs}`);
    for (let i = 0; i < count; i += 1) this.faults.push({ mode: 'slow', holdMs });
  }

  /** Every lost answer lands now, and every held movement is applied now (the keys settle with what the host did). */
  releaseLostAnswers(): void {
    for (const land of this.lostAnswers.splice(0)) land();
  }

  forward(idempotencyKey: string, request: MovementRequest): Forwarded {
    const fault = this.faults.shift();
    const latency = this.options.answerLatencyMs;
    // A faulted answer lands lateMs after the service has already given up.
    const lateAt = (lateMs: number): number => this.options.serviceTimeoutMs() + lateMs;
    if (fault?.mode === 'never')
      return { answer: new Promise<HostAnswer>(() => undefined), serviceKeepsWaiting: false };
    const release = this.options.blockDeals();
    const answer = new Promise<HostAnswer>((resolve) => {
      if (fault?.mode === 'slow') {
        this.timers.after(fault.holdMs, () => {
          release();
          resolve(this.options.apply(idempotencyKey, request));
        });
      } else if (fault?.mode === 'applied-answer-lost') {
        this.timers.after(latency, () => {
          release();
          const applied = this.options.apply(idempotencyKey, request);
          this.lostAnswers.push(() => resolve(applied));
        });
      } else if (fault?.mode === 'apply-on-release') {
        this.lostAnswers.push(() => {
          release();
          resolve(this.options.apply(idempotencyKey, request));
        });
      } else if (fault === undefined) {
        this.timers.after(latency, () => {
          release();
          resolve(this.options.apply(idempotencyKey, request));
        });
      } else if (fault.mode === 'applied-answer-late') {
        this.timers.after(latency, () => {
          release();
          const applied = this.options.apply(idempotencyKey, request);
          this.timers.after(Math.max(0, lateAt(fault.lateMs) - latency), () => resolve(applied));
        });
      } else {
        this.timers.after(lateAt(fault.lateMs), () => {
          release();
          resolve(this.options.apply(idempotencyKey, request));
        });
      }
    });
    return { answer, serviceKeepsWaiting: fault?.mode === 'slow' };
  }

  close(): void {
    this.timers.clear();
    this.lostAnswers.length = 0;
  }
}
