// One rate-limit budget per key: a 429 pauses every REST caller of the client until the venue's retry_after_sec,
// never shorter; a pause longer than a call should wait fails calls at once; a key that never worked is not sent.
import { describe, expect, it } from 'vitest';
import { venueHistorySource } from '../../../main/core/history/index';
import { budgetedHistorySource } from '../../../main/core/session/history-budget';
import { RateLimitedError, UnauthorizedError, VenueClient } from '../../../main/core/venue/index';
import { FakeClock, settle } from '../../support/venue-fake-clock';

type Reply = { status: number; body: unknown };

const KEY_INFO = { kid: 'k1', venue: 'v1', scopes: [], iat: null, live: true };
const LIVE_STATE = { live: true, ts: 1, state: null };
const HAND = {};

function venue(first: Reply | null) {
  const calls: string[] = [];
  let pending = first;
  const fetchImpl: typeof fetch = async (input) => {
    const url = String(input);
    calls.push(url.replace('http://venue.test/v1', ''));
    const scripted = pending;
    pending = null;
    const reply =
      scripted ??
      (url.endsWith('/key')
        ? { status: 200, body: KEY_INFO }
        : url.includes('/hands/')
          ? { status: 200, body: HAND }
          : { status: 200, body: LIVE_STATE });
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  };
  const clock = new FakeClock();
  return {
    api: new VenueClient({ baseUrl: 'http://venue.test/v1', key: 'secret-key', fetchImpl, clock }),
    calls,
    clock,
  };
}

const limited = (seconds: number): Reply => ({
  status: 429,
  body: { error: 'rate_limited', retry_after_sec: seconds },
});

describe('one rate-limit pause for every caller', () => {
  it(
    'a 429 on the host probe pauses facts, detail backfill and history until ' + 'retry_after_sec, then all proceed',
    async () => {
      const { api, calls, clock } = venue(limited(30));
      const probe = api.liveState();
      await settle();
      expect(api.pausedUntil).toBe(clock.now() + 30_000);
      // Only whether and when each request leaves matters here, not its answer.
      const others = Promise.all(
        [api.keyInfo(), api.hand('h1'), api.handsSince({ since: 0 })].map((call) => call.catch(() => null)),
      );
      await settle();
      await clock.advance(29_999);
      await settle();
      expect(calls).toEqual(['/live/state']);
      await clock.advance(1);
      await settle();
      await expect(probe).resolves.toMatchObject({ live: true });
      await others;
      expect(calls.slice(1).sort()).toEqual(['/hands/h1', '/hands?since=0', '/key', '/live/state']);
      expect(api.pausedUntil).toBeNull();
    },
  );

  it('the history sync, through its own budget, waits out a pause the host probe met', async () => {
    const { api, calls, clock } = venue(limited(45));
    const history = budgetedHistorySource(venueHistorySource(api), 180, clock);
    const probe = api.liveState();
    await settle();
    const walk = history.handsCursor({ since: 0 }).catch(() => null);
    await settle();
    await clock.advance(44_999);
    await settle();
    expect(calls).toEqual(['/live/state']);
    await clock.advance(1);
    await settle();
    await probe;
    await walk;
    expect(calls).toContain('/hands?since=0');
  });

  it("never retries before the venue's stated time, even past the old 60 s cap", async () => {
    const { api, calls, clock } = venue(limited(120));
    const pending = api.keyInfo();
    await settle();
    await clock.advance(60_000);
    await settle();
    expect(calls).toHaveLength(1);
    await clock.advance(60_000);
    await expect(pending).resolves.toMatchObject({ kid: 'k1' });
    expect(calls).toHaveLength(2);
  });

  it('a pause longer than 15 min fails calls at once, sends nothing until it ends', async () => {
    const { api, calls, clock } = venue(limited(1_800));
    const error = await api.keyInfo().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSec).toBe(1_800);
    const later = await api.venue().catch((caught: unknown) => caught);
    expect(later).toBeInstanceOf(RateLimitedError);
    expect(calls).toHaveLength(1);
    await clock.advance(1_800_000);
    await expect(api.keyInfo()).resolves.toMatchObject({ kid: 'k1' });
    expect(calls).toHaveLength(2);
  });

  it('a key that never worked (401 from the start) is not sent again: /key and /venue fail at once', async () => {
    const { api, calls } = venue({ status: 401, body: { error: 'unauthorized' } });
    await expect(api.keyInfo()).rejects.toBeInstanceOf(UnauthorizedError);
    expect(api.access).toBe('rejected');
    for (let round = 0; round < 3; round += 1) {
      await expect(api.keyInfo()).rejects.toBeInstanceOf(UnauthorizedError);
      await expect(api.venue()).rejects.toBeInstanceOf(UnauthorizedError);
    }
    expect(calls).toEqual(['/key']);
  });

  it('a pause the venue states as 1e308 s ends after a day, not never', async () => {
    const { api, calls, clock } = venue(limited(1e308));
    await expect(api.keyInfo()).rejects.toBeInstanceOf(RateLimitedError);
    expect(api.pausedUntil).toBe(clock.now() + 24 * 60 * 60 * 1000);
    await clock.advance(24 * 60 * 60 * 1000);
    await expect(api.keyInfo()).resolves.toMatchObject({ kid: 'k1' });
    expect(calls).toHaveLength(2);
  });
});
