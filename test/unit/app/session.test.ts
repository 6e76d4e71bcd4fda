/** The session with a fake live feed: coalesced numbered snapshots, settings on disk, the key kept in main. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSettings, type SessionSnapshot } from '../../../preload/contract';
import type { Session } from '../../../main/core/session';
import { MemoryKeyStore } from '../../../main/core/session/key-store';
import { JsonFileSettingsStore, SETTINGS_FILE } from '../../../main/core/session/settings-store';
import { sessionPerTest } from '../../support/session-per-test';
import { FakeLiveFeed, fakeFeedFactory, tableFrame } from '../../support/web-fake-feed';

const KEY = 'vk_test_0123456789abcdef';
const perTest = sessionPerTest('venue-session-');

async function open(feed: FakeLiveFeed, settings = new JsonFileSettingsStore(perTest.dataDir)): Promise<Session> {
  await settings.save({ ...defaultSettings, venueBaseUrl: 'http://127.0.0.1:9/v1' });
  return perTest.open({
    settingsStore: settings,
    keyStore: new MemoryKeyStore(KEY, true),
    openLive: fakeFeedFactory(feed),
    log: () => undefined,
  });
}

describe('session', () => {
  it(
    'pushes at most one snapshot per frame during a burst, numbered without ' + 'going back, ending on the latest',
    async () => {
      const feed = new FakeLiveFeed();
      const running = await open(feed);
      const pushed: SessionSnapshot[] = [];
      running.subscribe((snapshot) => pushed.push(snapshot));
      const started = performance.now();
      for (let pot = 1; pot <= 2000; pot += 1) feed.frame(tableFrame(pot));
      const elapsed = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(pushed.length).toBeGreaterThan(0);
      expect(pushed.length).toBeLessThanOrEqual(Math.ceil(elapsed / 16) + 2);
      expect(pushed.at(-1)?.table?.pot).toBe(2000);
      const versions = pushed.map((snapshot) => snapshot.version);
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
      expect(new Set(versions).size).toBe(versions.length);
    },
  );

  it('projects the table and never puts the key in a snapshot', async () => {
    const feed = new FakeLiveFeed();
    const running = await open(feed);
    feed.frame(tableFrame(30, 7));
    const snapshot = (await running.invoke('session:get-snapshot', [])) as { ok: true; value: SessionSnapshot };
    expect(snapshot.ok).toBe(true);
    expect(snapshot.value.table).toMatchObject({ handNumber: 7, pot: 30, betweenHands: true });
    expect(snapshot.value.table?.seats).toHaveLength(6);
    expect(snapshot.value.key).toMatchObject({ hasKey: true, fromEnvironment: true });
    expect(JSON.stringify(snapshot.value).includes(KEY)).toBe(false);
  });

  it('saves validated settings and refuses invalid ones without changing anything', async () => {
    const running = await open(new FakeLiveFeed());
    expect(await running.invoke('settings:update', [{ presets: [50, 75] }])).toMatchObject({ ok: true });
    expect(running.snapshot().settings.presets).toEqual([50, 75]);
    expect(await running.invoke('settings:update', [{ largeAmountThreshold: -1 }])).toMatchObject({
      ok: false,
      error: { code: 'bad_arguments' },
    });
    expect(running.snapshot().settings.largeAmountThreshold).toBe(5000);
    const reloaded = await new JsonFileSettingsStore(perTest.dataDir).load();
    expect(reloaded.settings.presets).toEqual([50, 75]);
  });

  it('asks for confirmation above the threshold before anything is journaled', async () => {
    const feed = new FakeLiveFeed();
    const running = await open(feed);
    feed.frame(tableFrame(0));
    const outcome = await running.invoke('cashier:request', [
      { kind: 'buy_in', seatId: 1, playerName: 'Player 1', playerId: null, amount: 6000 },
    ]);
    expect(outcome).toMatchObject({ ok: false, error: { code: 'confirmation_required' } });
    expect(running.snapshot().cashier.tray).toEqual([]);
  });
});

describe('operator PIN', () => {
  it('opens a shift only with the operator’s PIN once the venue asks for one, else nothing', async () => {
    const feed = new FakeLiveFeed();
    const running = await open(feed);
    feed.frame(tableFrame(0));
    expect(await running.invoke('settings:update', [{ operatorPin: true }])).toMatchObject({ ok: true });
    expect(await running.invoke('cashier:open-shift', [100, { operator: 'Ana' }])).toMatchObject({
      ok: false,
      error: { code: 'blocked', message: expect.stringContaining('PIN') },
    });
    expect(await running.invoke('cashier:open-shift', [100, { operator: 'Ana', pin: '4821' }])).toMatchObject({
      ok: true,
      value: { operator: 'Ana', openingFloat: 100 },
    });
    // "Closed by" proves who closes: no name and PIN, no close.
    expect(await running.invoke('cashier:close-shift', [100])).toMatchObject({ ok: false, error: { code: 'blocked' } });
    expect(await running.invoke('cashier:close-shift', [100, { operator: 'Ben', pin: '4821' }])).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('not an enrolled operator') },
    });
    expect(await running.invoke('cashier:close-shift', [100, { operator: 'Ana', pin: '4821' }])).toMatchObject({
      ok: true,
      value: { closedBy: 'Ana' },
    });
    expect(await running.invoke('cashier:open-shift', [0, { operator: 'ana', pin: '1111' }])).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('Wrong PIN') },
    });
    expect(running.snapshot().cashier.shifts.current).toBeNull();
  });
});

describe('settings file', () => {
  it('falls back to defaults, and says why, when the file is corrupt or invalid', async () => {
    const store = new JsonFileSettingsStore(perTest.dataDir);
    await writeFile(join(perTest.dataDir, SETTINGS_FILE), '{ not json');
    expect((await store.load()).problem).toMatch(/not valid JSON/);
    await writeFile(
      join(perTest.dataDir, SETTINGS_FILE),
      JSON.stringify({ presets: ['a'], largeAmountThreshold: 1, venueBaseUrl: null, venueWsUrl: null }),
    );
    const invalid = await store.load();
    expect(invalid.problem).toMatch(/invalid/);
    expect(invalid.settings.presets).toEqual([100, 200, 500]);
  });
});
