/**
 * The live keeper's intake: what each socket message does to the stream's place and the table. A message is read
 * once into a typed frame (live-frames.ts); the connection's state frame starts its stream, the replay envelope says
 * where the catch-up begins and whether it is whole, and each event is placed against the cursor (live-cursor.ts)
 * and any heal reading before it is applied. A seq or hand_number going backwards outside the replay ends the
 * connection; an event not read whole heals the table. The socket itself is the keeper's (live-keeper.ts).
 */
import { VenueProtocolError } from './errors';
import type { CoverageTracker } from './live-coverage';
import {
  handsSkipped,
  INITIAL_CURSOR,
  onConnectionOpened,
  onEvent,
  onNewRunDetected,
  onReplay,
  regressionOf,
  resumeSeq,
  type LiveCursor,
} from './live-cursor';
import { readFrameText, type ParsedFrame } from './live-frames';
import type { KeeperHealing } from './live-healing';
import type { KeeperUpdate } from './live-keeper-types';
import type { LiveEvent, ReplayFrame, StateFrame } from './schemas-live';
import { unplaceableStackChange } from './table-stack-events';
import type { TableInput, TableState } from './table-types';

/** A frame read as one event (with what was left out of it to read it, if anything). */
type EventFrame = Extract<ParsedFrame, { readonly type: 'event' }>;

/** What the intake needs of the keeper it serves. */
export interface IntakeHost {
  table(): TableState;
  applyTable(input: TableInput): void;
  emit(update: KeeperUpdate): void;
  /** The place to save changed (the cursor moved). */
  markDirty(): void;
  /** Ends the current connection; the keeper reconnects. */
  terminate(): void;
  /** The table is known to be behind the venue: no longer caught up. */
  notCaughtUp(): void;
  /** Drops the connection for the reason given, the table no longer caught up. */
  resync(message: string): void;
  /** The connection had its state frame at `at`: healthy from then (the backoff's measure). */
  streamBegan(at: number): void;
}

/** One keeper's reading of its stream: the cursor and the replay under way. */
export class FrameIntake {
  private cursorValue: LiveCursor = INITIAL_CURSOR;
  private connectedBefore = false;
  /** The saved place had no seq: the next state frame is a resume from an unknown position (a gap). */
  private unknownPosition = false;
  /** The current connection asked with since_seq (so a replay envelope follows its state frame). */
  private sentCursor = false;
  /** The since_seq the current connection sent: a complete replay proves every event after it was delivered. */
  private sentSince: number | null = null;
  /** True from open until the connection's first frame: every connection must begin with a state frame. */
  private awaiting = false;
  /**
   * Events still to come in this connection's replay (the envelope's `count`). A venue that repeats an event there
   * is only dropped as a duplicate; after the replay, a seq going backwards is a regression.
   */
  private replayRemaining = 0;
  /**
   * The lowest seq a replayed event of this connection may carry (the envelope's since_seq; null after a reset):
   * an event below it is no replay, whatever `count` said, so a venue overstating `count` cannot hide a regression.
   */
  private replayFloor: number | null = null;
  /** After a replay that claimed complete (no reset): its first event must not skip hands (see handsSkipped). */
  private checkHandContinuity = false;

  constructor(
    private readonly host: IntakeHost,
    private readonly coverage: CoverageTracker,
    private readonly healing: KeeperHealing,
  ) {}

  /** The stream position (seq of the current engine run, run epoch). */
  get cursor(): LiveCursor {
    return this.cursorValue;
  }

  /** True from a connection's open until its state frame. */
  get awaitingStateFrame(): boolean {
    return this.awaiting;
  }

  /** The saved place: a seq means we were connected; without one the position in the stream is unknown (a gap). */
  restore(cursor: LiveCursor): void {
    this.cursorValue = cursor;
    this.connectedBefore = cursor.seq !== null;
    this.unknownPosition = cursor.seq === null;
  }

