// Placing events against GET /live/state readings, as pure decisions: any unit of `ts` the spec allows, equal
// stamps, events that arrive while a reading is under way, and readings older than what asked for them.
import { describe, expect, it } from 'vitest';
import { HealPlacement, orderAgainstHeal, venueSeconds, type LiveEvent } from '../../../main/core/venue/index';

const event = (seq: number, ts: number): LiveEvent => ({
  kind: 'street_advance',
  seq,
  ts,
  payload: { street: 'turn', hand_number: 1 },
});

describe('heal placement', () => {
  it('reads seconds and milliseconds alike, and never guesses on one instant', () => {
    expect(venueSeconds(1_700_000_000)).toBe(1_700_000_000);
    expect(venueSeconds(1_700_000_000_500)).toBe(1_700_000_000.5);
    expect(orderAgainstHeal(1_700_000_001, 1_700_000_000_500)).toBe('after');
    expect(orderAgainstHeal(1_700_000_000, 1_700_000_000_500)).toBe('in-reading');
    expect(orderAgainstHeal(1_700_000_000_500, 1_700_000_000.5)).toBe('same-instant');
  });

  it('after a reading, earlier stamps are in it, a later one ends the guard, an equal one cannot be placed', () => {
    const placement = new HealPlacement();
    placement.place(event(1, 100));
    placement.noteAsked(false);
    expect(placement.judge(105, true)).toEqual({ ok: true, after: [] });
    expect(placement.place(event(2, 104))).toBe('in-reading');
    expect(placement.place(event(3, 105))).toBe('same-instant');
    expect(placement.place(event(4, 106))).toBe('after');
    expect(placement.place(event(5, 104))).toBe('after');
  });

  it(
    'keeps what was applied while reading and stamped after it; refuses a reading ' + 'older than what asked for it',
    () => {
      const placement = new HealPlacement();
      placement.place(event(1, 100));
      placement.noteAsked(false);
      const late = event(2, 103);
      placement.noteApplied(event(2, 101));
      placement.noteApplied(late);
      expect(placement.judge(102, true)).toEqual({ ok: true, after: [late] });
      placement.reset();
      placement.place(event(3, 200));
      placement.noteAsked(false);
      expect(placement.judge(199, true)).toMatchObject({ ok: false });
    },
  );

  it('a queued reading is held to the event that queued it, not the first reading', () => {
    const placement = new HealPlacement();
    placement.place(event(1, 100));
    placement.noteAsked(false);
    placement.place(event(2, 110));
    placement.noteAsked(true);
    // The first reading was asked after seq 1 only: stamped between the two events, it is not stale.
    expect(placement.judge(105, false)).toMatchObject({ ok: true });
    expect(placement.judge(108, true)).toMatchObject({ ok: false });
  });
});
