// Conformance over real sockets for the cashier faults: a lost answer, a slow host, null hand fields and a cut table
// view. Each must read exactly as the spec's state table and types say a real venue may answer.
import { describe, expect, it } from 'vitest';
import type { RunningDemoVenue } from '../../../main/demo/index';
import { call, freshKey, ledgerFor, move, seatedName, openSocket, until } from '../../support/demo-live-client';
import { quietVenueForFile } from '../../support/quiet-venue-fixture';

// The table never deals (autoplay off), so it is always between hands.
let venue: RunningDemoVenue;
quietVenueForFile(
  (started) => {
    venue = started;
  },
  (quiet) => {
    quiet.faults.setNullHandFields(false);
    quiet.faults.cutTableView(false);
  },
);

describe('cashier faults on the wire', () => {
  it(
    'Lost answer: applied at once, 504 then outcome_unknown on every retry ' +
      'until released, then the stored answer replayed',
    async () => {
      const key = freshKey('lost');
      const name = seatedName(venue);
      venue.faults.timeoutNextMovements(1, 'applied-answer-lost');
      expect(await move(venue, 'buy-in', { player_name: name, amount: 12, idempotency_key: key })).toMatchObject({
        status: 504,
        body: { error: 'host_timeout' },
      });
      expect(ledgerFor(venue, key)).toHaveLength(1);
      // Held well past the service's timeout: nothing but outcome_unknown until the release.
      for (let i = 0; i < 3; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        expect(await move(venue, 'buy-in', { player_name: name, amount: 12, idempotency_key: key })).toMatchObject({
          status: 409,
          body: { error: 'outcome_unknown' },
        });
      }
      venue.faults.releaseLostAnswers();
      const settled = await move(venue, 'buy-in', { player_name: name, amount: 12, idempotency_key: key });
      expect(settled.status).toBe(200);
      expect(settled.headers.get('idempotent-replay')).toBe('true');
      expect(settled.body).toMatchObject({ ok: true, amount: 12, stack_after: ledgerFor(venue, key)[0]?.stack_after });
      expect(ledgerFor(venue, key)).toHaveLength(1);
    },
  );

  it(
    'Slow host: the first request gets no answer, retries get 409 in_progress ' +
      '(never outcome_unknown) until the host applies',
    async () => {
      const key = freshKey('slow');
      const name = seatedName(venue);
      venue.faults.slowHostNextMovements(1, 1200);
      await expect(move(venue, 'buy-in', { player_name: name, amount: 13, idempotency_key: key })).rejects.toThrow();
      const retry = await move(venue, 'buy-in', { player_name: name, amount: 13, idempotency_key: key });
      expect(retry).toMatchObject({ status: 409, body: { error: 'in_progress' } });
      expect(ledgerFor(venue, key)).toHaveLength(0);
      let last = retry;
      await until(async () => {
        last = await move(venue, 'buy-in', { player_name: name, amount: 13, idempotency_key: key });
        if (last.status === 409) expect(last.body.error).toBe('in_progress');
        return last.status === 200;
      });
      expect(last.headers.get('idempotent-replay')).toBe('true');
      expect(ledgerFor(venue, key)).toHaveLength(1);
    },
  );

  it(
    'Null hand fields: state frames, GET /live/state and transaction_applied ' + 'carry hand_number and in_hand null',
    async () => {
      venue.faults.setNullHandFields(true);
      const state = await call(venue, '/live/state');
      const live = state.body.state as { hand_number: unknown; seats: { in_hand: unknown }[] };
      expect(live.hand_number).toBeNull();
      expect(live.seats.every((seat) => seat.in_hand === null)).toBe(true);
      const socket = await openSocket(venue);
      try {
        const frame = (await socket.waitFor((candidate) => candidate.type === 'state')).state as {
          hand_number: unknown;
          seats: { in_hand: unknown }[];
        };
        expect(frame.hand_number).toBeNull();
        expect(frame.seats.every((seat) => seat.in_hand === null)).toBe(true);
        await move(venue, 'buy-in', {
          player_name: seatedName(venue),
          amount: 14,
          idempotency_key: freshKey('nullhand'),
        });
        const event = await socket.waitFor(
          (candidate) => candidate.type === 'event' && candidate.kind === 'transaction_applied',
        );
        expect((event.payload as { hand_number: unknown }).hand_number).toBeNull();
      } finally {
        socket.close();
      }
      venue.faults.setNullHandFields(false);
      const seats = ((await call(venue, '/live/state')).body.state as { seats: { in_hand: unknown }[] }).seats;
      expect(seats.every((seat) => seat.in_hand === false)).toBe(true);
    },
  );

  it(
    'Cut table view: sockets drop, upgrades and GET /live/state fail with 502, ' +
      'money still moves; all back once lifted',
    async () => {
      const socket = await openSocket(venue);
      await socket.waitFor((candidate) => candidate.type === 'state');
      venue.faults.cutTableView(true);
      await socket.closed;
      expect(await call(venue, '/live/state')).toMatchObject({ status: 502, body: { error: 'bad_gateway' } });
      await expect(openSocket(venue)).rejects.toMatchObject({ status: 502 });
      const key = freshKey('cut');
      expect(
        (await move(venue, 'buy-in', { player_name: seatedName(venue), amount: 15, idempotency_key: key })).status,
      ).toBe(200);
      expect(ledgerFor(venue, key)).toHaveLength(1);
      expect((await call(venue, '/key')).status).toBe(200);
      venue.faults.cutTableView(false);
      expect((await call(venue, '/live/state')).status).toBe(200);
      const again = await openSocket(venue);
      await again.waitFor((candidate) => candidate.type === 'state');
      again.close();
    },
  );
});
