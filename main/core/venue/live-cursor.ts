/**
 * The live stream's place, as pure decisions: which seq to resume from, what a replay envelope means, and whether
 * an event is applied, used only for catch-up, or dropped.
 *
 * On (re)connect the venue sends its CURRENT state frame first, then the buffered events after `since_seq`. The
 * frame already reflects those events, so they are "catch-up": recorded (ticker, subscribers) but never applied
 * to stacks or pot again. Only events newer than the envelope's `newest_seq` move the table. Within one engine run
 * an event at or below the last seq is a duplicate or out of order and is dropped. After `reset: true` seq
 * tracking restarts and replayed events of hands already seen (by `hand_number`) are dropped.
 */
import type { LiveEvent, ReplayFrame } from './schemas-live';

export interface LiveCursor {
  /** Last seq consumed in the current engine run; null before any. */
  readonly seq: number | null;
  /** Engine runs followed (incremented on every reset: true). */
  readonly runEpoch: number;
  /** Highest hand_number of an event consumed; a reset replay drops events of hands at or below it. */
  readonly lastHandNumber: number | null;
  /** Events with seq <= this are catch-up of the current connection (already in its state frame). */
  readonly catchUpThrough: number | null;
  /**
   * While the current connection replays the window of a new engine run: the highest hand_number applied before
   * the reset. Replayed events of hands at or below it are dropped. Null otherwise.
   */
  readonly dedupeHandsThrough: number | null;
}

export const INITIAL_CURSOR: LiveCursor = {
  seq: null,
  runEpoch: 0,
  lastHandNumber: null,
  catchUpThrough: null,
  dedupeHandsThrough: null,
};

/** A missed stretch of the stream: reconcile against /hands once the night is published. */
export interface LiveGap {
  /** The cursor the client sent; events after it may be missing. */
  readonly afterSeq: number | null;
  /** The first seq the venue still had (the gap ends before it), or null when the buffer was empty. */
  readonly resumedAtSeq: number | null;
  readonly runEpoch: number;
  /**
   * buffer-evicted / engine-reset: the replay envelope said so. seq-regression / hand-regression: an open socket's
   * seq or hand_number went backwards (the engine restarted under it). unknown-position: the saved place had no seq,
   * so the stream resumed from a state frame without knowing what it missed. hands-skipped: a replay said it was
   * complete, yet its first event is hands past the last one seen (a venue that took a cursor of an earlier engine
   * run for one of the new run, because the new run had passed it).
   */
  readonly reason:
    'buffer-evicted' | 'engine-reset' | 'seq-regression' | 'hand-regression' | 'unknown-position' | 'hands-skipped';
}

/** How an event on an open socket contradicts the cursor: its seq or its hand_number went backwards. */
export type Regression = 'seq' | 'hand-number';

export type EventDecision = 'apply' | 'catch-up' | 'drop';

/** The resume point to send as `since_seq`, or null to connect without one. */
export function resumeSeq(cursor: LiveCursor, connectedBefore: boolean): number | null {
  if (cursor.seq !== null) return cursor.seq;
  // We have been connected but saw no event: ask from the start of the run so anything since is replayed.
  return connectedBefore ? 0 : null;
}

/** A new socket opened: nothing is catch-up until its envelope says so. */
export function onConnectionOpened(cursor: LiveCursor): LiveCursor {
  return { ...cursor, catchUpThrough: null, dedupeHandsThrough: null };
}

/** Reads a replay envelope: a reset restarts seq tracking and is always a gap; an incomplete replay is a gap. */
export function onReplay(cursor: LiveCursor, envelope: ReplayFrame): { cursor: LiveCursor; gap: LiveGap | null } {
  const catchUpThrough = envelope.newest_seq;
  if (envelope.reset) {
    const next: LiveCursor = {
      ...cursor,
      seq: null,
      runEpoch: cursor.runEpoch + 1,
      // The old run's hand numbers only dedupe this replay: the new run's own events set the highest one again, so a
      // run that numbers its hands from 1 is not taken for a regression on the next connection.
      lastHandNumber: null,
      catchUpThrough,
      dedupeHandsThrough: cursor.lastHandNumber,
    };
    // Always a gap, whatever `complete` says: the previous run's events after our cursor died with its process, and
    // a venue may mean by complete: true only that the new run's window is whole.
    const gap: LiveGap = {
      afterSeq: envelope.since_seq ?? cursor.seq,
      resumedAtSeq: envelope.oldest_seq,
      runEpoch: next.runEpoch,
      reason: 'engine-reset',
    };
    return { cursor: next, gap };
  }
  const next: LiveCursor = { ...cursor, catchUpThrough, dedupeHandsThrough: null };
  const gap: LiveGap | null = envelope.complete
    ? null
    : {
        afterSeq: envelope.since_seq ?? cursor.seq,
        resumedAtSeq: envelope.oldest_seq,
        runEpoch: cursor.runEpoch,
        reason: 'buffer-evicted',
      };
  return { cursor: next, gap };
}

