/**
 * Full size: a venue with 100,000 published hands, synced from scratch by a client that follows the cursor rules
 * (the capped walk, the page fallback, then re-cursoring), and walked by cursor from anchors all through the history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVenue, type CursorAnswer, type HandSummaryShape, type VenueClient } from './venue-client';

const HANDS = 100_000;
const CAP = 5_000;
let venue: VenueClient;

beforeAll(async () => {
  venue = await startVenue({ historyHands: HANDS, pageSize: 1_000, cursorWalkCap: CAP });
}, 120_000);
afterAll(async () => {
  await venue.venue.close();
});

describe('100,000 published hands', () => {
  it('a client syncing from scratch ends with all 100,000 hands, none lost', async () => {
    const first = (await venue.get<CursorAnswer>('/hands?since=0')).body;
    expect(first.complete).toBe(false);
    expect(first.count).toBe(CAP);
    const have = new Set(first.hands.map((hand) => hand.hand_id));
    const pages = await venue.allPages();
    for (const hand of pages) have.add(hand.hand_id);
    expect(have.size).toBe(HANDS);
    expect(new Set(venue.venue.inspect.publishedHandIds())).toEqual(have);
    const resumed = (await venue.get<CursorAnswer>(`/hands?after_id=${first.cursor?.hand_id}`)).body;
    expect(resumed).toMatchObject({ complete: true, count: 0, cursor: null });
  }, 60_000);

  it('walks by cursor in (ts, hand_id) order from anchors across the whole history', async () => {
    const ordered = venue.venue.inspect.publishedHandIds();
    expect(ordered).toHaveLength(HANDS);
    // Walk the newest CAP hands in chunks by following the cursor from an anchor CAP hands back.
    let anchor = ordered[HANDS - CAP - 1] as string;
    const walked: HandSummaryShape[] = [];
    for (;;) {
      const answer = (await venue.get<CursorAnswer>(`/hands?after_id=${anchor}`)).body;
      expect(answer.complete).toBe(true);
      if (answer.cursor === null) break;
      walked.push(...answer.hands);
      anchor = answer.cursor.hand_id;
    }
    expect(walked.map((hand) => hand.hand_id)).toEqual(ordered.slice(HANDS - CAP));
    // Anchors anywhere in the history: complete walks return exactly what follows; longer ones are capped.
    for (const at of [0, 12_345, 50_000, 94_999, 95_000, 99_998, 99_999]) {
      const answer = (await venue.get<CursorAnswer>(`/hands?after_id=${ordered[at]}`)).body;
      const following = HANDS - at - 1;
      expect(answer.complete).toBe(following <= CAP);
      expect(answer.hands.map((hand) => hand.hand_id)).toEqual(ordered.slice(Math.max(at + 1, HANDS - CAP)));
    }
  }, 60_000);
});
