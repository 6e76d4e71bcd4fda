/**
 * The live event stream of one venue: numbers events (seq strictly increasing per engine run), keeps the bounded
 * replay window, and answers since_seq catch-ups with the envelope's complete/reset flags.
 */

export interface EventFrame {
  readonly type: 'event';
  readonly seq: number;
  readonly ts: number;
  readonly kind: string;
  readonly payload: Record<string, unknown>;
}

export interface ReplayEnvelope {
  readonly type: 'replay';
  readonly since_seq: number;
  readonly count: number;
  readonly complete: boolean;
  readonly reset: boolean;
  readonly oldest_seq: number | null;
  readonly newest_seq: number | null;
  readonly window: number;
}

export interface Catchup {
  readonly envelope: ReplayEnvelope;
  readonly events: readonly EventFrame[];
}

export class EventFeed {
  private buffer: EventFrame[] = [];
  private lastSeq = 0;
  private run = 1;
  private readonly listeners = new Set<(frame: EventFrame) => void>();

  /** @param window replay capacity; @param now Unix milliseconds */
  constructor(
    readonly window: number,
    private readonly now: () => number,
  ) {
    if (!Number.isInteger(window) || window < 1)
      throw new Error(`replayWindow must be a positive integer, got ${window}`);
  }

  get seq(): number {
    return this.lastSeq;
  }

  get engineRun(): number {
    return this.run;
  }

  /** Numbers, buffers and broadcasts one event. */
  publish(kind: string, payload: Record<string, unknown>): EventFrame {
    this.lastSeq += 1;
    // Unix seconds with milliseconds, like every time on the live plane.
    const frame: EventFrame = { type: 'event', seq: this.lastSeq, ts: this.now() / 1000, kind, payload };
    this.buffer.push(frame);
    if (this.buffer.length > this.window) this.buffer.splice(0, this.buffer.length - this.window);
    for (const listener of this.listeners) listener(frame);
    return frame;
  }

  subscribe(listener: (frame: EventFrame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A new engine process: the counter starts again and the old process's memory (its buffer) is gone. */
  restart(): void {
    this.run += 1;
    this.lastSeq = 0;
    this.buffer = [];
  }

  /** Forgets every buffered event. */
  evict(): void {
    this.buffer = [];
  }

  /**
   * The catch-up for a client that last saw `sinceSeq` of engine run `cursorRun` (undefined when unknown). A cursor
   * of another run, or above this run's counter (which cannot be this run's), is a previous run's: reset, the whole
   * window. complete is true only when the buffer still holds every event after the cursor; an empty buffer after
   * eviction proves nothing.
   */
  catchup(sinceSeq: number, cursorRun?: number): Catchup {
    const oldest = this.buffer[0]?.seq ?? null;
    const newest = this.buffer.at(-1)?.seq ?? null;
    const reset = (cursorRun !== undefined && cursorRun !== this.run) || sinceSeq > this.lastSeq;
    const events = reset ? [...this.buffer] : this.buffer.filter((frame) => frame.seq > sinceSeq);
    let complete: boolean;
    if (reset) complete = false;
    else if (oldest === null) complete = this.lastSeq === 0;
    else complete = sinceSeq >= oldest - 1;
    return {
      envelope: {
        type: 'replay',
        since_seq: sinceSeq,
        count: events.length,
        complete,
        reset,
        oldest_seq: oldest,
        newest_seq: newest,
        window: this.window,
      },
      events,
    };
  }
}