function handNumberOf(event: LiveEvent): number | null {
  return event.payload.hand_number ?? null;
}

/**
 * Whether `event` says the stream went backwards under an open socket (the spec: seq is strictly increasing, so a
 * seq at or below the cursor means the engine's counter began again), or its hand_number fell below the highest
 * one seen (a new run that had already passed our seq). Not checked while a reset's window is replayed.
 */
export function regressionOf(cursor: LiveCursor, event: LiveEvent): Regression | null {
  if (cursor.seq !== null && event.seq <= cursor.seq) return 'seq';
  const handNumber = handNumberOf(event);
  const behind = handNumber !== null && cursor.lastHandNumber !== null && handNumber < cursor.lastHandNumber;
  return behind && cursor.dedupeHandsThrough === null ? 'hand-number' : null;
}

/** Kinds that may be the first event carrying the next hand's number (a money movement may name either hand). */
const MAY_OPEN_NEXT_HAND: ReadonlySet<string> = new Set(['start_hand', 'transaction_applied']);

/**
 * Whether `event`, the first after a replay that claimed to be complete, skips part of the stream: it lies whole
 * hands past the last hand seen, or is inside the next hand without its start_hand. hand_number is the table's
 * sequence, so a complete replay cannot do either: the venue served a new engine run's events as if they
 * continued our old cursor.
 */
export function handsSkipped(cursor: LiveCursor, event: LiveEvent): boolean {
  const handNumber = handNumberOf(event);
  if (handNumber === null || cursor.lastHandNumber === null) return false;
  return (
    handNumber > cursor.lastHandNumber + 1 ||
    (handNumber === cursor.lastHandNumber + 1 && !MAY_OPEN_NEXT_HAND.has(event.kind))
  );
}

/**
 * The cursor after a hand_number regression: `event` starts a run we have not followed, so resume just before it
 * in that run (a new epoch, hands counted afresh). The seq cursor is kept for a seq regression instead: the
 * venue's replay envelope then tells whether the cursor belongs to a previous run.
 */
export function onNewRunDetected(cursor: LiveCursor, event: LiveEvent): LiveCursor {
  return {
    seq: Math.max(0, event.seq - 1),
    runEpoch: cursor.runEpoch + 1,
    lastHandNumber: null,
    catchUpThrough: null,
    dedupeHandsThrough: null,
  };
}

/** Decides what to do with one event and advances the cursor past it. */
export function onEvent(cursor: LiveCursor, event: LiveEvent): { cursor: LiveCursor; decision: EventDecision } {
  if (cursor.seq !== null && event.seq <= cursor.seq) return { cursor, decision: 'drop' };
  const handNumber = handNumberOf(event);
  const catchUp = cursor.catchUpThrough !== null && event.seq <= cursor.catchUpThrough;
  const lastHandNumber =
    handNumber !== null && (cursor.lastHandNumber === null || handNumber > cursor.lastHandNumber)
      ? handNumber
      : cursor.lastHandNumber;
  const next: LiveCursor = {
    seq: event.seq,
    runEpoch: cursor.runEpoch,
    lastHandNumber,
    catchUpThrough: cursor.catchUpThrough,
    dedupeHandsThrough: cursor.dedupeHandsThrough,
  };
  const floor = cursor.dedupeHandsThrough;
  if (catchUp && floor !== null && handNumber !== null && handNumber <= floor) {
    return { cursor: next, decision: 'drop' };
  }
  return { cursor: next, decision: catchUp ? 'catch-up' : 'apply' };
}
