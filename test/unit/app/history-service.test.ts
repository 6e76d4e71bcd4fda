/**
 * The session's history service over a real (small) demo venue: nothing to read before a venue is attached, the
 * start sync, a night-end sync when the live feed reports a gap, and nothing again once detached.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoVenue, type RunningDemoVenue } from '../../../main/demo';
import { HistoryService } from '../../../main/core/session/history-service';
import { VenueClient } from '../../../main/core/venue/rest-client';
import { FakeLiveFeed, tableFrame } from '../../support/web-fake-feed';
import { handListQuery } from '../../support/history-args';

let venue: RunningDemoVenue;
let dir: string;

beforeAll(async () => {
  venue = await startDemoVenue({ historyHands: 300, paceMs: 2, betweenHandsMs: 10, seed: 3 });
  dir = await mkdtemp(join(tmpdir(), 'venue-history-service-'));
});
afterAll(async () => {
  await venue?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('history service', () => {
  it('syncs at attach and after a live gap, answers with data age, and reads nothing once detached', async () => {
    const service = new HistoryService({ onChange: () => undefined, log: () => undefined, republishRetryMs: 60_000 });
    expect(service.view().state).toBe('closed');
    expect((await service.listSessions()).availability).toBe('no_venue');

    const feed = new FakeLiveFeed();
    const client = new VenueClient({ baseUrl: venue.baseUrl, key: venue.key });
    service.watch(feed);
    service.attach({ client, venueDir: dir, moneyMode: () => 'hidden' });
    await expect.poll(() => service.view().state, { timeout: 20_000 }).toBe('synced');
    expect(service.view()).toMatchObject({ reason: 'start', stored: 300, remaining: 0 });

    const page = await service.listHands(handListQuery({ offset: 0, limit: 5 }));
    expect(page).toMatchObject({ availability: 'available', stale: false, data: { total: 300, offset: 0 } });
    expect(page.fetchedAt).toEqual(expect.any(Number));
    // Money is hidden by the venue: no pot figure crosses to the renderer.
    expect(page.data?.rows.every((row) => row.pot === null)).toBe(true);

    await venue.inspect.waitForHands(2);
    await venue.faults.closeSession();
    const published = venue.inspect.publishedHandIds().length;
    feed.notify({ type: 'gap' });
    await expect
      .poll(() => service.view(), { timeout: 20_000 })
      .toMatchObject({ state: 'synced', reason: 'live_gap', stored: published });

    // Tonight's stack comes from the live table model, keyed on player_id.
    feed.frame(tableFrame(0));
    expect(service.stackTonight('00000000-0000-4000-8000-000000000001')).toEqual([
      { at: expect.any(Number), stack: 200 },
    ]);
    expect(service.stackTonight('not-seated')).toEqual([]);

    await service.detach();
    expect(service.view().state).toBe('closed');
    expect((await service.listHands(handListQuery({ offset: 0, limit: 5 }))).availability).toBe('no_venue');
  });
});
