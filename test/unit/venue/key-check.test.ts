// GET /key as the judge of a doubtful socket close: only its 401 withdraws a working key. A network failure, a
// timeout, a 5xx or a 429 during an outage say nothing about the key.
import { describe, expect, it } from 'vitest';
import { VenueClient } from '../../../main/core/venue/index';
import { FakeClock } from '../../support/venue-fake-clock';

const KEY_INFO = { kid: 'k1', venue: 'v1', scopes: [], iat: null, live: true };

/** A client whose first GET /key works; later ones get `next()` (a Response, or a thrown network failure). */
function client(next: () => Promise<Response>): VenueClient {
  let calls = 0;
  const fetchImpl: typeof fetch = () => {
    calls += 1;
    return calls === 1 ? Promise.resolve(new Response(JSON.stringify(KEY_INFO), { status: 200 })) : next();
  };
  return new VenueClient({
    baseUrl: 'http://venue.test/v1',
    key: 'secret-key',
    fetchImpl,
    clock: new FakeClock(),
    maxRateLimitRetries: 0,
  });
}

const answer = (status: number, body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('GET /key judging a doubtful close', () => {
  it.each([
    ['a network failure', () => Promise.reject(new TypeError('fetch failed'))],
    ['a 503', answer(503, { error: 'unavailable' })],
    ['a 502 page that is not JSON', () => Promise.resolve(new Response('<html>bad gateway</html>', { status: 502 }))],
    ['a 429', answer(429, { error: 'rate_limited', retry_after_sec: 1 })],
  ])('%s leaves a working key working', async (_name, next) => {
    const venue = client(next);
    await venue.keyInfo();
    expect(await venue.checkKey()).toBe('working');
  });

  it('a 401 withdraws it', async () => {
    const venue = client(answer(401, { error: 'unauthorized' }));
    await venue.keyInfo();
    expect(await venue.checkKey()).toBe('withdrawn');
  });
});
