/**
 * SIGKILL while a long cursor answer is being committed in batches: whatever survives, the stored cursor never
 * points past a hand that is not stored (the cursor rides only with the batch that completes it), and the resume
 * ends with exactly the venue's hands.
 */
import type { ChildProcessByStdio } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { History } from '../../../main/core/history/index';
import { HistoryStore } from '../../../main/core/history/store';
import { fakeVenue } from '../../support/history-fake-source';
import { spawnTsx } from '../../support/child-processes';
import { removeTempHistoryDirs, tempHistoryDir } from '../../support/history-temp';
import { handListQuery, MAX_HISTORY_PAGE } from '../../support/history-args';

const HANDS = 100_000;

function syncAndKill(dir: string, killAt: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const child = spawnTsx<ChildProcessByStdio<null, Readable, null>>(
      'test/support/history-fake-sync-child.ts',
      [dir, String(HANDS)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let killed = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      const { stored } = JSON.parse(line) as { stored: number };
      if (!killed && stored >= killAt) killed = child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', () => resolve(killed));
  });
}

afterAll(removeTempHistoryDirs);

describe('history crash during a cursor commit', () => {
  it('keeps the cursor behind the stored hands and resumes exactly', async () => {
    const dir = await tempHistoryDir();
    expect(await syncAndKill(dir, 30_000)).toBe(true);
    const venue = fakeVenue(HANDS);

    const store = await HistoryStore.open(dir);
    const survived = store.hands.size;
    expect(survived).toBeGreaterThanOrEqual(30_000);
    expect(survived).toBeLessThan(HANDS);
    // The answer's cursor rides only with its last batch: a kill before that leaves the cursor where it was
    // (none), never ahead of hands that are not stored.
    expect(store.cursor).toBeNull();
    await store.close();

    const history = await History.open({ dir, source: venue });
    expect(await history.requestSync('start')).toMatchObject({ status: 'synced', fetched: HANDS - survived });
    const total = history.listHands(handListQuery({ offset: 0, limit: 1 })).data?.total;
    expect(total).toBe(HANDS);
    const ids = new Set<string>();
    for (let offset = 0; offset < HANDS; offset += MAX_HISTORY_PAGE) {
      for (const row of history.listHands(handListQuery({ offset, limit: MAX_HISTORY_PAGE })).data?.rows ?? [])
        ids.add(row.hand_id);
    }
    expect(ids.size).toBe(HANDS);
    expect(venue.hands.every((hand) => ids.has(hand.hand_id))).toBe(true);
    await history.close();
  });
});
