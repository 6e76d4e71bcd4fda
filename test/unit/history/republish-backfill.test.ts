import { afterEach, describe, expect, it } from 'vitest';
import { History, type BackfillProgress, type HandDetail, type HandSummary } from '../../../main/core/history/index';
import { fakeHand, fakeUuid, FakeHistorySource } from '../../support/history-fake-source';
import { removeTempHistoryDirs, tempHistoryDir } from '../../support/history-temp';
import { handListQuery, MAX_HISTORY_PAGE } from '../../support/history-args';

afterEach(removeTempHistoryDirs);

const REGULAR = fakeUuid(500);

function detailOf(summary: HandSummary, playerIds: readonly string[]): HandDetail {
  return {
    hand: { ...summary, players: playerIds.map((player_id) => ({ player_id, player_name: player_id.slice(-4) })) },
    actions: [],
    streets: {},
  };
}

function backfillSettled(history: History): Promise<BackfillProgress> {
  return new Promise((resolve) => {
    const check = (progress: BackfillProgress): void => {
      if (progress.state === 'done' || progress.state === 'failed') {
        unsubscribe();
        resolve(progress);
      }
    };
    const unsubscribe = history.subscribeBackfill(check);
    check(history.backfillProgress());
  });
}

const potOf = (history: History, handId: string): unknown =>
  history
    .listHands(handListQuery({ offset: 0, limit: MAX_HISTORY_PAGE }))
    .data?.rows.find((row) => row.hand_id === handId)?.final_pot_bb;

describe('republished summaries (last write wins, keyed on hand_id)', () => {
  it('updates stored summaries the page fallback sees again, without duplicating them', async () => {
    const source = new FakeHistorySource({ cursorWalkCap: 5, pageSize: 10 });
    source.publish(Array.from({ length: 5 }, (_, i) => ({ ...fakeHand(i), final_pot_bb: 0 })));
    const dir = await tempHistoryDir();
    let history = await History.open({ dir, source, backfill: { hands: 0 } });
    await history.requestSync('start');
    expect(potOf(history, 'h-0000004')).toBe(0);
    // The venue republishes the old hands with their real pots and publishes 12 more (over the walk cap: pages).
    source.hands = source.hands.map((hand) => ({ ...hand, final_pot_bb: 7.5 }));
    source.publish(Array.from({ length: 12 }, (_, i) => fakeHand(5 + i)));
    const outcome = await history.requestSync('session_closed');
    expect(outcome).toMatchObject({ status: 'synced', usedPages: true });
    expect(history.listHands(handListQuery({ offset: 0, limit: MAX_HISTORY_PAGE })).data?.total).toBe(17);
    expect(potOf(history, 'h-0000004')).toBe(7.5);
    await history.close();
    history = await History.open({ dir, source, backfill: { hands: 0 } });
    expect(history.listHands(handListQuery({ offset: 0, limit: MAX_HISTORY_PAGE })).data?.total).toBe(17);
    expect(potOf(history, 'h-0000004')).toBe(7.5);
    await history.close();
  });

  it('updates a stored summary from a freshly fetched detail, only in the fields a summary has', async () => {
    const source = new FakeHistorySource();
    source.publish([{ ...fakeHand(1), final_pot_bb: 0 }, fakeHand(2)]);
    source.details.set(
      'h-0000001',
      detailOf({ ...fakeHand(1), final_pot_bb: 40, rake_detail: 'x' } as HandSummary, [REGULAR]),
    );
    const dir = await tempHistoryDir();
    let history = await History.open({ dir, source, backfill: { hands: 0 } });
    await history.requestSync('start');
    await history.getHandDetail('h-0000001');
    const row = history
      .listHands(handListQuery({ offset: 0, limit: 10 }))
      .data?.rows.find((hand) => hand.hand_id === 'h-0000001');
    expect(row?.final_pot_bb).toBe(40);
    expect(row).not.toHaveProperty('players');
    expect(row).not.toHaveProperty('rake_detail');
    await history.close();
    history = await History.open({ dir, source, backfill: { hands: 0 } });
    expect(history.listHands(handListQuery({ offset: 0, limit: 10 })).data?.total).toBe(2);
    expect(potOf(history, 'h-0000001')).toBe(40);
    await history.close();
  });
});

describe('detail backfill for per-player hand lists', () => {
  it("fetches the newest hands' details once, so a player who never won is listed, and says how far back", async () => {
    const source = new FakeHistorySource();
    const hands = Array.from({ length: 10 }, (_, i) => fakeHand(i));
    source.publish(hands);
    for (const hand of hands)
      source.details.set(hand.hand_id, detailOf(hand, [fakeUuid((hand.hand_number as number) % 7), REGULAR]));
    const dir = await tempHistoryDir();
    const history = await History.open({ dir, source, backfill: { hands: 6, intervalMs: 0 } });
    expect(history.listHands(handListQuery({ playerId: REGULAR, offset: 0, limit: 10 })).data).toMatchObject({
      total: 0,
      coverage: { fromTs: null },
    });
    await history.requestSync('start');
    const progress = await backfillSettled(history);
    expect(progress).toMatchObject({
      state: 'done',
      window: 6,
      covered: 6,
      fetched: 6,
      coverageFromTs: fakeHand(4).ts,
      error: null,
    });
    const page = history.listHands(handListQuery({ playerId: REGULAR, offset: 0, limit: 10 })).data;
    expect(page?.rows.map((row) => row.hand_id)).toEqual([
      'h-0000009',
      'h-0000008',
      'h-0000007',
      'h-0000006',
      'h-0000005',
      'h-0000004',
    ]);
    expect(page?.coverage).toEqual({ fromTs: fakeHand(4).ts });
    // Details are immutable: a later sync's backfill fetches none again.
    await history.requestSync('on_demand');
    expect(await backfillSettled(history)).toMatchObject({ state: 'done', fetched: 0 });
    expect(source.count('hand')).toBe(6);
    await history.close();
  });

  it('stops at the first failed fetch and reports it; the next sync resumes', async () => {
    const source = new FakeHistorySource();
    const hands = Array.from({ length: 4 }, (_, i) => fakeHand(i));
    source.publish(hands);
    for (const hand of hands) source.details.set(hand.hand_id, detailOf(hand, [REGULAR]));
    const dir = await tempHistoryDir();
    const history = await History.open({ dir, source, backfill: { hands: 4, intervalMs: 0 } });
    // Index, cursor, roster, sessions, then the first detail fails.
    source.failAfter = 4;
    await history.requestSync('start');
    expect(await backfillSettled(history)).toMatchObject({ state: 'failed', covered: 0 });
    expect(history.backfillProgress().error).toMatch(/connection dropped/);
    source.failAfter = null;
    await history.requestSync('on_demand');
    expect(await backfillSettled(history)).toMatchObject({ state: 'done', covered: 4, coverageFromTs: fakeHand(0).ts });
    await history.close();
  });
});
