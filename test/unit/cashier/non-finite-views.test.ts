/**
 * A table whose numbers are not finite is no reading at all. The venue's JSON can carry a stack like 1e308, which
 * the table model's cent rounding turns into Infinity; the cashier dropped such a view whole before the renovation
 * (a pushed one changed nothing, a GET /live/state one was a failed read), and must still: Infinity cannot be
 * journaled (JSON writes it as null, so memory and journal would disagree) and it is evidence of nothing.
 */
import { describe, expect, it } from 'vitest';
import type { TableObservation } from '../../../main/core/cashier/index';
import { readFrameText } from '../../../main/core/venue/live-frames';
import { initialTable, reduceTable } from '../../../main/core/venue/table-model';
import { acceptedKey, harnessPerTest } from '../../support/cashier-harness';
import type { Harness } from '../../support/cashier-harness';

const harness = harnessPerTest();

const state = (h: Harness, key: string): string => h.movement(key).state;

/** The view with Alice's stack overflowed to Infinity (what cents(1e308) gives). */
const aliceInfinite = (view: TableObservation): TableObservation => ({
  ...view,
  seats: view.seats.map((seat) => (seat.name === 'Alice' ? { ...seat, stack: Number.POSITIVE_INFINITY } : seat)),
});

async function inDoubtNotApplied(h: Harness): Promise<string> {
  const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 10 });
  expect(
    await h.runUntil(() => state(h, key) === 'in-doubt' && h.movement(key).evidence?.verdict === 'not-applied', 300),
  ).toBe(true);
  return key;
}

describe('a view with a non-finite number', () => {
  it('comes from the wire: a state frame with a stack of 1e308 is read whole, and its seat holds Infinity', () => {
    const frame = {
      type: 'state',
      live: true,
      state: { hand_number: 3, seats: [{ seat_id: 1, name: 'A', stack: 1e308 }] },
    };
    const read = readFrameText(JSON.stringify(frame)).parsed;
    if (read.type !== 'state') throw new Error(`read as ${read.type}`);
    const table = reduceTable(initialTable(), { type: 'state', live: true, state: read.frame.state, at: 1 });
    expect(table.seats.find((seat) => seat.seat_id === 1)?.stack).toBe(Number.POSITIVE_INFINITY);
  });

  it('pushed by the stream changes nothing: not betweenHands, not the evidence, no new version', async () => {
    const h = await harness({ faults: ['timeout-never'] });
    const key = await inDoubtNotApplied(h);
    await h.settle();
    const before = h.cashier.snapshot();
    const evidence = h.movement(key).evidence;
    const view = h.host.pushView();
    h.cashier.observeTable(aliceInfinite({ ...view, receivedAt: h.clock.now() + 1, betweenHands: false }));
    await h.settle();
    expect(h.cashier.snapshot().betweenHands).toBe(before.betweenHands);
    expect(h.movement(key).evidence).toEqual(evidence);
  });

  it('read at a "send again" press is a failed read (nothing sent, the evidence kept)', async () => {
    const h = await harness({ faults: ['timeout-never'] });
    const key = await inDoubtNotApplied(h);
    const evidence = h.movement(key).evidence;
    const honest = h.host.readView.bind(h.host);
    h.host.readView = () => aliceInfinite(honest());
    const pressed = await h.cashier.resolveInDoubt(key, 'send-again');
    expect(pressed).toEqual({
      ok: false,
      reason: "Cannot read the table now: the venue's table could not be read. Nothing was sent.",
    });
    expect(h.movement(key).evidence).toEqual(evidence);
    expect(h.host.keysSeen).toEqual([key]);
  });

  it('is never where a new movement takes its stack at ask (journaled, Infinity comes back null)', async () => {
    const h = await harness();
    await h.settle();
    const view = h.host.pushView();
    h.cashier.observeTable(aliceInfinite({ ...view, receivedAt: h.clock.now() + 1 }));
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 10 });
    expect(h.movement(key).stackAtAsk).toBe(100);
  });
});
