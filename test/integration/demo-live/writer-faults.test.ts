// Conformance over real sockets for the other writers and the late delivery: a request the network holds and the
// venue processes after the client gave up, an operator's rename, the venue's own top-up, and a nameless event.
import { describe, expect, it } from 'vitest';
import type { RunningDemoVenue } from '../../../main/demo/index';
import { parseFaultCommand } from '../../../main/demo/fault-commands';
import { call, freshKey, isEvent, ledgerFor, move, openSocket, payloadOf, until } from '../../support/demo-live-client';
import { quietVenueForFile } from '../../support/quiet-venue-fixture';

// The table never deals (autoplay off), so it is always between hands.
let venue: RunningDemoVenue;
quietVenueForFile((started) => {
  venue = started;
});

const seat = (id: number) => venue.inspect.trueTable().seats.find((candidate) => candidate.seat_id === id);

describe('other writers and late deliveries on the wire', () => {
  it('a request delivered late: no answer, the key unused meanwhile, then the held bytes apply', async () => {
    const name = seat(1)?.name ?? '';
    const key = freshKey('late');
    venue.faults.deliverNextMovementsLate(1, 400, 100);
    // The client's POST gets no answer at all: the connection is cut.
    await expect(move(venue, 'buy-in', { player_name: name, amount: 7, idempotency_key: key })).rejects.toThrow();
    expect(ledgerFor(venue, key)).toEqual([]);
    // A retry meanwhile finds the key unused (here: mid-hand, so hand_in_progress, nothing applied).
    venue.faults.forceHandInProgress(true);
    expect(await move(venue, 'buy-in', { player_name: name, amount: 7, idempotency_key: key })).toMatchObject({
      status: 409,
      body: { error: 'hand_in_progress' },
    });
    venue.faults.forceHandInProgress(false);
    // The held request reaches the venue and applies; the key's next ask gets its stored answer.
    await until(() => ledgerFor(venue, key).length === 1);
    const replay = await move(venue, 'buy-in', { player_name: name, amount: 7, idempotency_key: key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replay')).toBe('true');
    expect(ledgerFor(venue, key)).toHaveLength(1);
  });

  it('a rename makes two seats one name to the venue: the first seat carrying it takes the money', async () => {
    const first = seat(1);
    const second = seat(2);
    if (first?.name == null || second === undefined) throw new Error('two seated players expected');
    venue.faults.renameSeat(2, `${first.name.toUpperCase()} `);
    const state = await call(venue, '/live/state');
    const names = (state.body.state as { seats: Array<{ name: string | null }> }).seats.map((entry) => entry.name);
    expect(names).toContain(`${first.name.toUpperCase()} `);
    const key = freshKey('namesake');
    const answer = await move(venue, 'buy-in', {
      player_name: `${first.name.toUpperCase()} `,
      amount: 5,
      idempotency_key: key,
    });
    expect(answer.body).toMatchObject({ ok: true, seat_id: 1 });
    venue.faults.renameSeat(2, second.name ?? 'Seat Two');
  });

  it("the venue's own top-up and a nameless one: transaction_applied with no key, source transaction", async () => {
    const socket = await openSocket(venue);
    await socket.waitFor((frame) => frame.type === 'state');
    const before = seat(3)?.stack ?? 0;
    const ledger = venue.inspect.ledger().length;
    venue.faults.otherWriterMovement(3, 'buy_in', 200);
    venue.faults.otherWriterMovement(3, 'buy_in', 50, { nullIds: true });
    const [own, nameless] = await socket.waitForCount(isEvent('transaction_applied'), 2);
    expect(payloadOf(own as never)).toMatchObject({ seat_id: 3, source: 'transaction', kind: 'buy_in', amount: 200 });
    expect(payloadOf(nameless as never)).toMatchObject({ seat_id: null, player_id: null, amount: 50 });
    expect(payloadOf(nameless as never).name).toBe(seat(3)?.name);
    expect(seat(3)?.stack).toBe(before + 250);
    // Not a movement of the API: the ledger of keyed movements is unchanged.
    expect(venue.inspect.ledger()).toHaveLength(ledger);
    socket.close();
  });

  it('the same faults as text commands', () => {
    for (const line of ['late-delivery 5000', 'late-delivery:100:2', 'rename-seat 2 AVA BRENNAN', 'top-up 3 200'])
      expect(parseFaultCommand(line).ok).toBe(true);
    expect(parseFaultCommand('nameless-top-up 3 50.25').ok).toBe(true);
    expect(parseFaultCommand('top-up 3 -5')).toMatchObject({ ok: false });
    expect(parseFaultCommand('rename-seat 2')).toMatchObject({ ok: false });
  });
});
