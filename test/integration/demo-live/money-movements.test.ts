// Conformance over real sockets: the money movement idempotency state table, the host's answers and the 400 codes.
import { describe, expect, it } from 'vitest';
import type { RunningDemoVenue } from '../../../main/demo/index';
import { call, freshKey, ledgerFor, move, seatedName, startTestVenue, until } from '../../support/demo-live-client';
import { quietVenueForFile } from '../../support/quiet-venue-fixture';

// The table never deals (autoplay off), so it is always between hands unless a test says otherwise.
let venue: RunningDemoVenue;
quietVenueForFile(
  (started) => {
    venue = started;
  },
  (quiet) => {
    quiet.faults.setHostOnline(true);
    quiet.faults.forceHandInProgress(false);
    quiet.faults.setHostAnswerLatency(5);
  },
);

describe('idempotency state table', () => {
  it(
    'Money 1: unused key, between hands, host online -> forwarded; the host ' +
      'answer is 200 and the movement applies',
    async () => {
      const key = freshKey('apply');
      const answer = await move(venue, 'buy-in', { player_name: 'Nadia Walker', amount: 150, idempotency_key: key });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('idempotent-replay')).toBeNull();
      expect(answer.body).toMatchObject({
        ok: true,
        kind: 'buy_in',
        player_name: 'Nadia Walker',
        amount: 150,
        delta: 150,
        stack_before: 0,
        stack_after: 150,
        session_closed: false,
      });
      expect(ledgerFor(venue, key)).toHaveLength(1);
      const seat = venue.inspect.trueTable().seats.find((candidate) => candidate.player_id === answer.body.player_id);
      expect(seat?.stack).toBe(150);
    },
  );

  it('Money 2: unused key during a hand -> 409 hand_in_progress and the key stays unused', async () => {
    const key = freshKey('hand');
    venue.faults.forceHandInProgress(true);
    const refused = await move(venue, 'buy-in', { player_name: seatedName(venue), amount: 10, idempotency_key: key });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('hand_in_progress');
    expect(ledgerFor(venue, key)).toHaveLength(0);
    venue.faults.forceHandInProgress(false);
    const later = await move(venue, 'buy-in', { player_name: seatedName(venue), amount: 10, idempotency_key: key });
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replay')).toBeNull();
    expect(ledgerFor(venue, key)).toHaveLength(1);
  });

  it('Money 2b: a real hand in progress (not the forced switch) also answers 409 hand_in_progress', async () => {
    const dealing = await startTestVenue({ paceMs: 60_000, betweenHandsMs: 0 });
    try {
      await until(() => !dealing.inspect.trueTable().between_hands);
      const answer = await move(dealing, 'buy-in', {
        player_name: 'Mid Hand',
        amount: 10,
        idempotency_key: freshKey('mid'),
      });
      expect(answer).toMatchObject({ status: 409, body: { error: 'hand_in_progress' } });
      expect(dealing.inspect.ledger()).toHaveLength(0);
    } finally {
      await dealing.close();
    }
  });

  it(
    'Money 3: unused key, host offline -> 503 host_offline, nothing sent; the ' +
      'same key later applies (5xx never stored)',
    async () => {
      const key = freshKey('offline');
      venue.faults.setHostOnline(false);
      const offline = await move(venue, 'buy-in', { player_name: seatedName(venue), amount: 20, idempotency_key: key });
      expect(offline.status).toBe(503);
      expect(offline.body.error).toBe('host_offline');
      expect(ledgerFor(venue, key)).toHaveLength(0);
      venue.faults.setHostOnline(true);
      const retried = await move(venue, 'buy-in', { player_name: seatedName(venue), amount: 20, idempotency_key: key });
      expect(retried.status).toBe(200);
      expect(retried.headers.get('idempotent-replay')).toBeNull();
      expect(ledgerFor(venue, key)).toHaveLength(1);
    },
  );

  it('Money 4: the same key while with the host -> 409 in_progress', async () => {
    // The host takes long enough that the second request surely finds the first still with it.
    const slow = await startTestVenue({ autoplay: false, hostAnswerMs: 800, hostTimeoutMs: 30_000 });
    try {
      const body = { player_name: 'Slow Host', amount: 5, idempotency_key: freshKey('busy') };
      // Whichever request reaches the service first is forwarded; the other finds the key with the host.
      const answers = await Promise.all([move(slow, 'buy-in', body), move(slow, 'buy-in', body)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.error).toBe('in_progress');
      expect(slow.inspect.ledger()).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it(
    'Money 5: host answers -> settled; the same key replays the stored answer ' +
      'verbatim with Idempotent-Replay: true',
    async () => {
      const key = freshKey('settled');
      const first = await move(venue, 'buy-in', { player_name: seatedName(venue), amount: 7.25, idempotency_key: key });
      const replay = await move(venue, 'buy-in', {
        player_name: seatedName(venue),
        amount: 7.25,
        idempotency_key: key,
      });
      expect(replay.status).toBe(first.status);
      expect(replay.body).toEqual(first.body);
      expect(replay.headers.get('idempotent-replay')).toBe('true');
      expect(ledgerFor(venue, key)).toHaveLength(1);
    },
  );

  it('Money 6: a refusal is settled too and is replayed verbatim', async () => {
    const key = freshKey('refusal');
    const refused = await move(venue, 'cash-out', { player_name: 'Nobody Seated Here', idempotency_key: key });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ ok: false, reason: 'unknown_player' });
    expect(typeof refused.body.message).toBe('string');
    const replay = await move(venue, 'cash-out', { player_name: 'Nobody Seated Here', idempotency_key: key });
    expect(replay.body).toEqual(refused.body);
    expect(replay.headers.get('idempotent-replay')).toBe('true');
  });

  it(
    'Money 7: 504 host_timeout with the answer late -> key spent, 409 outcome_unknown ' +
      'until the real answer, then that answer replayed',
    async () => {
      const key = freshKey('late');
      // The late answer lands 1.5 s after the 504: room for the retry to find the key spent, even on a loaded machine.
      venue.faults.timeoutNextMovements(1, 'applied-answer-late', 1500);
      const timedOut = await move(venue, 'buy-in', {
        player_name: seatedName(venue),
        amount: 11,
        idempotency_key: key,
      });
      expect(timedOut.status).toBe(504);
      expect(timedOut.body.error).toBe('host_timeout');
      expect(ledgerFor(venue, key)).toHaveLength(1);
      const unknown = await move(venue, 'buy-in', { player_name: seatedName(venue), amount: 11, idempotency_key: key });
      expect(unknown).toMatchObject({ status: 409, body: { error: 'outcome_unknown' } });
      let settled = unknown;
      await until(async () => {
        settled = await move(venue, 'buy-in', { player_name: seatedName(venue), amount: 11, idempotency_key: key });
        return settled.status === 200;
      });
      expect(settled.headers.get('idempotent-replay')).toBe('true');
      expect(settled.body).toMatchObject({ ok: true, amount: 11 });
      expect(ledgerFor(venue, key)).toHaveLength(1);
    },
  );

  it(
    'Money 8: 504 then the host applies later -> nothing applied yet, then ' + 'the late answer is the stored one',
    async () => {
      const key = freshKey('later');
      venue.faults.timeoutNextMovements(1, 'apply-later', 1500);
      expect(
        (await move(venue, 'buy-in', { player_name: seatedName(venue), amount: 3, idempotency_key: key })).status,
      ).toBe(504);
      expect(ledgerFor(venue, key)).toHaveLength(0);
      await until(() => ledgerFor(venue, key).length === 1);
      const settled = await move(venue, 'buy-in', { player_name: seatedName(venue), amount: 3, idempotency_key: key });
      expect(settled.status).toBe(200);
      expect(settled.headers.get('idempotent-replay')).toBe('true');
    },
  );

  it('Money 9: 504 and the host never answers -> the key stays outcome_unknown and nothing applies', async () => {
    const key = freshKey('never');
    venue.faults.timeoutNextMovements(1, 'never');
    expect(
      (await move(venue, 'buy-in', { player_name: seatedName(venue), amount: 4, idempotency_key: key })).status,
    ).toBe(504);
    for (let i = 0; i < 3; i += 1) {
      expect(
        await move(venue, 'buy-in', { player_name: seatedName(venue), amount: 4, idempotency_key: key }),
      ).toMatchObject({
        status: 409,
        body: { error: 'outcome_unknown' },
      });
    }
    expect(ledgerFor(venue, key)).toHaveLength(0);
  });

  it('Money 10: the same key sent many times at once applies exactly once', async () => {
    const key = freshKey('storm');
    venue.faults.setHostAnswerLatency(30);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        move(venue, 'buy-in', { player_name: seatedName(venue), amount: 1, idempotency_key: key }),
      ),
    );
    const fresh = answers.filter((answer) => answer.status === 200 && answer.headers.get('idempotent-replay') === null);
    expect(fresh).toHaveLength(1);
    for (const answer of answers) {
      if (answer === fresh[0]) continue;
      // Either still with the host, or already settled and replayed verbatim.
      if (answer.status === 409) expect(answer.body.error).toBe('in_progress');
      else expect(answer).toMatchObject({ status: 200, body: fresh[0]?.body });
    }
    expect(ledgerFor(venue, key)).toHaveLength(1);
  });
});

