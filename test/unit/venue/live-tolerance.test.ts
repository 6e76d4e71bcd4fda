// Tolerant reading of one event and the cursor's regression guards, as pure functions.
import { describe, expect, it } from 'vitest';
import {
  Backoff,
  INITIAL_CURSOR,
  onEvent,
  onNewRunDetected,
  readFrameText,
  regressionOf,
  type LiveCursor,
  type LiveEvent,
} from '../../../main/core/venue/index';

const startHand = (seats: unknown[], handNumber: unknown = 7) =>
  JSON.stringify({
    type: 'event',
    seq: 12,
    ts: 1.5,
    kind: 'start_hand',
    payload: { hand_number: handNumber, button_seat: 1, seats },
  });
const seat = (seatId: unknown, name: string) => ({
  seat_id: seatId,
  player_id: null,
  name,
  stack: 100,
  posted: 0,
  in_hand: true,
});

describe('tolerant event reading', () => {
  it('a start_hand with seat_id null in one seat keeps the other seats and lists the bad one', () => {
    const { parsed } = readFrameText(startHand([seat(1, 'Ann'), seat(null, 'Bob'), seat(3, 'Cy')]));
    expect(parsed.type).toBe('event');
    if (parsed.type !== 'event') return;
    expect((parsed.event.payload as { seats: Array<{ name: string }> }).seats.map((kept) => kept.name)).toEqual([
      'Ann',
      'Cy',
    ]);
    expect(parsed.repaired).toHaveLength(1);
    expect(parsed.repaired?.[0]).toMatch(/^seats\.1\.seat_id:/);
  });

  it('a wrong optional field is dropped; a bad required field still makes the event invalid', () => {
    const optional = readFrameText(
      JSON.stringify({
        type: 'event',
        seq: 3,
        ts: 1,
        kind: 'start_hand',
        payload: { hand_number: 2, button_seat: 'one' },
      }),
    );
    expect(optional.parsed.type === 'event' && optional.parsed.repaired).toEqual([
      expect.stringMatching(/^button_seat:/),
    ]);
    expect(readFrameText(startHand([seat(1, 'Ann')], 'seven')).parsed.type).toBe('invalid');
    expect(readFrameText(startHand([seat(1, 'Ann')])).parsed).not.toHaveProperty('repaired');
  });
});

const event = (seq: number, handNumber: number | null): LiveEvent => ({
  kind: 'street_advance',
  seq,
  ts: seq,
  payload: { street: 'turn', hand_number: handNumber },
});

function after(events: LiveEvent[]): LiveCursor {
  return events.reduce((cursor, next) => onEvent(cursor, next).cursor, INITIAL_CURSOR);
}

describe('regression guards', () => {
  it(
    'a seq at or below the cursor is a seq regression; a lower hand_number ' + 'with a higher seq is a hand regression',
    () => {
      const cursor = after([event(10, 4), event(11, 5)]);
      expect(regressionOf(cursor, event(1, 6))).toBe('seq');
      expect(regressionOf(cursor, event(11, 5))).toBe('seq');
      expect(regressionOf(cursor, event(30, 2))).toBe('hand-number');
      expect(regressionOf(cursor, event(12, 5))).toBeNull();
      expect(regressionOf(INITIAL_CURSOR, event(1, 1))).toBeNull();
    },
  );

  it('is not checked by hand_number while a reset window is replayed', () => {
    const replaying: LiveCursor = { ...after([event(11, 5)]), seq: null, dedupeHandsThrough: 5 };
    expect(regressionOf(replaying, event(1, 3))).toBeNull();
  });

  it('a new run found by hand_number resumes just before its event, in a new epoch', () => {
    const cursor = after([event(10, 4), event(11, 5)]);
    expect(onNewRunDetected(cursor, event(30, 2))).toEqual({
      seq: 29,
      runEpoch: 1,
      lastHandNumber: null,
      catchUpThrough: null,
      dedupeHandsThrough: null,
    });
  });
});

describe('backoff attempts across connections', () => {
  it('a connection that never became healthy never resets the attempts', () => {
    const backoff = new Backoff({ baseMs: 1_000, capMs: 30_000, stableMs: 60_000 }, () => 0.5);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      backoff.next();
      backoff.connectionEnded(null);
    }
    expect(backoff.attempts).toBe(4);
    backoff.connectionEnded(60_000);
    expect(backoff.attempts).toBe(0);
  });
});
