/**
 * The history core against the demo venue at full size (100,000 published hands), over real sockets: a fresh sync
 * that must take the `complete: false` page fallback (the walk cap is below the history size), a SIGKILL mid-sync
 * and its resume, a session close, a republish and a profile merge. After each step the local set must equal the
 * venue's published set exactly: no hand lost, none stored twice.
 */
import type { ChildProcessByStdio } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoVenue, type RunningDemoVenue } from '../../../main/demo/index';
import type { History } from '../../../main/core/history/index';
import { openVenueHistory, storedHandIds } from '../../support/history-venue';
import { spawnTsx } from '../../support/child-processes';
import { removeTempHistoryDirs, tempHistoryDir } from '../../support/history-temp';
import { handListQuery, MAX_HISTORY_PAGE } from '../../support/history-args';

const HANDS = 100_000;
const CURSOR_WALK_CAP = 20_000;
const PAGE_SIZE = 2_000;

let venue: RunningDemoVenue;
let history: History;

function expectExactlyPublished(ids: readonly string[]): void {
  const published = venue.inspect.publishedHandIds();
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.length).toBe(published.length);
  const stored = new Set(ids);
  expect(published.filter((id) => !stored.has(id))).toEqual([]);
}

/**
 * Runs the sync in a child process and SIGKILLs it once it has stored `killAt` hands. Resolves with what it last
 * reported.
 */
function syncAndKill(dir: string, killAt: number): Promise<{ stored: number; killed: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawnTsx<ChildProcessByStdio<null, Readable, null>>(
      'test/support/history-sync-child.ts',
      [venue.baseUrl, venue.key, dir],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let stored = 0;
    let killed = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      const report = JSON.parse(line) as { stored?: number };
      stored = report.stored ?? stored;
      if (!killed && stored >= killAt) {
        killed = child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', () => resolve({ stored, killed }));
  });
}

beforeAll(async () => {
  venue = await startDemoVenue({
    historyHands: HANDS,
    cursorWalkCap: CURSOR_WALK_CAP,
    pageSize: PAGE_SIZE,
    paceMs: 2,
    seed: 11,
    rateLimits: { requestsPerMinute: 100_000 },
  });
}, 120_000);

afterAll(async () => {
  await history?.close();
  await venue?.close();
  await removeTempHistoryDirs();
});

describe('history sync against the demo venue (100,000 hands)', () => {
  it('resumes exactly after a SIGKILL mid-sync (the cursor is committed with the hands it covers)', async () => {
    const dir = await tempHistoryDir();
    const { killed, stored } = await syncAndKill(dir, 30_000);
    expect(killed).toBe(true);
    expect(stored).toBeLessThan(HANDS);
    history = await openVenueHistory(venue, dir);
    const survived = history.listHands(handListQuery({ offset: 0, limit: 1 })).data?.total ?? 0;
    expect(survived).toBeGreaterThanOrEqual(30_000);
    expect(survived).toBeLessThan(HANDS);
    const outcome = await history.requestSync('start');
    // The capped walk cannot cover 100,000 hands: the sync had to browse pages, and still needed few requests.
    expect(outcome).toMatchObject({ status: 'synced', usedPages: true });
    expect(outcome.status === 'synced' ? outcome.requests : Infinity).toBeLessThan(HANDS / PAGE_SIZE + 10);
    expectExactlyPublished(storedHandIds(history));
  });

  it('adds a closed session by cursor, and stays exact across a republish', async () => {
    await venue.inspect.waitForHands(2);
    await venue.faults.closeSession();
    const afterClose = await history.requestSync('session_closed');
    expect(afterClose).toMatchObject({ status: 'synced', usedPages: false });
    expect(afterClose.status === 'synced' ? afterClose.fetched : 0).toBeGreaterThanOrEqual(2);
    expectExactlyPublished(storedHandIds(history));

    venue.faults.republish();
    await venue.inspect.waitForHands(1);
    await venue.faults.closeSession();
    const afterRepublish = await history.requestSync('session_closed');
    expect(afterRepublish).toMatchObject({ status: 'synced', usedPages: false });
    expectExactlyPublished(storedHandIds(history));
    expect(history.syncProgress()).toMatchObject({
      state: 'synced',
      remaining: 0,
      total: venue.inspect.publishedHandIds().length,
    });
  });

  it("follows a profile merge: the old id's hands and profile resolve to the canonical player", async () => {
    const roster = await history.listPlayers();
    const [first, second] = (roster.data?.players ?? []).filter((entry) => entry.player_id != null);
    const oldId = first?.player_id as string;
    const canonicalId = second?.player_id as string;
    const handsOf = (id: string) =>
      history.listHands(handListQuery({ playerId: id, offset: 0, limit: 1 })).data?.total ?? 0;
    const idsOf = (id: string) => {
      const ids: string[] = [];
      for (let offset = 0; offset < handsOf(id); offset += MAX_HISTORY_PAGE) {
        ids.push(
          ...(history.listHands(handListQuery({ playerId: id, offset, limit: MAX_HISTORY_PAGE })).data?.rows ?? []).map(
            (row) => row.hand_id,
          ),
        );
      }
      return ids;
    };
    expect(handsOf(oldId)).toBeGreaterThan(0);
    // Hands either of them won (a split pot counts once).
    const before = new Set([...idsOf(oldId), ...idsOf(canonicalId)]).size;

    venue.faults.mergePlayers(oldId, canonicalId);
    await history.requestSync('on_demand');
    expect(history.canonicalPlayerId(oldId)).toBe(canonicalId);
    expect(handsOf(oldId)).toBe(before);
    expect(handsOf(canonicalId)).toBe(before);
    const profile = await history.getPlayer(oldId);
    expect(profile.data).toMatchObject({ playerId: canonicalId, requestedId: oldId });
    expect(profile.data?.stats.player_id).toBe(canonicalId);
    const listed = await history.listPlayers();
    expect(listed.data?.players.some((entry) => entry.player_id === oldId)).toBe(false);
  });

  it('serves details and replays from the cache once the venue is gone', async () => {
    const newest = history.listHands(handListQuery({ offset: 0, limit: 1 })).data?.rows[0];
    const detail = await history.getHandDetail(newest?.hand_id as string);
    expect(detail.availability).toBe('available');
    expect(await history.getHandDetail('no-such-hand')).toMatchObject({ availability: 'not_published' });
    await venue.close();
    const again = await history.getHandDetail(newest?.hand_id as string);
    expect(again).toMatchObject({ availability: 'available', stale: false });
    expect(history.listHands(handListQuery({ offset: 0, limit: 10 })).data?.rows).toHaveLength(10);
    const sessions = await history.listSessions();
    expect(sessions.availability).toBe('available');
    expect(await history.getHandDetail('another-missing-hand')).toMatchObject({
      availability: 'not_available_offline',
    });
  });
});
