// Conformance over real sockets: the per-key request budget, the separate write budget and the socket limit.
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningDemoVenue } from '../../../main/demo/index';
import {
  call,
  freshKey,
  move,
  openSocket,
  startTestVenue,
  UpgradeRefused,
  type RecordingSocket,
} from '../../support/demo-live-client';

let venue: RunningDemoVenue | undefined;
afterEach(async () => {
  await venue?.close();
  venue = undefined;
});

describe('limits', () => {
  it('Limits 1: over the requests-per-minute budget a key gets 429 rate_limited with retry_after_sec', async () => {
    venue = await startTestVenue({ autoplay: false, rateLimits: { requestsPerMinute: 5 } });
    for (let i = 0; i < 5; i += 1) expect((await call(venue, '/venue')).status).toBe(200);
    const limited = await call(venue, '/live/state');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('rate_limited');
    expect(Number.isInteger(limited.body.retry_after_sec)).toBe(true);
    expect(limited.body.retry_after_sec as number).toBeGreaterThan(0);
    expect(limited.body.retry_after_sec as number).toBeLessThanOrEqual(60);
    // The public discovery document is not on the key's budget.
    expect((await call(venue, '/', { key: null })).status).toBe(200);
  });

  it('Limits 2: transaction writes have their own budget, untouched by reads and exhausted separately', async () => {
    venue = await startTestVenue({ autoplay: false, rateLimits: { requestsPerMinute: 3, writesPerMinute: 2 } });
    for (let i = 0; i < 3; i += 1) await call(venue, '/venue');
    expect((await call(venue, '/venue')).status).toBe(429);
    const first = await move(venue, 'buy-in', {
      player_name: 'Budget One',
      amount: 10,
      idempotency_key: freshKey('w1'),
    });
    const second = await move(venue, 'buy-in', {
      player_name: 'Budget One',
      amount: 10,
      idempotency_key: freshKey('w2'),
    });
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await move(venue, 'buy-in', {
      player_name: 'Budget One',
      amount: 10,
      idempotency_key: freshKey('w3'),
    });
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ error: 'rate_limited' });
    expect(venue.inspect.ledger()).toHaveLength(2);
  });

  it(
    'Limits 3: a key holds at most 5 sockets; the 6th upgrade is refused with ' +
      'HTTP 429 and a closed one frees a slot',
    async () => {
      venue = await startTestVenue({ autoplay: false });
      const open: RecordingSocket[] = [];
      for (let i = 0; i < 5; i += 1) open.push(await openSocket(venue));
      await expect(openSocket(venue)).rejects.toEqual(new UpgradeRefused(429));
      const first = open.shift() as RecordingSocket;
      first.close();
      await first.closed;
      open.push(await openSocket(venue));
      for (const socket of open) socket.close();
      await Promise.all(open.map((socket) => socket.closed));
    },
  );
});
