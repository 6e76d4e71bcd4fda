import { afterEach, describe, expect, it } from 'vitest';
import { History, HistorySourceError, type HandSummary } from '../../../main/core/history/index';
import { fakeHand, FakeHistorySource } from '../../support/history-fake-source';
import { removeTempHistoryDirs, tempHistoryDir } from '../../support/history-temp';
import { handListQuery, MAX_HISTORY_PAGE } from '../../support/history-args';

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => fakeHand(from + i));

async function storedIds(history: History): Promise<string[]> {
  const { data } = history.listHands(handListQuery({ offset: 0, limit: MAX_HISTORY_PAGE }));
  const ids: string[] = [];
  for (let offset = 0; offset < (data?.total ?? 0); offset += MAX_HISTORY_PAGE) {
    ids.push(
      ...(history.listHands(handListQuery({ offset, limit: MAX_HISTORY_PAGE })).data?.rows ?? []).map(
        (row) => row.hand_id,
      ),
    );
  }
  return ids;
}

function expectExact(ids: readonly string[], source: FakeHistorySource): void {
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort()).toEqual(source.handIds().sort());
}

afterEach(removeTempHistoryDirs);

describe('history cursor sync', () => {
  it(
    'syncs everything, then sends the stored cursor as after_id (with since) ' + 'and keeps it when the answer is null',
    async () => {
      const source = new FakeHistorySource({ cursorWalkCap: 5000 });
      source.publish(range(0, 1000));
      const history = await History.open({ dir: await tempHistoryDir(), source });
      const first = await history.requestSync('start');
      expect(first).toMatchObject({ status: 'synced', fetched: 1000, usedPages: false });
      expectExact(await storedIds(history), source);
      expect(source.cursorQueries()[0]).toEqual({ since: 0 });

      const before = source.requests.length;
      expect(await history.requestSync('on_demand')).toMatchObject({ status: 'synced', fetched: 0 });
      const second = source.cursorQueries().slice(-1)[0];
      const newest = source.hands[999];
      expect(second).toEqual({ since: newest?.ts, afterId: newest?.hand_id });
      // Nothing new answered cursor: null; the next walk must still start from the same hand, not from the oldest.
      await history.requestSync('on_demand');
      expect(source.cursorQueries().slice(-1)[0]).toEqual(second);
      expect(source.requests.length - before).toBeLessThan(10);
      await history.close();
    },
  );

  it('stores the cursor the venue returns instead of inferring one from the array', async () => {
    const source = new FakeHistorySource();
    source.publish(range(0, 50));
    // The venue anchors its cursor on hand 40 although it returned up to hand 49.
    source.cursorOverride = () => ({ ts: source.hands[40]?.ts ?? 0, hand_id: 'h-0000040' });
    const history = await History.open({ dir: await tempHistoryDir(), source });
    await history.requestSync('start');
    // A venue that keeps answering the cursor it was sent gets asked once more, not in a loop.
    expect(source.count('cursor')).toBe(2);
    source.cursorOverride = null;
    await history.requestSync('on_demand');
    expect(source.cursorQueries().some((query) => query.afterId === 'h-0000040')).toBe(true);
    expectExact(await storedIds(history), source);
    await history.close();
  });

  it('falls back to newest-first pages on complete: false and re-cursors from the newest hand', async () => {
    const source = new FakeHistorySource({ cursorWalkCap: 50, pageSize: 40 });
    source.publish(range(0, 300));
    const history = await History.open({ dir: await tempHistoryDir(), source });
    await history.requestSync('start');
    const firstRun = source.requests.length;
    source.publish(range(300, 500));
    const outcome = await history.requestSync('session_closed');
    expect(outcome).toMatchObject({ status: 'synced', usedPages: true, fetched: 200 });
    expectExact(await storedIds(history), source);
    // Pages the capped walk already returned (the newest 50 = page 1) are skipped, and the walk stops where stored
    // hands begin: pages 2..6 of 40, not all 13.
    const pages = source.requests.slice(firstRun).flatMap((request) => (request.kind === 'page' ? [request.page] : []));
    expect(pages).toEqual([2, 3, 4, 5, 6]);
    const lastCursor = source.cursorQueries().slice(-1)[0];
    expect(lastCursor?.afterId).toBe(source.hands[499]?.hand_id);
    await history.close();
  });

  it('tolerates pages shifting while it walks them (a publish mid-walk): nothing lost, nothing doubled', async () => {
    const source = new FakeHistorySource({ cursorWalkCap: 30, pageSize: 25 });
    source.publish(range(0, 200));
    let published = false;
    source.beforePage = (page) => {
      if (page === 3 && !published) {
        published = true;
        source.publish(range(200, 260));
      }
    };
    const history = await History.open({ dir: await tempHistoryDir(), source });
    await history.requestSync('start');
    expectExact(await storedIds(history), source);
    await history.close();
  });

  it('resumes after a drop mid-sync and ends exact, across a reopen', async () => {
    const dir = await tempHistoryDir();
    const source = new FakeHistorySource({ cursorWalkCap: 100 });
    source.publish(range(0, 1000));
    source.failAfter = 4;
    let history = await History.open({ dir, source, commitBatch: 30 });
    expect(await history.requestSync('start')).toMatchObject({ status: 'failed', error: { kind: 'offline' } });
    const partial = await storedIds(history);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(1000);
    await history.close();
    source.failAfter = null;
    history = await History.open({ dir, source, commitBatch: 30 });
    expect(history.listHands(handListQuery({ offset: 0, limit: 1 })).data?.total).toBe(partial.length);
    await history.requestSync('start');
    expectExact(await storedIds(history), source);
    await history.close();
  });

  describe('a refused cursor (400 bad_after_id / bad_since) never re-walks from the oldest hand', () => {
    const published = 100_000;
    let source: FakeHistorySource;
    let history: History;

    /** A venue of 100,000 synced hands whose newest stored hand (the cursor's anchor) was withdrawn, then 20 more. */
    async function syncedThenAnchorWithdrawn(): Promise<HandSummary> {
      source = new FakeHistorySource({ cursorWalkCap: Number.MAX_SAFE_INTEGER, pageSize: 2000 });
      source.publish(range(0, published));
      history = await History.open({ dir: await tempHistoryDir(), source });
      await history.requestSync('start');
      const anchor = source.hands[published - 1] as HandSummary;
      // A hand published in the anchor's own second must not be lost to since's exclusive ts.
      source.hands = source.hands.filter((hand) => hand.hand_id !== anchor.hand_id);
      source.publish([fakeHand(published + 500, { ts: anchor.ts }), ...range(published, published + 20)]);
      source.summariesServed = 0;
      return anchor;
    }

    it('retries with since alone', async () => {
      const anchor = await syncedThenAnchorWithdrawn();
      const before = source.cursorQueries().length;
      expect(await history.requestSync('on_demand')).toMatchObject({ status: 'synced', fetched: 21, usedPages: false });
      expect(source.cursorQueries().slice(-3, -1)).toEqual([
        { since: anchor.ts, afterId: anchor.hand_id },
        { since: anchor.ts - 1 },
      ]);
      expect(source.summariesServed).toBeLessThan(30);
      // Refused anchor, since alone, then the new cursor (nothing newer): three cursor requests in all.
      expect(source.cursorQueries().length - before).toBe(3);
      expect(history.listHands(handListQuery({ offset: 0, limit: 1 })).data?.total).toBe(published + 21);
      await history.close();
    });

    it('falls back to pages down to the cursor when since is refused too', async () => {
      const anchor = await syncedThenAnchorWithdrawn();
      source.rejectSince = (since) => since > 0 && since < anchor.ts;
      const before = source.cursorQueries().length;
      expect(await history.requestSync('on_demand')).toMatchObject({ status: 'synced', fetched: 21, usedPages: true });
      expect(source.count('page')).toBe(1);
      expect(source.summariesServed).toBeLessThanOrEqual(2000);
      expect(
        source
          .cursorQueries()
          .slice(before)
          .some((query) => query.since === 0 || (query.afterId === undefined && query.since === undefined)),
      ).toBe(false);
      expect(history.listHands(handListQuery({ offset: 0, limit: 1 })).data?.total).toBe(published + 21);
      await history.close();
    });
  });

  it('coalesces triggers during a run into one follow-up run and reports progress to the remaining count', async () => {
    const source = new FakeHistorySource({ cursorWalkCap: 1000 });
    source.publish(range(0, 500));
    const history = await History.open({ dir: await tempHistoryDir(), source, commitBatch: 50 });
    const seen: Array<{ state: string; remaining: number | null; total: number | null }> = [];
    const unsubscribe = history.subscribe((progress) => seen.push(progress));
    const runs = [history.requestSync('start'), history.requestSync('live_gap'), history.requestSync('on_demand')];
    const [first, second, third] = await Promise.all(runs);
    expect(first).toMatchObject({ status: 'synced', fetched: 500 });
    expect(second).toBe(third);
    expect(source.count('index')).toBe(2);
    expect(
      seen.some((progress) => progress.state === 'syncing' && progress.total === 500 && (progress.remaining ?? 0) > 0),
    ).toBe(true);
    expect(seen.at(-1)).toMatchObject({ state: 'synced', remaining: 0, stored: 500 });
    unsubscribe();
    await history.close();
  });

  it('reports not_published as a state, not an error, and lists no hands', async () => {
    const source = new FakeHistorySource();
    source.published = false;
    const history = await History.open({ dir: await tempHistoryDir(), source });
    expect(await history.requestSync('start')).toMatchObject({ status: 'not_published' });
    expect(history.listHands(handListQuery({ offset: 0, limit: 10 }))).toMatchObject({
      availability: 'not_published',
      data: null,
    });
    expect(source.count('index')).toBe(1);
    await history.close();
  });

  it('waits out a venue-stated 429 a bounded number of times and never retries a withdrawn key', async () => {
    const source = new FakeHistorySource();
    source.publish(range(0, 10));
    source.failures.push(
      new HistorySourceError('rate_limited', 'slow down', 5),
      new HistorySourceError('rate_limited', 'slow down', 5),
    );
    const history = await History.open({ dir: await tempHistoryDir(), source });
    expect(await history.requestSync('start')).toMatchObject({ status: 'synced', fetched: 10 });

    const requestsBefore = source.requests.length;
    source.failures.push(new HistorySourceError('unauthorized', 'key withdrawn'));
    expect(await history.requestSync('on_demand')).toMatchObject({ status: 'failed', error: { kind: 'unauthorized' } });
    expect(source.requests.length).toBe(requestsBefore);
    expect(history.syncProgress()).toMatchObject({ state: 'failed', error: { kind: 'unauthorized' } });
    expect(history.listHands(handListQuery({ offset: 0, limit: 5 }))).toMatchObject({
      stale: true,
      data: { total: 10 },
    });

    const tooMany = Array.from({ length: 4 }, () => new HistorySourceError('rate_limited', 'slow down', 1));
    source.failures.push(...tooMany);
    expect(await history.requestSync('on_demand')).toMatchObject({ status: 'failed', error: { kind: 'rate_limited' } });
    await history.close();
  });
});
