import { describe, expect, it } from 'vitest';
import { replayFrame } from '../../support/venue-fixtures';
import {
  handsSkipped,
  INITIAL_CURSOR,
  onConnectionOpened,
  onEvent,
  onReplay,
  regressionOf,
  resumeSeq,
  type LiveCursor,
  type LiveEvent,
  type ReplayFrame,
} from '../../../main/core/venue/index';

const event = (seq: number, handNumber: number | null = 1): LiveEvent => ({
  kind: 'street_advance',
  seq,
  ts: seq,
  payload: { street: 'turn', hand_number: handNumber },
});

const replay = (overrides: Partial<ReplayFrame>): ReplayFrame => ({ ...replayFrame({ since_seq: 5 }), ...overrides });

describe('live cursor', () => {
  it('applies increasing seqs and drops duplicates and out-of-order ones', () => {
    let cursor = INITIAL_CURSOR;
    const decisions: string[] = [];
    for (const seq of [1, 2, 2, 1, 3, 5, 4]) {
      const step = onEvent(cursor, event(seq));
      cursor = step.cursor;
      decisions.push(step.decision);
    }
    expect(decisions).toEqual(['apply', 'apply', 'drop', 'drop', 'apply', 'apply', 'drop']);
    expect(cursor.seq).toBe(5);
    expect(resumeSeq(cursor, true)).toBe(5);
  });

  it('resumes from 0 after a connection that saw no event, and from nothing on a first start', () => {
    expect(resumeSeq(INITIAL_CURSOR, false)).toBeNull();
    expect(resumeSeq(INITIAL_CURSOR, true)).toBe(0);
  });

  it('events up to the envelope newest_seq are catch-up, later ones apply', () => {
    let cursor = onConnectionOpened({ ...INITIAL_CURSOR, seq: 5 });
    cursor = onReplay(cursor, replay({ count: 2, oldest_seq: 6, newest_seq: 7 })).cursor;
    const a = onEvent(cursor, event(6));
    const b = onEvent(a.cursor, event(7));
    const c = onEvent(b.cursor, event(8));
    expect([a.decision, b.decision, c.decision]).toEqual(['catch-up', 'catch-up', 'apply']);
  });

  it('reports complete:false as a gap to reconcile against /hands', () => {
    const { gap } = onReplay(
      { ...INITIAL_CURSOR, seq: 5 },
      replay({ complete: false, oldest_seq: 40, newest_seq: 60 }),
    );
    expect(gap).toEqual({ afterSeq: 5, resumedAtSeq: 40, runEpoch: 0, reason: 'buffer-evicted' });
  });

  it('reset restarts seq tracking and drops replayed events of hands already applied', () => {
    let cursor: LiveCursor = { ...INITIAL_CURSOR, seq: 500, lastHandNumber: 7 };
    const step = onReplay(
      cursor,
      replay({ since_seq: 500, reset: true, complete: false, count: 3, oldest_seq: 1, newest_seq: 3 }),
    );
    cursor = step.cursor;
    expect(cursor.seq).toBeNull();
    expect(cursor.runEpoch).toBe(1);
    expect(step.gap?.reason).toBe('engine-reset');
    const decisions: string[] = [];
    for (const [seq, hand] of [
      [1, 7],
      [2, 8],
      [3, 8],
      [4, 8],
    ] as const) {
      const next = onEvent(cursor, event(seq, hand));
      cursor = next.cursor;
      decisions.push(next.decision);
    }
    expect(decisions).toEqual(['drop', 'catch-up', 'catch-up', 'apply']);
    expect(cursor.seq).toBe(4);
  });

  it("reset: true is a gap even with complete: true (the old run's events after the cursor died with it)", () => {
    const { gap } = onReplay(
      { ...INITIAL_CURSOR, seq: 500 },
      replay({ since_seq: 500, reset: true, complete: true, count: 3, oldest_seq: 1, newest_seq: 3 }),
    );
    expect(gap).toEqual({ afterSeq: 500, resumedAtSeq: 1, runEpoch: 1, reason: 'engine-reset' });
  });

  it(
    'after a reset whose new run numbers its hands from 1 again, a later connection ' + "takes them as that run's own",
    () => {
      let cursor: LiveCursor = { ...INITIAL_CURSOR, seq: 500, lastHandNumber: 40 };
      cursor = onReplay(
        onConnectionOpened(cursor),
        replay({ since_seq: 500, reset: true, complete: false, count: 2, oldest_seq: 1, newest_seq: 2 }),
      ).cursor;
      for (const seq of [1, 2, 3]) cursor = onEvent(cursor, event(seq, 1)).cursor;
      // A plain drop and reconnect: the next hand of the new run is not a regression of the old run's numbers.
      cursor = onReplay(
        onConnectionOpened(cursor),
        replay({ since_seq: 3, count: 0, oldest_seq: 1, newest_seq: 3 }),
      ).cursor;
      expect(regressionOf(cursor, event(4, 2))).toBeNull();
      expect(onEvent(cursor, event(4, 2)).decision).toBe('apply');
    },
  );

  it(
    'after a replay that claimed complete, an event skipping hands or the next ' + 'start_hand says part was skipped',
    () => {
      const cursor: LiveCursor = { ...INITIAL_CURSOR, seq: 40, lastHandNumber: 5 };
      const of = (kind: string, handNumber: number): LiveEvent => ({ ...event(41, handNumber), kind }) as LiveEvent;
      expect(handsSkipped(cursor, of('start_hand', 6))).toBe(false);
      expect(handsSkipped(cursor, of('transaction_applied', 6))).toBe(false);
      expect(handsSkipped(cursor, of('player_action', 5))).toBe(false);
      expect(handsSkipped(cursor, of('player_action', 6))).toBe(true);
      expect(handsSkipped(cursor, of('start_hand', 7))).toBe(true);
      expect(handsSkipped({ ...cursor, lastHandNumber: null }, of('start_hand', 9))).toBe(false);
    },
  );
});
