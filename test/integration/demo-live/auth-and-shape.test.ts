// Conformance over real sockets: authentication, discovery, CORS and the error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningDemoVenue } from '../../../main/demo/index';
import { call, openSocket, startTestVenue, UpgradeRefused } from '../../support/demo-live-client';

let venue: RunningDemoVenue;
beforeAll(async () => {
  venue = await startTestVenue({ autoplay: false });
});
afterAll(() => venue.close());

describe('authentication', () => {
  it('Auth 1: REST takes the key as Authorization: Bearer', async () => {
    const answer = await call(venue, '/key');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ venue: venue.venueId, live: true });
    expect(typeof answer.body.kid).toBe('string');
    expect(Array.isArray(answer.body.scopes)).toBe(true);
    expect(Number.isInteger(answer.body.iat)).toBe(true);
  });

  it('Auth 2: the socket takes the key as the key query parameter; a bad key is refused with 401', async () => {
    const socket = await openSocket(venue);
    const state = await socket.waitFor((frame) => frame.type === 'state');
    expect(state.live).toBe(true);
    socket.close();
    await expect(openSocket(venue, {}, 'vk_demo_not_a_real_key')).rejects.toEqual(new UpgradeRefused(401));
    await expect(openSocket(venue, {}, null)).rejects.toEqual(new UpgradeRefused(401));
  });

  it('Auth 3: GET / is public; venue and live appear only with a valid key', async () => {
    const anonymous = await call(venue, '/', { key: null });
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({ version: 1, updated: '2026-09-26' });
    for (const field of ['name', 'endpoints', 'changelog', 'webhook_kinds', 'planes'])
      expect(anonymous.body).toHaveProperty(field);
    expect(anonymous.body).not.toHaveProperty('venue');
    expect(anonymous.body).not.toHaveProperty('live');
    const keyed = await call(venue, '/');
    expect(keyed.body).toMatchObject({ venue: venue.venueId, live: true });
    const badKey = await call(venue, '/', { key: 'vk_wrong_key_123' });
    expect(badKey.status).toBe(200);
    expect(badKey.body).not.toHaveProperty('venue');
  });

  it('Auth 4: a missing, malformed or unknown key gets 401 {error: unauthorized} on every other endpoint', async () => {
    const attempts = [
      call(venue, '/venue', { key: null }),
      call(venue, '/venue', { key: null, headers: { Authorization: `Basic ${venue.key}` } }),
      call(venue, '/venue', { key: null, headers: { Authorization: 'Bearer' } }),
      call(venue, '/live/state', { key: 'vk_demo_unknown_key' }),
      call(venue, '/hands', { key: null }),
      call(venue, '/transactions/buy-in', {
        key: null,
        body: { player_name: 'A', amount: 1, idempotency_key: 'abcdefgh' },
      }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: 'unauthorized' });
    }
  });

  it('Auth 6: a revoked key gets 401 and its open socket closes at once; restoring it lets it back in', async () => {
    const socket = await openSocket(venue);
    await socket.waitFor((frame) => frame.type === 'state');
    venue.faults.revokeKey();
    const closed = await socket.closed;
    expect(closed.code).toBe(1008);
    expect((await call(venue, '/key')).status).toBe(401);
    await expect(openSocket(venue)).rejects.toEqual(new UpgradeRefused(401));
    venue.faults.restoreKey();
    expect((await call(venue, '/key')).status).toBe(200);
  });
});

describe('venue documents', () => {
  it('Venue: GET /venue carries venue_id, name, live, table_name, game and money_mode once published', async () => {
    const answer = await call(venue, '/venue');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ venue_id: venue.venueId, live: true, money_mode: 'bb' });
    const game = answer.body.game as Record<string, unknown>;
    expect(game.blinds).toMatchObject({ small_blind: 1, big_blind: 2 });
  });

  it('Venue: money_mode is omitted until the venue has published', async () => {
    const unpublished = await startTestVenue({ autoplay: false, published: false });
    try {
      const answer = await call(unpublished, '/venue');
      expect(answer.status).toBe(200);
      expect(answer.body).not.toHaveProperty('money_mode');
      expect((await call(unpublished, '/hands')).status).toBe(404);
    } finally {
      await unpublished.close();
    }
  });
});

describe('CORS and errors', () => {
  it('CORS 1: a preflight OPTIONS allows every origin, the Authorization and Content-Type headers', async () => {
    const response = await fetch(`${venue.baseUrl}/transactions/buy-in`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://example.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    expect(allowed).toContain('authorization');
    expect(allowed).toContain('content-type');
  });

  it('CORS 2: every response, errors included, carries the CORS headers and exposes Idempotent-Replay', async () => {
    for (const answer of [
      await call(venue, '/venue'),
      await call(venue, '/venue', { key: null }),
      await call(venue, '/nowhere'),
    ]) {
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect((answer.headers.get('access-control-expose-headers') ?? '').toLowerCase()).toContain('idempotent-replay');
    }
  });

  it('Errors 1: an unknown route is 404 {error: not_found}, inside and outside /v1', async () => {
    expect(await call(venue, '/no/such/route')).toMatchObject({ status: 404, body: { error: 'not_found' } });
    const outside = await fetch(venue.baseUrl.replace('/v1', '/v2/venue'), {
      headers: { Authorization: `Bearer ${venue.key}` },
    });
    expect(outside.status).toBe(404);
    expect(await outside.json()).toEqual({ error: 'not_found' });
    expect(await call(venue, '/transactions/refund', { body: {} })).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    });
  });

  it('Errors 2: a body that is not JSON is 400 bad_body', async () => {
    const answer = await call(venue, '/transactions/buy-in', { method: 'POST', rawBody: '{"player_name": ' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('bad_body');
  });
});
