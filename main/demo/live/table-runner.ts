/**
 * Drives the steppable engine in real time: one commit every paceMs, a longer pause between hands, and the
 * switches the faults need (pause, hold between hands, host offline, deals blocked while the host handles money).
 */
import type { TableEngine } from '../engine/table-engine';

export interface TableRunnerOptions {
  readonly paceMs: number;
  readonly betweenHandsMs: number;
  readonly autoplay: boolean;
  /** Called when a step throws: the table stops rather than crash the server. */
  readonly onError: (error: unknown) => void;
}

export class TableRunner {
  private timer: NodeJS.Timeout | null = null;
  private paused: boolean;
  private hostOnline = true;
  private holdRequested = false;
  private held = false;
  private dealBlockers = 0;
  private closed = false;
  private handWaiters: { remaining: number; resolve: () => void }[] = [];
  private betweenWaiters: (() => void)[] = [];
  private holdWaiters: (() => void)[] = [];

  constructor(
    private readonly engine: TableEngine,
    private readonly options: TableRunnerOptions,
  ) {
    this.paused = !options.autoplay;
    this.schedule(0);
  }

  /** Stops after the current commit. */
  pause(): void {
    this.paused = true;
    this.clearTimer();
  }

  /** Undoes pause() and holdBetweenHands(). */
  resume(): void {
    this.paused = false;
    this.holdRequested = false;
    this.held = false;
    this.schedule(this.options.paceMs);
  }

  /** Finishes the current hand, then holds between hands. */
  holdBetweenHands(): Promise<void> {
    this.holdRequested = true;
    if (this.engine.betweenHands) {
      this.held = true;
      this.clearTimer();
      return Promise.resolve();
    }
    return new Promise((resolve) => this.holdWaiters.push(resolve));
  }

  setHostOnline(online: boolean): void {
    this.hostOnline = online;
    if (online) this.schedule(this.options.paceMs);
    else this.clearTimer();
  }

  get isHostOnline(): boolean {
    return this.hostOnline;
  }

  /** No new hand starts until the returned release is called (the host is applying a movement). */
  blockDeals(): () => void {
    this.dealBlockers += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.dealBlockers -= 1;
      if (this.dealBlockers === 0) this.schedule(this.options.paceMs);
    };
  }

  waitForHands(count: number): Promise<void> {
    if (count <= 0) return Promise.resolve();
    return new Promise((resolve) => this.handWaiters.push({ remaining: count, resolve }));
  }

  waitForBetweenHands(): Promise<void> {
    if (this.engine.betweenHands) return Promise.resolve();
    return new Promise((resolve) => this.betweenWaiters.push(resolve));
  }

  close(): void {
    this.closed = true;
    this.clearTimer();
  }

  private canRun(): boolean {
    return !this.closed && !this.paused && this.hostOnline && !this.held;
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delayMs: number): void {
    if (!this.canRun()) return;
    this.clearTimer();
    this.timer = setTimeout(() => this.tick(), delayMs);
  }

  private tick(): void {
    this.timer = null;
    if (!this.canRun()) return;
    if (this.engine.betweenHands && this.dealBlockers > 0) return;
    let committed: boolean;
    try {
      committed = this.engine.step();
    } catch (error) {
      this.paused = true;
      this.options.onError(error);
      return;
    }
    if (!this.engine.betweenHands) {
      this.schedule(this.options.paceMs);
      return;
    }
    if (committed) this.handEnded();
    if (this.holdRequested) {
      this.held = true;
      for (const resolve of this.holdWaiters.splice(0)) resolve();
      return;
    }
    this.schedule(this.options.betweenHandsMs);
  }

  private handEnded(): void {
    for (const resolve of this.betweenWaiters.splice(0)) resolve();
    this.handWaiters = this.handWaiters.filter((waiter) => {
      waiter.remaining -= 1;
      if (waiter.remaining > 0) return true;
      waiter.resolve();
      return false;
    });
  }
}
