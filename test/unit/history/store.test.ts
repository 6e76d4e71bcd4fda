import { appendFile, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeFramedRecord } from '../../../main/core/storage/framed-record';
import { encodeHandsRecord, rowOf } from '../../../main/core/history/records';
import type { HandCursor, HandSummary } from '../../../main/core/history/schemas';
import { HistoryStore } from '../../../main/core/history/store';
import { fakeHand, fakeUuid } from '../../support/history-fake-source';
import { removeTempHistoryDirs, tempHistoryDir } from '../../support/history-temp';

const LOG = 'history.log';
const hands = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => fakeHand(from + i));
/** A `hands` record's payload as the store writes it. */
const handsPayload = (batch: readonly HandSummary[], cursor?: HandCursor) =>
  encodeHandsRecord(
    batch.map(rowOf),
    batch.map((hand) => JSON.stringify(hand)),
    cursor,
  );

function ids(store: HistoryStore): string[] {
  return store.hands.page({}, 0, 1000).rows.map((row) => row.hand_id);
}

afterEach(removeTempHistoryDirs);

describe('history store (append-only log)', () => {
  it('round-trips hands with the cursor committed in the same record', async () => {
    const dir = await tempHistoryDir();
    const store = await HistoryStore.open(dir);
    await store.commitHands(hands(0, 10), { ts: fakeHand(9).ts, hand_id: 'h-0000009' });
    await store.commitHands(hands(5, 15));
    await store.close();
    const reopened = await HistoryStore.open(dir);
    expect(ids(reopened)).toHaveLength(15);
    expect(new Set(ids(reopened)).size).toBe(15);
    expect(reopened.cursor).toEqual({ ts: fakeHand(9).ts, hand_id: 'h-0000009' });
    await reopened.close();
  });

  it('drops a torn tail (an unfinished last write) and keeps appending cleanly after it', async () => {
    const dir = await tempHistoryDir();
    const store = await HistoryStore.open(dir);
    await store.commitHands(hands(0, 10), { ts: 1, hand_id: 'h-0000009' });
    await store.close();
    const frame = encodeFramedRecord(handsPayload(hands(10, 20), { ts: 2, hand_id: 'h-0000019' }));
    await appendFile(join(dir, LOG), frame.subarray(0, frame.length - 7));
    const reopened = await HistoryStore.open(dir);
    expect(reopened.openReport.tornTailBytes).toBe(frame.length - 7);
    expect(ids(reopened)).toHaveLength(10);
    expect(reopened.cursor?.hand_id).toBe('h-0000009');
    await reopened.commitHands(hands(20, 25));
    await reopened.close();
    const again = await HistoryStore.open(dir);
    expect(again.openReport).toMatchObject({ tornTailBytes: 0, damagedRegions: 0 });
    expect(ids(again)).toHaveLength(15);
    await again.close();
  });

  it('skips a corrupt record in the middle without throwing, keeps the rest and resets the cursor', async () => {
    const dir = await tempHistoryDir();
    const store = await HistoryStore.open(dir);
    await store.commitHands(hands(0, 10), { ts: 1, hand_id: 'h-0000009' });
    const middleStart = (await stat(join(dir, LOG))).size;
    await store.commitHands(hands(10, 20), { ts: 2, hand_id: 'h-0000019' });
    await store.commitHands(hands(20, 30), { ts: 3, hand_id: 'h-0000029' });
    await store.close();
    const bytes = await readFile(join(dir, LOG));
    bytes[middleStart + 40] = (bytes[middleStart + 40] as number) ^ 0xff;
    await writeFile(join(dir, LOG), bytes);
    const reopened = await HistoryStore.open(dir);
    expect(reopened.openReport).toMatchObject({ damagedRegions: 1, cursorReset: true });
    expect(ids(reopened).sort()).toEqual([...hands(0, 10), ...hands(20, 30)].map((hand) => hand.hand_id).sort());
    // A lost batch may hide behind a later cursor: only a walk from the oldest hand is safe.
    expect(reopened.cursor).toBeNull();
    await reopened.close();
    // The damage was compacted away.
    const clean = await HistoryStore.open(dir);
    expect(clean.openReport).toMatchObject({ damagedRegions: 0, invalidRecords: 0, cursorReset: false });
    expect(ids(clean)).toHaveLength(20);
    await clean.close();
  });

  it('treats a checksum-valid record with invalid content as damage, not a crash', async () => {
    const dir = await tempHistoryDir();
    const store = await HistoryStore.open(dir);
    await store.commitHands(hands(0, 3), { ts: 1, hand_id: 'h-0000002' });
    await store.close();
    await appendFile(join(dir, LOG), encodeFramedRecord('{"k":"hands","rows":[[42,1,null,[]]]}\n{"hand_id":42}'));
    await appendFile(join(dir, LOG), encodeFramedRecord('not json at all'));
    await appendFile(join(dir, LOG), encodeFramedRecord(handsPayload(hands(3, 5))));
    const reopened = await HistoryStore.open(dir);
    expect(reopened.openReport).toMatchObject({ invalidRecords: 2, cursorReset: true });
    expect(ids(reopened)).toHaveLength(5);
    await reopened.close();
  });

  it('survives garbage of any kind in the file', async () => {
    const dir = await tempHistoryDir();
    await writeFile(join(dir, LOG), Buffer.from('00000005 0000beef garbage that is not a log at all'));
    const store = await HistoryStore.open(dir);
    expect(store.hands.size).toBe(0);
    await store.commitHands(hands(0, 2));
    await store.close();
    const reopened = await HistoryStore.open(dir);
    expect(reopened.hands.size).toBe(2);
    await reopened.close();
  });

  it('compacts superseded cache entries away and keeps exactly the current state', async () => {
    const dir = await tempHistoryDir();
    const store = await HistoryStore.open(dir);
    await store.commitHands(hands(0, 50), { ts: 5, hand_id: 'h-0000049' });
    const big = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 40; i += 1)
      await store.putCached('leaderboard:all', { data: { i, big }, notPublished: false, fetchedAt: i });
    const before = (await stat(join(dir, LOG))).size;
    expect(await store.maybeCompact()).toBe(true);
    const after = (await stat(join(dir, LOG))).size;
    expect(after).toBeLessThan(before / 10);
    await store.close();
    const reopened = await HistoryStore.open(dir);
    expect(ids(reopened)).toHaveLength(50);
    expect(reopened.cursor?.hand_id).toBe('h-0000049');
    expect(reopened.cached('leaderboard:all')).toMatchObject({ fetchedAt: 39, data: { i: 39 } });
    await reopened.close();
  });

  it('reads summaries back exactly as stored (parsed lazily), through reopen and compaction', async () => {
    const dir = await tempHistoryDir();
    const store = await HistoryStore.open(dir);
    const original = hands(0, 30).map((hand, i) => ({ ...hand, note: `line\nbreak ${i}`, nested: { deep: [i] } }));
    await store.commitHands(original, { ts: 9, hand_id: 'h-0000029' });
    await store.close();
    const reopened = await HistoryStore.open(dir);
    expect(reopened.hands.page({}, 0, 100).rows).toEqual([...original].reverse());
    await reopened.compact();
    await reopened.close();
    const compacted = await HistoryStore.open(dir);
    expect(compacted.hands.page({}, 0, 100).rows).toEqual([...original].reverse());
    expect(compacted.hands.page({ sessionUid: 's-0' }, 0, 100).total).toBe(30);
    expect(compacted.cursor).toEqual({ ts: 9, hand_id: 'h-0000029' });
    await compacted.close();
  });

  it('files batches stored newest-first (the page fallback) in time order in every index', async () => {
    const dir = await tempHistoryDir();
    const store = await HistoryStore.open(dir);
    const newestFirst = [hands(200, 300), hands(100, 200), hands(0, 100)];
    for (const batch of newestFirst) await store.commitHands([...batch].reverse());
    const expected = hands(0, 300)
      .reverse()
      .map((hand) => hand.hand_id);
    expect(ids(store)).toEqual(expected);
    const byPlayer = store.hands.page({ playerId: fakeUuid(0) }, 0, 1000).rows.map((row) => row.hand_id);
    expect(byPlayer).toEqual(
      hands(0, 300)
        .filter((_, n) => n % 7 === 0)
        .reverse()
        .map((hand) => hand.hand_id),
    );
    expect(store.hands.page({ sessionUid: 's-0' }, 0, 1000).rows.map((row) => row.hand_id)).toEqual(expected);
    // Summaries kept as the text just written read back equal to what the venue sent.
    expect(store.hands.get('h-0000150')).toEqual(fakeHand(150));
    await store.close();
  });

  it('replaces a republished summary in place: same hand_id, new content, one row', async () => {
    const dir = await tempHistoryDir();
    const store = await HistoryStore.open(dir);
    await store.commitHands([{ ...fakeHand(1), final_pot_bb: 0 }, fakeHand(2)]);
    expect(await store.commitHands([{ ...fakeHand(1), final_pot_bb: 9 }, fakeHand(2)])).toBe(0);
    expect(await store.commitHands([{ ...fakeHand(1), final_pot_bb: 9 }])).toBe(0);
    expect(store.hands.get('h-0000001')?.final_pot_bb).toBe(9);
    // A republish that moves the hand in time re-files it.
    await store.commitHands([{ ...fakeHand(1), ts: fakeHand(3).ts }]);
    expect(ids(store)).toEqual(['h-0000001', 'h-0000002']);
    await store.close();
    const reopened = await HistoryStore.open(dir);
    expect(ids(reopened)).toEqual(['h-0000001', 'h-0000002']);
    expect(reopened.hands.get('h-0000001')).toMatchObject({ ts: fakeHand(3).ts, final_pot_bb: 12.5 });
    await reopened.close();
  });

  it('files a hand once under a canonical id when it names both the old and the merged id', async () => {
    const dir = await tempHistoryDir();
    const store = await HistoryStore.open(dir);
    const both = {
      ...fakeHand(1),
      winners: ['00000000-0000-4000-8000-0000000000aa', '00000000-0000-4000-8000-0000000000bb'],
    };
    await store.commitHands([both, fakeHand(2, { winner: '00000000-0000-4000-8000-0000000000aa' }), fakeHand(3)]);
    store.hands.setPlayerResolver((id) => (id.endsWith('aa') ? '00000000-0000-4000-8000-0000000000bb' : id));
    const page = store.hands.page({ playerId: '00000000-0000-4000-8000-0000000000aa' }, 0, 10);
    expect(page.rows.map((row) => row.hand_id)).toEqual(['h-0000002', 'h-0000001']);
    await store.close();
  });
});
