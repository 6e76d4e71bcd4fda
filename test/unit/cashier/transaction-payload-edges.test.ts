/**
 * The payloads the old second parse of transaction_applied (zod, in cashier/observations.ts) met at the end of the
 * live path, each read as the live keeper reads a frame (venue/live-frames.ts, which drops a malformed field and
 * keeps the event) and then mapped by the cashier: what the cashier observes must be what it observed before the
 * parse went, field for field (the expectations were taken from the code before the renovation). Null: dropped by
 * the cashier; 'not an event': the frame is not read as one, so the cashier never sees it.
 */
import { describe, expect, it } from 'vitest';
import { transactionObservation } from '../../../main/core/cashier/observations';
import { readFrameText } from '../../../main/core/venue/live-frames';
import { NULL_TRANSACTION_FIELDS } from '../../support/null-transaction-fields';

type Expected = Record<string, unknown> | null | 'not an event';

const CASES: ReadonlyArray<readonly [string, unknown, Expected]> = [
  ['a fractional seat', { kind: 'buy_in', seat_id: 1.5, amount: 50 }, { kind: 'buy_in', amount: 50 }],
  ['every field null', { kind: 'cash_out', ...NULL_TRANSACTION_FIELDS }, { kind: 'cash_out' }],
  ['a session id that is true', { kind: 'buy_in', session_id: true }, null],
  ['a session id that is an object', { kind: 'buy_in', session_id: { a: 1 } }, null],
  ['a session id that is a list', { kind: 'buy_in', session_id: [1] }, null],
  ['a numeric session id', { kind: 'buy_in', session_id: 12 }, { kind: 'buy_in', session_id: '12' }],
  ['an empty session id', { kind: 'buy_in', session_id: '' }, { kind: 'buy_in', session_id: '' }],
  ['a fractional hand number', { kind: 'buy_in', hand_number: 3.5 }, { kind: 'buy_in' }],
  ['an amount as text', { kind: 'buy_in', amount: '50', delta: 50 }, { kind: 'buy_in', delta: 50 }],
  ['a name that is a number', { kind: 'buy_in', name: 5, player_id: 6, source: 7 }, { kind: 'buy_in' }],
  ['an unknown kind', { kind: 'rake', amount: 5 }, null],
  ['a kind in capitals', { kind: 'BUY_IN' }, null],
  ['a kind that is a number', { kind: 5 }, 'not an event'],
  ['no kind', { amount: 5 }, 'not an event'],
  ['a seat past safe integers', { kind: 'cash_out', seat_id: 9007199254740992 }, { kind: 'cash_out' }],
  [
    'a negative adjustment',
    { kind: 'adjustment', delta: -5, seat_id: -1 },
    { kind: 'adjustment', seat_id: -1, delta: -5 },
  ],
];

describe('a transaction_applied payload from the wire to the cashier', () => {
  for (const [what, payload, expected] of CASES)
    it(`with ${what}: observed as before the renovation`, () => {
      const frame = { type: 'event', seq: 1, ts: 1.5, kind: 'transaction_applied', payload };
      const read = readFrameText(JSON.stringify(frame)).parsed;
      if (expected === 'not an event') {
        expect(read.type).not.toBe('event');
        return;
      }
      if (read.type !== 'event' || read.event.kind !== 'transaction_applied') throw new Error(`read as ${read.type}`);
      const observed = transactionObservation(read.event.payload, 10, read.event.ts);
      expect(observed).toEqual(
        expected === null ? null : { ...NULL_TRANSACTION_FIELDS, ...expected, observedAt: 10, venueTs: 1.5 },
      );
    });
});