describe('the host answers', () => {
  it('Host 1: cash-out without amount cashes out the whole stack; close_session frees the seat', async () => {
    const own = await startTestVenue({ autoplay: false });
    try {
      await move(own, 'buy-in', { player_name: 'Olek Brandt', amount: 80, idempotency_key: freshKey('olek') });
      const out = await move(own, 'cash-out', {
        player_name: 'olek  brandt',
        close_session: true,
        idempotency_key: freshKey('olek-out'),
      });
      expect(out.body).toMatchObject({
        ok: true,
        kind: 'cash_out',
        amount: 80,
        delta: -80,
        stack_after: 0,
        session_closed: true,
      });
      expect(own.inspect.trueTable().seats.some((seat) => seat.name === 'Olek Brandt')).toBe(false);
    } finally {
      await own.close();
    }
  });

  it('Host 1b: a buy-in for a seated player tops up the same seat and player_id', async () => {
    const name = seatedName(venue);
    const seat = venue.inspect.trueTable().seats.find((candidate) => candidate.name === name);
    const answer = await move(venue, 'buy-in', { player_name: name, amount: 25, idempotency_key: freshKey('topup') });
    expect(answer.body).toMatchObject({
      ok: true,
      seat_id: seat?.seat_id,
      player_id: seat?.player_id,
      stack_before: seat?.stack,
      delta: 25,
    });
  });

  it('Host 2: a cash-out above the stack is refused insufficient_stack and changes nothing', async () => {
    const name = seatedName(venue);
    const before = venue.inspect.trueTable().seats.find((seat) => seat.name === name)?.stack ?? 0;
    const answer = await move(venue, 'cash-out', {
      player_name: name,
      amount: before + 1,
      idempotency_key: freshKey('over'),
    });
    expect(answer.body).toMatchObject({ ok: false, reason: 'insufficient_stack' });
    expect(venue.inspect.trueTable().seats.find((seat) => seat.name === name)?.stack).toBe(before);
  });

  it('Host 3: a buy-in for a new name when every seat is taken is refused table_full', async () => {
    const full = await startTestVenue({ autoplay: false });
    try {
      expect(
        (await move(full, 'buy-in', { player_name: 'Last Chair', amount: 50, idempotency_key: freshKey('chair') })).body
          .ok,
      ).toBe(true);
      const answer = await move(full, 'buy-in', {
        player_name: 'No Chair',
        amount: 50,
        idempotency_key: freshKey('nochair'),
      });
      expect(answer.body).toMatchObject({ ok: false, reason: 'table_full' });
    } finally {
      await full.close();
    }
  });
});

