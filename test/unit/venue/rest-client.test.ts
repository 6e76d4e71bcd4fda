import { describe, expect, it } from 'vitest';
import type { VenueApiError } from '../../../main/core/venue/index';
import {
  AccessWithdrawnError,
  BadRequestError,
  ConflictError,
  HostOfflineError,
  HostTimeoutError,
  NotFoundError,
  RateLimitedError,
  SPEC_UPDATED,
  UnauthorizedError,
  UnknownWebhookKindError,
  VENUE_ERROR_CODES,
  VenueClient,
  VenueNetworkError,
  VenueProtocolError,
  venueErrorFromResponse,
} from '../../../main/core/venue/index';
import { FakeClock, settle } from '../../support/venue-fake-clock';

type Reply = { status: number; body: unknown } | Error;

/** A fetch that answers from a script and records what was asked. */
function scriptedFetch(replies: Reply[] | ((url: string) => Reply)) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = String(input);
    calls.push({ url, init });
    const reply = typeof replies === 'function' ? replies(url) : replies.shift();
    if (reply === undefined) throw new Error('no scripted reply left');
    if (reply instanceof Error) throw reply;
    return new Response(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body), {
      status: reply.status,
    });
  };
  return { fetchImpl, calls };
}

const OK_KEY = { status: 200, body: { kid: 'k1', venue: 'v1', scopes: [], iat: null, live: true } };

function client(
  replies: Reply[] | ((url: string) => Reply),
  clock = new FakeClock(),
  extra: Partial<ConstructorParameters<typeof VenueClient>[0]> = {},
) {
  const { fetchImpl, calls } = scriptedFetch(replies);
  return {
    api: new VenueClient({ baseUrl: 'http://venue.test/v1', key: 'secret-key', fetchImpl, clock, ...extra }),
    calls,
    clock,
  };
}

describe('error mapping', () => {
  const expected: Record<string, new (...args: never[]) => VenueApiError> = {
    bad_since: BadRequestError,
    bad_after_id: BadRequestError,
    bad_body: BadRequestError,
    idempotency_key_required: BadRequestError,
    bad_player_name: BadRequestError,
    bad_amount: BadRequestError,
    bad_url: BadRequestError,
    unknown_kind: UnknownWebhookKindError,
    unauthorized: UnauthorizedError,
    not_found: NotFoundError,
    hand_in_progress: ConflictError,
    in_progress: ConflictError,
    outcome_unknown: ConflictError,
    webhook_limit: ConflictError,
    rate_limited: RateLimitedError,
    host_offline: HostOfflineError,
    host_timeout: HostTimeoutError,
  };
  for (const [status, codes] of Object.entries(VENUE_ERROR_CODES)) {
    for (const code of codes) {
      it(`maps ${status} ${code} to ${expected[code]?.name}`, () => {
        const error = venueErrorFromResponse(
          Number(status),
          { error: code, retry_after_sec: 7, unknown: ['x'], supported: ['hand.finished'] },
          false,
        );
        expect(error).toBeInstanceOf(expected[code] as new (...args: never[]) => VenueApiError);
        expect(error.status).toBe(Number(status));
        expect(error.code).toBe(code);
        expect(error.retryAfterSec).toBe(code === 'rate_limited' ? 7 : null);
      });
    }
  }

  it('keeps unknown_kind details and maps a 401 on a working key to AccessWithdrawnError', () => {
    const kinds = venueErrorFromResponse(
      400,
      { error: 'unknown_kind', unknown: ['x.y'], supported: ['hand.finished'] },
      false,
    );
    expect(kinds).toBeInstanceOf(UnknownWebhookKindError);
    expect((kinds as UnknownWebhookKindError).unknown).toEqual(['x.y']);
    expect((kinds as UnknownWebhookKindError).supported).toEqual(['hand.finished']);
    expect(venueErrorFromResponse(401, { error: 'unauthorized' }, true)).toBeInstanceOf(AccessWithdrawnError);
    expect(venueErrorFromResponse(500, 'oops', false).code).toBe('http_500');
  });

  it('throws the typed error from a client call', async () => {
    const { api } = client([{ status: 409, body: { error: 'webhook_limit' } }]);
    await expect(api.createWebhook('https://example.test/hook')).rejects.toBeInstanceOf(ConflictError);
  });
});

