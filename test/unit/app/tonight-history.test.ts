/**
 * Tonight's hands through the session's history service: live events seen on the connection's stream answer the
 * 'history:tonight-hands' query (with tonight's stack), survive a detach/attach (an app restart) from the venue's
 * folder, and a new night (money moving under a new session id) starts them afresh.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryService } from '../../../main/core/session/history-service';
import { VenueClient } from '../../../main/core/venue/rest-client';
import type { LiveEvent } from '../../../main/core/venue/schemas-live';
import { endHandEvent, startHandEvent } from '../../support/hand-events';
import { removeTempHistoryDirs, tempHistoryDir } from '../../support/history-temp';
import { FakeLiveFeed } from '../../support/web-fake-feed';

const DAN = '00000000-0000-4000-8000-00000000000d';

function hand(handNumber: number, stack: number, net: number): LiveEvent[] {
  const ts = Date.now() / 1000;
  const seat = { seat_id: 4, player_id: DAN, name: 'Dan' };
  return [
    startHandEvent({ handNumber, seq: handNumber * 10, ts }, seat, stack),
    {
      kind: 'player_action',
      seq: handNumber * 10 + 1,
      ts,
      payload: {
        hand_number: handNumber,
        seat_id: 4,
        player_id: DAN,
        action_type: 'call',
        amount: 1,
        street: 'preflop',
      },
    },
    endHandEvent({ handNumber, seq: handNumber * 10 + 2, ts }, seat, stack, net),
  ];
}

function moneyUnder(sessionId: string): LiveEvent {
  return {
    kind: 'transaction_applied',
    seq: 999,
    ts: Date.now() / 1000,
    payload: {
      kind: 'buy_in',
      seat_id: 4,
      player_id: DAN,
      amount: 50,
      delta: 50,
      source: 'transaction',
      session_id: sessionId,
    },
  };
}

let dir: string;
beforeEach(async () => {
  dir = await tempHistoryDir();
});
afterEach(removeTempHistoryDirs);

async function openService(): Promise<{ service: HistoryService; feed: FakeLiveFeed }> {
  const service = new HistoryService({ onChange: () => undefined, log: () => undefined });
  const feed = new FakeLiveFeed();
  // Nothing listens on port 9: the history's own sync fails quietly; tonight's hands need no venue request.
  const client = new VenueClient({ baseUrl: 'http://127.0.0.1:9/v1', key: 'vk_test' });
  service.watch(feed);
  service.attach({ client, venueDir: dir, moneyMode: () => 'bb' });
  return { service, feed };
}

describe('tonight through the history service', () => {
  it('answers from the live feed, keeps the night across a restart, and starts afresh on a new night', async () => {
    const first = await openService();
    for (const event of [...hand(1, 100, 2), ...hand(2, 102, -2)]) first.feed.event(event);
    await expect.poll(() => first.service.tonightHands(DAN).hands.map((entry) => entry.handNumber)).toEqual([2, 1]);
    expect(first.service.tonightHands(DAN)).toMatchObject({
      stack: [],
      hands: [
        { stackStart: 102, stackEnd: 100 },
        { stackStart: 100, stackEnd: 102 },
      ],
    });
    expect(first.service.tonightHands('00000000-0000-4000-8000-000000000000').hands).toEqual([]);
    first.feed.event(moneyUnder('night-1'));
    await first.service.detach();

    const second = await openService();
    await expect.poll(() => second.service.tonightHands(DAN).hands.map((entry) => entry.handNumber)).toEqual([2, 1]);
    second.feed.event(moneyUnder('night-1'));
    for (const event of hand(3, 100, 1)) second.feed.event(event);
    expect(second.service.tonightHands(DAN).hands.map((entry) => entry.handNumber)).toEqual([3, 2, 1]);
    second.feed.event(moneyUnder('night-2'));
    expect(second.service.tonightHands(DAN).hands).toEqual([]);
    await second.service.detach();
  });
});