  /** A connection is about to be asked for: the since_seq it sends (null: none). */
  connecting(): number | null {
    const since = resumeSeq(this.cursorValue, this.connectedBefore);
    this.sentCursor = since !== null;
    this.sentSince = since;
    return since;
  }

  /** The socket opened: its state frame comes first, then the replay. */
  opened(): void {
    this.connectedBefore = true;
    this.awaiting = true;
    this.replayRemaining = 0;
    this.checkHandContinuity = false;
    this.cursorValue = onConnectionOpened(this.cursorValue);
  }

  /** One socket message received at `at`: read once into a typed frame, then handled by its kind. */
  read(text: string, at: number): void {
    const { parsed, violations } = readFrameText(text);
    if (violations.length > 0) this.host.emit({ type: 'violation', paths: violations });
    if (this.awaiting && parsed.type !== 'state') {
      // Without its state frame a connection has no base to apply events to (frames were lost): start over.
      this.host.emit({
        type: 'protocol-error',
        error: new VenueProtocolError('the connection did not begin with a state frame', 'connection'),
      });
      this.host.terminate();
      return;
    }
    switch (parsed.type) {
      case 'state':
        this.onStateFrame(parsed.frame, at);
        return;
      case 'replay':
        this.onReplayFrame(parsed.frame);
        return;
      case 'event':
        this.onEventFrame(parsed, at);
        return;
      case 'ignored':
        this.host.emit({ type: 'ignored', name: parsed.name, reason: parsed.reason });
        return;
      case 'invalid':
        this.onInvalidFrame(parsed.error);
        return;
    }
  }

  /** A state frame: the table as the venue has it; the connection's first one starts its unbroken stream. */
  private onStateFrame(frame: StateFrame, at: number): void {
    const first = this.awaiting;
    if (first) this.beginStream(at);
    this.host.applyTable({ type: 'state', live: frame.live, state: frame.state, at });
    this.host.emit({ type: 'state', live: frame.live, state: frame.state, at });
    if (first && !this.sentCursor) this.host.emit({ type: 'resume', verdict: 'no-cursor' });
    if (this.unknownPosition) {
      this.unknownPosition = false;
      this.host.emit({
        type: 'gap',
        gap: { afterSeq: null, resumedAtSeq: null, runEpoch: this.cursorValue.runEpoch, reason: 'unknown-position' },
      });
    }
  }

  /** The connection is healthy from its state frame on, and delivers every change from then (a new stretch). */
  private beginStream(at: number): void {
    this.awaiting = false;
    this.host.streamBegan(at);
    this.coverage.begin(at, this.sentCursor);
    this.host.applyTable({ type: 'connection', connected: true, at });
  }

  /** The replay envelope: how many events follow, from where, and whether the venue could replay them all. */
  private onReplayFrame(frame: ReplayFrame): void {
    const { cursor, gap } = onReplay(this.cursorValue, frame);
    this.cursorValue = cursor;
    this.replayRemaining = frame.count;
    this.replayFloor = frame.reset ? null : (frame.since_seq ?? null);
    this.checkHandContinuity = gap === null && !frame.reset;
    if (frame.reset) this.coverage.newRun();
    this.coverage.replayed(frame, gap === null && !frame.reset, this.sentSince);
    if (frame.reset) this.host.emit({ type: 'reset', runEpoch: cursor.runEpoch });
    if (gap !== null) this.host.emit({ type: 'gap', gap });
    this.host.emit({ type: 'resume', verdict: gap === null ? 'complete' : 'incomplete' });
    this.host.markDirty();
  }