describe('VenueClient', () => {
  it('sends the bearer key and validates answers, ignoring unknown fields', async () => {
    const { api, calls } = client([{ status: 200, body: { ...OK_KEY.body, surprise: { nested: 1 } } }]);
    const info = await api.keyInfo();
    expect(info.kid).toBe('k1');
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBe('Bearer secret-key');
    expect(api.access).toBe('working');
  });

  it('reports a wrong-typed field as VenueProtocolError', async () => {
    const { api } = client([{ status: 200, body: { kid: 42 } }]);
    await expect(api.keyInfo()).rejects.toBeInstanceOf(VenueProtocolError);
  });

  it('a 401 on a key that worked withdraws access: later calls fail fast without a request', async () => {
    const { api, calls } = client([OK_KEY, { status: 401, body: { error: 'unauthorized' } }]);
    const changes: string[] = [];
    api.onAccessChange((access) => changes.push(access));
    await api.keyInfo();
    await expect(api.venue()).rejects.toBeInstanceOf(AccessWithdrawnError);
    expect(api.access).toBe('withdrawn');
    await expect(api.players()).rejects.toBeInstanceOf(AccessWithdrawnError);
    await expect(api.liveState()).rejects.toBeInstanceOf(AccessWithdrawnError);
    const attempt = await api.postTransaction('buy-in', {
      player_name: 'A',
      amount: 10,
      idempotency_key: 'key-000001',
    });
    expect(attempt).toMatchObject({ kind: 'no-response', phase: 'before-send' });
    expect(calls).toHaveLength(2);
    expect(changes).toEqual(['working', 'withdrawn']);
  });

  it('a 401 on a key that never worked is UnauthorizedError and is not retried', async () => {
    const { api, calls } = client([{ status: 401, body: { error: 'unauthorized' } }]);
    const error = await api.keyInfo().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).not.toBeInstanceOf(AccessWithdrawnError);
    expect(api.access).toBe('rejected');
    expect(calls).toHaveLength(1);
  });

  it('a 200 from the public GET / says nothing about the key: a 401 after it is a key that never worked', async () => {
    const discovery = { status: 200, body: { name: 'Venue API', version: 1, updated: SPEC_UPDATED } };
    const { api } = client([discovery, { status: 401, body: { error: 'unauthorized' } }]);
    await api.discovery();
    expect(api.access).toBe('unknown');
    const error = await api.keyInfo().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).not.toBeInstanceOf(AccessWithdrawnError);
    expect(api.access).toBe('rejected');
  });

  it("a 200 that is not the venue's answer (a portal's page) does not make the key a working one", async () => {
    const { api } = client([
      { status: 200, body: '<html>Sign in to the hotel Wi-Fi</html>' },
      { status: 401, body: { error: 'unauthorized' } },
    ]);
    await expect(api.keyInfo()).rejects.toBeInstanceOf(VenueProtocolError);
    expect(api.access).toBe('unknown');
    await expect(api.keyInfo()).rejects.not.toBeInstanceOf(AccessWithdrawnError);
    expect(api.access).toBe('rejected');
  });

  it("a transaction answered by a page that is not the venue's does not make the key a working one", async () => {
    const { api } = client([
      { status: 200, body: '<html>Sign in to the hotel Wi-Fi</html>' },
      { status: 401, body: { error: 'unauthorized' } },
    ]);
    const attempt = await api.postTransaction('buy-in', {
      player_name: 'A',
      amount: 10,
      idempotency_key: 'key-000001',
    });
    expect(attempt).toMatchObject({ kind: 'answered', status: 200 });
    expect(api.access).toBe('unknown');
    await expect(api.keyInfo()).rejects.not.toBeInstanceOf(AccessWithdrawnError);
    expect(api.access).toBe('rejected');
  });

  it('waits retry_after_sec on 429, then retries', async () => {
    const { api, calls, clock } = client([
      { status: 429, body: { error: 'rate_limited', retry_after_sec: 3 } },
      OK_KEY,
    ]);
    const pending = api.keyInfo();
    await settle();
    expect(clock.sleeps).toEqual([3000]);
    expect(calls).toHaveLength(1);
    await clock.advance(3000);
    await expect(pending).resolves.toMatchObject({ kid: 'k1' });
    expect(calls).toHaveLength(2);
  });

  it('gives up with RateLimitedError after a bounded number of 429 waits', async () => {
    const limited = { status: 429, body: { error: 'rate_limited', retry_after_sec: 1 } };
    const { api, calls, clock } = client(() => limited, new FakeClock(), { maxRateLimitRetries: 2 });
    const pending = api.keyInfo().catch((caught: unknown) => caught);
    for (let round = 0; round < 5; round += 1) {
      await settle();
      await clock.advance(1000);
    }
    expect(await pending).toBeInstanceOf(RateLimitedError);
    expect(calls).toHaveLength(3);
  });

  it('resolves historical 404 not_found as null (not yet published) and does not retry', async () => {
    const notFound = { status: 404, body: { error: 'not_found' } };
    const { api, calls } = client(() => notFound);
    expect(await api.players()).toBeNull();
    expect(await api.leaderboard('2026-10')).toBeNull();
    expect(await api.sessions()).toBeNull();
    expect(await api.session('s1')).toBeNull();
    expect(await api.handsIndex()).toBeNull();
    expect(await api.handsPage(1)).toBeNull();
    expect(await api.handsSince({ since: 0 })).toBeNull();
    expect(await api.hand('h1')).toBeNull();
    expect(await api.player('p1')).toBeNull();
    expect(calls).toHaveLength(9);
    await expect(api.deleteWebhook('w1')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('builds cursor queries as the spec names them and keeps the cursor null', async () => {
    const { api, calls } = client([
      { status: 200, body: { order: 'asc', count: 0, complete: true, hands: [], cursor: null } },
    ]);
    const page = await api.handsSince({ since: 12.5, afterId: 'h-9' });
    expect(page?.cursor).toBeNull();
    expect(calls[0]?.url).toBe('http://venue.test/v1/hands?since=12.5&after_id=h-9');
  });

  it('turns a network failure and a timeout into VenueNetworkError', async () => {
    const { api } = client([new TypeError('fetch failed')]);
    await expect(api.keyInfo()).rejects.toBeInstanceOf(VenueNetworkError);
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const slow = new VenueClient({ baseUrl: 'http://venue.test/v1', key: 'k', fetchImpl: hanging, timeoutMs: 20 });
    const error = await slow.keyInfo().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VenueNetworkError);
    expect((error as VenueNetworkError).timedOut).toBe(true);
  });

  it('surfaces interface drift as a value', async () => {
    const { api } = client([
      { status: 200, body: { name: 'x', version: 1, updated: '2026-10-30', changelog: 'https://venue.test/changes' } },
      { status: 200, body: { name: 'x', version: 1, updated: SPEC_UPDATED } },
      { status: 200, body: { name: 'x', version: 1 } },
    ]);
    expect(await api.checkDrift()).toMatchObject({
      drift: 'newer',
      venueUpdated: '2026-10-30',
      changelog: 'https://venue.test/changes',
    });
    expect(await api.checkDrift()).toMatchObject({ drift: 'none' });
    expect(await api.checkDrift()).toMatchObject({ drift: 'unknown', venueUpdated: null });
  });

  it('postTransaction passes through the write budget and reports the venue answer', async () => {
    const { api, calls } = client([{ status: 200, body: { ok: true } }]);
    const attempt = await api.postTransaction('cash-out', { player_name: 'A', idempotency_key: 'key-000002' });
    expect(attempt).toMatchObject({ kind: 'answered', status: 200 });
    expect(calls[0]?.url).toBe('http://venue.test/v1/transactions/cash-out');
  });
});

describe('client-side budgets', () => {
  it('queues the 241st request of a minute until the window slides, without failing', async () => {
    const clock = new FakeClock();
    const { api, calls } = client(() => OK_KEY, clock);
    const all = Array.from({ length: 241 }, () => api.keyInfo());
    await settle(30);
    expect(calls).toHaveLength(240);
    await clock.advance(59_999);
    await settle();
    expect(calls).toHaveLength(240);
    await clock.advance(1);
    await settle();
    expect(calls).toHaveLength(241);
    await Promise.all(all);
  });

  it('keeps writes under 60 per minute on their own budget', async () => {
    const clock = new FakeClock();
    const { api, calls } = client(() => ({ status: 200, body: {} }), clock);
    const writes = Array.from({ length: 61 }, (_, index) =>
      api.postTransaction('buy-in', {
        player_name: 'A',
        amount: 1,
        idempotency_key: `key-${String(index).padStart(6, '0')}`,
      }),
    );
    await settle(30);
    expect(calls).toHaveLength(60);
    await clock.advance(60_000);
    await settle();
    expect(calls).toHaveLength(61);
    await Promise.all(writes);
    expect(calls.every((call) => call.url.includes('/transactions/'))).toBe(true);
  });
});