describe('transaction 400 codes', () => {
  const key = 'valid-key-0001';
  const cases: [string, 'buy-in' | 'cash-out', unknown, string][] = [
    ['a JSON array body', 'buy-in', [1, 2], 'bad_body'],
    ['a JSON string body', 'buy-in', 'buy in please', 'bad_body'],
    ['a missing idempotency_key', 'buy-in', { player_name: 'A', amount: 1 }, 'idempotency_key_required'],
    ['an idempotency_key too short', 'buy-in', { player_name: 'A', amount: 1, idempotency_key: 'short' }, 'bad_body'],
    [
      'an idempotency_key with a space',
      'buy-in',
      { player_name: 'A', amount: 1, idempotency_key: 'has space 123' },
      'bad_body',
    ],
    [
      'an idempotency_key of 129 characters',
      'buy-in',
      { player_name: 'A', amount: 1, idempotency_key: 'k'.repeat(129) },
      'bad_body',
    ],
    ['a missing player_name', 'buy-in', { amount: 1, idempotency_key: key }, 'bad_player_name'],
    [
      'a player_name of 65 characters',
      'buy-in',
      { player_name: 'x'.repeat(65), amount: 1, idempotency_key: key },
      'bad_player_name',
    ],
    ['a numeric player_name', 'buy-in', { player_name: 42, amount: 1, idempotency_key: key }, 'bad_player_name'],
    ['an empty player_name', 'buy-in', { player_name: '', amount: 1, idempotency_key: key }, 'bad_player_name'],
    ['a buy-in without amount', 'buy-in', { player_name: 'A', idempotency_key: key }, 'bad_amount'],
    ['an amount sent as a string', 'buy-in', { player_name: 'A', amount: '10', idempotency_key: key }, 'bad_amount'],
    ['an amount of 0', 'buy-in', { player_name: 'A', amount: 0, idempotency_key: key }, 'bad_amount'],
    ['a negative amount', 'cash-out', { player_name: 'A', amount: -5, idempotency_key: key }, 'bad_amount'],
    [
      'an amount over 1000000',
      'buy-in',
      { player_name: 'A', amount: 1_000_000.01, idempotency_key: key },
      'bad_amount',
    ],
    [
      'close_session on a buy-in',
      'buy-in',
      { player_name: 'A', amount: 1, close_session: true, idempotency_key: key },
      'bad_body',
    ],
    [
      'a close_session that is not a boolean',
      'cash-out',
      { player_name: 'A', close_session: 'yes', idempotency_key: key },
      'bad_body',
    ],
  ];
  for (const [label, action, body, code] of cases) {
    it(`Body: ${label} -> 400 ${code}, nothing forwarded`, async () => {
      const before = venue.inspect.ledger().length;
      const answer = await move(venue, action, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(code);
      expect(venue.inspect.ledger()).toHaveLength(before);
    });
  }

  it('Body: an amount of exactly 1000000 is accepted', async () => {
    const answer = await move(venue, 'buy-in', {
      player_name: seatedName(venue),
      amount: 1_000_000,
      idempotency_key: freshKey('max'),
    });
    expect(answer.status).toBe(200);
  });

  it('Body: the reply to a body error is not stored; the same key with a good body applies', async () => {
    const reused = freshKey('reused');
    expect(
      (await move(venue, 'buy-in', { player_name: seatedName(venue), amount: '5', idempotency_key: reused })).status,
    ).toBe(400);
    expect(
      (await move(venue, 'buy-in', { player_name: seatedName(venue), amount: 5, idempotency_key: reused })).body.ok,
    ).toBe(true);
  });

  it('Body: GET on a transaction route is not a route (404)', async () => {
    expect(await call(venue, '/transactions/buy-in')).toMatchObject({ status: 404, body: { error: 'not_found' } });
  });
});