  /** An event: placed against the cursor and any heal reading, applied, then healed if it was not read whole. */
  private onEventFrame(parsed: EventFrame, at: number): void {
    const { event, repaired } = parsed;
    if (!this.admitEvent(event)) return;
    if (this.checkHandContinuity) this.checkReplayContinuity(event, at);
    const { cursor, decision } = onEvent(this.cursorValue, event);
    this.cursorValue = cursor;
    if (decision === 'drop') return;
    this.coverage.eventDelivered(event.seq);
    const healed = this.healing.place(event);
    const catchUp = decision === 'catch-up' || healed !== 'after';
    // A stack change naming no seat and no player that no single seat's name places: heal from a fresh reading.
    const unplaced = !catchUp && unplaceableStackChange(this.host.table(), event);
    if (unplaced) this.host.notCaughtUp();
    // A partly read event leaves the table wrong until the heal: not caught up from before it is applied.
    if (repaired !== undefined || healed === 'same-instant') this.host.notCaughtUp();
    this.host.applyTable({ type: catchUp ? 'catch-up' : 'event', event, at });
    if (!catchUp) this.healing.noteApplied(event);
    this.host.emit({ type: 'event', event, at, catchUp });
    if (healed === 'same-instant') {
      this.host.resync(
        'an event is stamped in the same instant as the GET /live/state reading: it may or may not be in it',
      );
    } else if (repaired !== undefined) {
      this.host.emit({ type: 'repaired', seq: event.seq, kind: event.kind, dropped: repaired });
      this.healing.heal();
    } else if (unplaced) {
      this.host.emit({ type: 'repaired', seq: event.seq, kind: event.kind, dropped: ['seat_id', 'player_id'] });
      this.healing.heal();
    }
  }

  /**
   * Whether an event goes on to be applied: one of the replay's announced events counts down the replay; any other
   * is checked for a regression (which ends the connection, and the event with it).
   */
  private admitEvent(event: LiveEvent): boolean {
    const replayed = this.replayRemaining > 0 && (this.replayFloor === null || event.seq >= this.replayFloor);
    if (replayed) {
      this.replayRemaining -= 1;
      return true;
    }
    return !this.onRegression(event);
  }

  /** The first event after a replay that claimed complete: if it skips hands, the replay was not whole after all. */
  private checkReplayContinuity(event: LiveEvent, at: number): void {
    this.checkHandContinuity = false;
    const before = this.cursorValue;
    if (!handsSkipped(before, event)) return;
    // Continuity holds only from here, and the counter is not the one our cursor belonged to.
    this.coverage.handsSkipped(at, event.seq);
    this.host.emit({
      type: 'gap',
      gap: { afterSeq: before.seq, resumedAtSeq: event.seq, runEpoch: before.runEpoch, reason: 'hands-skipped' },
    });
  }

  /** A frame that could not be read. */
  private onInvalidFrame(error: VenueProtocolError): void {
    // An event we could not read may have moved the table: heal now rather than at the next reconnect.
    const eventLost = error.where !== 'replay' && error.where !== 'state';
    if (eventLost) this.host.notCaughtUp();
    this.host.emit({ type: 'protocol-error', error });
    if (eventLost) this.healing.heal();
  }

  /**
   * A seq or hand_number going backwards on an open socket: the engine restarted under us. Report the gap and
   * reconnect with `since_seq`, so the venue's replay envelope (reset, complete) reconciles. True when handled.
   */
  private onRegression(event: LiveEvent): boolean {
    const regression = regressionOf(this.cursorValue, event);
    if (regression === null) return false;
    const before = this.cursorValue;
    if (regression === 'hand-number') this.cursorValue = onNewRunDetected(before, event);
    // Either way the counter is not (provably) the one our positions belong to: a new run from here.
    this.coverage.newRun();
    const reason = regression === 'seq' ? 'seq-regression' : 'hand-regression';
    // The table belongs to the run that ended: not caught up from the moment that is known, not when the close lands.
    this.host.notCaughtUp();
    this.host.emit({
      type: 'gap',
      gap: { afterSeq: before.seq, resumedAtSeq: event.seq, runEpoch: this.cursorValue.runEpoch, reason },
    });
    this.host.markDirty();
    this.host.terminate();
    return true;
  }
}
