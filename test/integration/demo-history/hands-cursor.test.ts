/** The /hands cursor rules (spec, "Cursor rules" 1-7), over real sockets against the demo venue. */
import { describe, expect, it } from 'vitest';
import { venuePerTest, type CursorAnswer } from './venue-client';

const open = venuePerTest();

const ids = (answer: CursorAnswer): string[] => answer.hands.map((hand) => hand.hand_id);

describe('/hands cursor rules', () => {
  it('rule 1: since and after_id are exclusive and anchored to the hand, so they survive republishing', async () => {
    const venue = await open();
    const all = (await venue.get<CursorAnswer>('/hands?since=0')).body;
    const anchor = all.hands[120];
    if (anchor === undefined) throw new Error('history too short');
    const afterAnchor = ids(all).slice(121);

    const byId = (await venue.get<CursorAnswer>(`/hands?after_id=${anchor.hand_id}`)).body;
    expect(ids(byId)).toEqual(afterAnchor);
    const byTs = (await venue.get<CursorAnswer>(`/hands?since=${anchor.ts}`)).body;
    expect(ids(byTs)).toEqual(all.hands.filter((hand) => hand.ts > anchor.ts).map((hand) => hand.hand_id));
    expect(ids(byTs)).not.toContain(anchor.hand_id);

    venue.venue.faults.republish();
    const afterRepublish = (await venue.get<CursorAnswer>(`/hands?after_id=${anchor.hand_id}`)).body;
    expect(ids(afterRepublish)).toEqual(afterAnchor);
  });

  it('rule 2: when both cursors are sent, after_id wins', async () => {
    const venue = await open();
    const all = (await venue.get<CursorAnswer>('/hands?since=0')).body;
    const anchor = all.hands[200];
    if (anchor === undefined) throw new Error('history too short');
    const both = (await venue.get<CursorAnswer>(`/hands?since=0&after_id=${anchor.hand_id}`)).body;
    expect(ids(both)).toEqual(ids(all).slice(201));
    // The losing cursor is not even read: an invalid since does not spoil a valid after_id.
    const withBadSince = await venue.get<CursorAnswer>(`/hands?since=banana&after_id=${anchor.hand_id}`);
    expect(withBadSince.status).toBe(200);
    expect(ids(withBadSince.body)).toEqual(ids(all).slice(201));
  });

  it(
    'rule 3: the returned cursor names the newest returned hand, and sending ' + 'it back returns only newer hands',
    async () => {
      const venue = await open({ paceMs: 2, autoplay: true });
      const first = (await venue.get<CursorAnswer>('/hands?since=0')).body;
      expect(first.order).toBe('asc');
      expect(first.count).toBe(first.hands.length);
      const newest = first.hands.at(-1);
      expect(first.cursor).toEqual({ ts: newest?.ts, hand_id: newest?.hand_id });
      const ascending = first.hands.every((hand, i) => i === 0 || (first.hands[i - 1]?.ts ?? 0) <= hand.ts);
      expect(ascending).toBe(true);

      await venue.venue.inspect.waitForHands(2);
      await venue.venue.faults.closeSession();
      const next = (await venue.get<CursorAnswer>(`/hands?since=${first.cursor?.ts}&after_id=${first.cursor?.hand_id}`))
        .body;
      expect(next.count).toBeGreaterThanOrEqual(2);
      expect(ids(next).some((id) => ids(first).includes(id))).toBe(false);
      expect(next.cursor?.hand_id).toBe(next.hands.at(-1)?.hand_id);
    },
  );

  it('rule 4: the cursor is null when nothing is new', async () => {
    const venue = await open();
    const all = (await venue.get<CursorAnswer>('/hands?since=0')).body;
    const quiet = (await venue.get<CursorAnswer>(`/hands?after_id=${all.cursor?.hand_id}`)).body;
    expect(quiet).toMatchObject({ order: 'asc', count: 0, complete: true, hands: [], cursor: null });
    const quietByTs = (await venue.get<CursorAnswer>(`/hands?since=${all.cursor?.ts}`)).body;
    expect(quietByTs.cursor).toBeNull();
  });

  it(
    'rule 5: complete is false when the walk hits its cap; the newest hands ' + 'come back and pages fill the gap',
    async () => {
      const venue = await open({ cursorWalkCap: 50 });
      const capped = (await venue.get<CursorAnswer>('/hands?since=0')).body;
      expect(capped.complete).toBe(false);
      expect(capped.count).toBe(50);
      const pages = await venue.allPages();
      const newestFifty = pages
        .slice(0, 50)
        .map((hand) => hand.hand_id)
        .reverse();
      expect(ids(capped)).toEqual(newestFifty);
      expect(capped.cursor?.hand_id).toBe(pages[0]?.hand_id);
      // The client's fallback: pages for the older hands, then re-cursor from the newest: nothing is lost.
      const recovered = new Set([...ids(capped), ...pages.map((hand) => hand.hand_id)]);
      expect(recovered).toEqual(new Set(venue.venue.inspect.publishedHandIds()));
      const resumed = (await venue.get<CursorAnswer>(`/hands?after_id=${capped.cursor?.hand_id}`)).body;
      expect(resumed).toMatchObject({ complete: true, count: 0, cursor: null });
    },
  );

  it('rule 6: only finished nights are covered (the night in progress reaches /hands when it closes)', async () => {
    const venue = await open({ paceMs: 2, autoplay: true });
    await venue.venue.inspect.waitForHands(3);
    const tonight = venue.venue.inspect.playedHands().map((hand) => hand.hand_id);
    expect(tonight.length).toBeGreaterThanOrEqual(3);
    const before = (await venue.get<CursorAnswer>('/hands?since=0')).body;
    expect(ids(before).some((id) => tonight.includes(id))).toBe(false);

    await venue.venue.faults.closeSession();
    const after = (await venue.get<CursorAnswer>(`/hands?after_id=${before.cursor?.hand_id}`)).body;
    expect(ids(after)).toEqual(expect.arrayContaining(tonight));
  });

  it('rule 7: an invalid since gives 400 bad_since and an invalid after_id gives 400 bad_after_id', async () => {
    const venue = await open();
    for (const since of ['-1', '-0.5', 'abc', 'NaN', 'Infinity', '', '12abc', '1e9']) {
      const answer = await venue.get(`/hands?since=${encodeURIComponent(since)}`);
      expect({ since, status: answer.status, error: answer.body['error'] }).toEqual({
        since,
        status: 400,
        error: 'bad_since',
      });
    }
    for (const afterId of ['', 'no-such-hand', '00000000-0000-4000-8000-000000000000']) {
      const answer = await venue.get(`/hands?after_id=${encodeURIComponent(afterId)}`);
      expect({ afterId, status: answer.status, error: answer.body['error'] }).toEqual({
        afterId,
        status: 400,
        error: 'bad_after_id',
      });
    }
    const fractional = await venue.get<CursorAnswer>('/hands?since=0.5');
    expect(fractional.status).toBe(200);
  });
});
