/**
 * What the live stream proves it delivered, in time and in positions (README "Coverage in positions"): since when
 * the current connection delivered every change without a break, up to which answered ping every frame arrived,
 * and after which seq of which `run` (a local name of the venue's seq counter) every event was delivered. The keeper
 * tells it what happened to the stream; it keeps the stretch and says nothing about tables or sockets.
 */
import { randomUUID } from 'node:crypto';
import type { KeeperCoverage, StretchStart } from './live-keeper-types';
import type { ReplayFrame } from './schemas-live';

/** One keeper's unbroken stretch of the stream, and the one a closed connection leaves to carry on. */
export class CoverageTracker {
  /**
   * Since when this connection delivered every change without a break (its state frame, or the last heal); null
   * while it is not. A reconnect or a partly read event ends it: changes in between may be unseen.
   */
  private unbrokenFrom: number | null = null;
  /** The send time of the newest ping answered on the unbroken stream: every frame sent before it has arrived. */
  private deliveredUpTo: number | null = null;
  /** Send times of the pings not yet answered, oldest first (pongs come back in order). */
  private pingTimes: number[] = [];
  /**
   * The unbroken stretch a closed connection had: a reconnect whose replay is complete (no gap, no reset) continues
   * it, since every event in between was replayed; anything else starts a new stretch at its state frame.
   */
  private carriedFrom: number | null = null;
  /**
   * A local name for the venue's current seq counter: a new one whenever the counter restarted (a reset replay, a
   * seq or hand_number regression, a replay that skipped hands) or continuity with the previous one cannot be proven
   * (no saved place, or one without a seq); saved with the cursor.
   */
  private runName: string = randomUUID();
  /** In `run`, every event after this seq was delivered on the unbroken stretch; null while unknown or broken. */
  private unbrokenAfterSeq: number | null = null;
  /** The stretch's first position is the seq just before its first event (it began without a replay to say it). */
  private positionPending = false;
  /** How the current stretch began. */
  private stretchStart: StretchStart = 'connected';
  /** The position of the stretch a closed connection had (see carriedFrom). */
  private carriedAfterSeq: number | null = null;

  /** The local name of the venue's seq counter the positions belong to. */
  get run(): string {
    return this.runName;
  }

  /** The coverage at stream position `seq`, as published. */
  at(seq: number | null): KeeperCoverage {
    return {
      unbrokenSince: this.unbrokenFrom,
      deliveredThrough: this.deliveredUpTo,
      run: this.runName,
      seq,
      unbrokenAfter: this.unbrokenAfterSeq,
      stretchStart: this.stretchStart,
    };
  }

  /** The saved place's run name: its positions continue the counter it was saved with. */
  restoreRun(run: string): void {
    this.runName = run;
  }

  /** The venue's counter is not (provably) the one the positions belonged to: a new run from here. */
  newRun(): void {
    this.runName = randomUUID();
  }

  /** The table is known to be behind the venue (a regression, a partly read event): no longer "caught up". */
  end(): void {
    this.unbrokenFrom = null;
    this.carriedFrom = null;
    this.unbrokenAfterSeq = null;
    this.carriedAfterSeq = null;
    this.positionPending = false;
    this.deliveredUpTo = null;
    this.pingTimes = [];
  }

  /**
   * The connection closed; the stretch it had is carried for the next one. A connection that never had its state
   * frame delivered nothing: the stretch before it is still the one to carry.
   */
  connectionClosed(hadStateFrame: boolean): void {
    const carried = hadStateFrame ? this.unbrokenFrom : this.carriedFrom;
    const carriedAfter = hadStateFrame ? this.unbrokenAfterSeq : this.carriedAfterSeq;
    this.end();
    this.carriedFrom = carried;
    this.carriedAfterSeq = carriedAfter;
  }

  /**
   * A connection's state frame at `at`: a new stretch from then (the carried one kept for its replay to continue).
   * With since_seq its replay envelope says where the stretch starts; without, its first event does.
   */
  begin(at: number, sentCursor: boolean): void {
    const carried = this.carriedFrom;
    const carriedAfter = this.carriedAfterSeq;
    this.end();
    this.carriedFrom = carried;
    this.carriedAfterSeq = carriedAfter;
    this.unbrokenFrom = at;
    if (!sentCursor) this.startAt(null, 'connected');
  }

  /**
   * Where the stretch begun by this connection's state frame starts in the stream. A complete replay from our cursor
   * delivered every event since the last connection: the stretch that connection had goes on (or, with none in this
   * process, starts at the cursor the replay continued). After an incomplete or reset replay it starts at the newest
   * replayed seq (the state frame's), or just before the first event when the venue's buffer was empty. The carried
   * stretch is used up either way.
   */
  replayed(frame: ReplayFrame, complete: boolean, sentSince: number | null): void {
    this.placeReplay(frame, complete, sentSince);
    this.carriedFrom = null;
    this.carriedAfterSeq = null;
  }

  private placeReplay(frame: ReplayFrame, complete: boolean, sentSince: number | null): void {
    if (this.unbrokenFrom === null) return;
    if (!complete) {
      // Never before our own cursor in the same run: those events were not delivered on this stretch.
      const newest = frame.newest_seq;
      const floor = frame.reset ? null : sentSince;
      const after = newest === null || floor === null ? newest : Math.max(newest, floor);
      this.startAt(after, frame.reset ? 'engine-reset' : 'incomplete-replay');
      return;
    }
    if (this.carriedFrom !== null) this.unbrokenFrom = this.carriedFrom;
    this.startAt(this.carriedAfterSeq ?? sentSince, 'continued');
  }

  /** An applied event at `seq`: the first of a stretch that began without a replay places it. */
  eventDelivered(seq: number): void {
    if (!this.positionPending) return;
    this.positionPending = false;
    if (this.unbrokenFrom !== null) this.unbrokenAfterSeq = seq - 1;
  }

  /** The first event after a complete replay skipped hands at `seq`: continuity holds only from here, in a new run. */
  handsSkipped(at: number, seq: number): void {
    this.newRun();
    if (this.unbrokenFrom === null) return;
    this.unbrokenFrom = at;
    this.startAt(seq - 1, 'hands-skipped');
  }

  /**
   * A reading replaced the table at `at`: changes before it may never have been seen one by one. An event that
   * could not be read at all has no seq to go by: the stretch starts just before the next one.
   */
  healed(at: number): void {
    this.end();
    this.unbrokenFrom = at;
    this.startAt(null, 'healed');
  }

  /** A ping left at `at`. */
  pingSent(at: number): void {
    this.pingTimes.push(at);
  }

  /** A pong came back: the send time it proves delivered on this stretch, or null when it proves nothing new. */
  pongReceived(): number | null {
    const sent = this.pingTimes.shift();
    if (sent === undefined || this.unbrokenFrom === null || sent < this.unbrokenFrom) return null;
    this.deliveredUpTo = sent;
    return sent;
  }

  /** The unbroken stretch starts after `seq` (null: just before the next event). */
  private startAt(seq: number | null, how: StretchStart): void {
    this.unbrokenAfterSeq = seq;
    this.positionPending = seq === null;
    this.stretchStart = how;
  }
}
