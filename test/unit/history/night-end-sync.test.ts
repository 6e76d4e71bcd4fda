/**
 * The night-end sync's one retry: a run that found nothing new (not published yet, or no new hand) asks once more
 * after the retry delay; a run that fetched hands or failed does not; one retry at a time; none for a store that is
 * no longer the open one, and none after cancel.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NightEndSync } from '../../../main/core/history/night-end-sync';
import type { SyncOutcome, SyncReason } from '../../../main/core/history/sync-runner';

const RETRY_MS = 60_000;
const NOT_PUBLISHED: SyncOutcome = { status: 'not_published', requests: 1 };
const NOTHING_NEW: SyncOutcome = { status: 'synced', fetched: 0, requests: 1, usedPages: false };
const FETCHED: SyncOutcome = { status: 'synced', fetched: 12, requests: 1, usedPages: false };
const FAILED: SyncOutcome = { status: 'failed', error: { kind: 'network', message: 'venue unreachable' } };

/** A store whose runs answer the given outcomes in turn (the last one repeats), recording each reason asked. */
function store(...outcomes: SyncOutcome[]) {
  const reasons: SyncReason[] = [];
  return {
    reasons,
    requestSync: async (reason: SyncReason): Promise<SyncOutcome> => {
      reasons.push(reason);
      return outcomes[Math.min(reasons.length - 1, outcomes.length - 1)] ?? NOTHING_NEW;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('night-end sync', () => {
  it('asks once more after the retry delay when the night was not published yet, then stops', async () => {
    const history = store(NOT_PUBLISHED, FETCHED);
    const sync = new NightEndSync(() => history, RETRY_MS);
    sync.request('session_closed');
    await vi.advanceTimersByTimeAsync(RETRY_MS - 1);
    expect(history.reasons).toEqual(['session_closed']);
    await vi.advanceTimersByTimeAsync(1);
    expect(history.reasons).toEqual(['session_closed', 'session_closed']);
    await vi.advanceTimersByTimeAsync(RETRY_MS * 3);
    expect(history.reasons).toHaveLength(2);
  });

  it('retries a run that found no new hand, but not one that fetched hands or failed', async () => {
    const nothingNew = store(NOTHING_NEW);
    new NightEndSync(() => nothingNew, RETRY_MS).request('live_gap');
    const fetched = store(FETCHED);
    new NightEndSync(() => fetched, RETRY_MS).request('live_gap');
    const failed = store(FAILED);
    new NightEndSync(() => failed, RETRY_MS).request('live_gap');
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(nothingNew.reasons).toEqual(['live_gap', 'live_gap']);
    expect(fetched.reasons).toEqual(['live_gap']);
    expect(failed.reasons).toEqual(['live_gap']);
  });

  it('keeps one retry pending however many night ends arrive meanwhile', async () => {
    const history = store(NOT_PUBLISHED, NOT_PUBLISHED, NOT_PUBLISHED, FETCHED);
    const sync = new NightEndSync(() => history, RETRY_MS);
    sync.request('session_closed');
    sync.request('live_gap');
    await vi.advanceTimersByTimeAsync(0);
    expect(history.reasons).toEqual(['session_closed', 'live_gap']);
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(history.reasons).toEqual(['session_closed', 'live_gap', 'session_closed']);
  });

  it('makes no retry for a store that is no longer the open one, nor after cancel', async () => {
    const first = store(NOT_PUBLISHED);
    let current: ReturnType<typeof store> | null = first;
    const sync = new NightEndSync(() => current, RETRY_MS);
    sync.request('session_closed');
    await vi.advanceTimersByTimeAsync(0);
    current = store(FETCHED);
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(first.reasons).toEqual(['session_closed']);

    const second = store(NOT_PUBLISHED);
    current = second;
    sync.request('session_closed');
    await vi.advanceTimersByTimeAsync(0);
    sync.cancel();
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(second.reasons).toEqual(['session_closed']);

    current = null;
    sync.request('session_closed');
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(second.reasons).toEqual(['session_closed']);
  });
});
