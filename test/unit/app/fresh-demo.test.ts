// The session's built-in demo: kept across starts in demo-venue/ with its journal in venues/demo; a fresh demo (the
// start flag or the Settings command) wipes both, and the command is refused while a real venue is in use.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSession, demoStateDir, type DemoPlace, type Session } from '../../../main/core/session';
import { MemoryKeyStore } from '../../../main/core/session/key-store';
import { MemorySettingsStore } from '../../../main/core/session/settings-store';
import { defaultSettings, type Settings } from '../../../preload/contract';
import { unreachableDemo } from '../../support/unreachable-demo';
import { FakeLiveFeed, fakeFeedFactory } from '../../support/web-fake-feed';

const dirs: string[] = [];
let session: Session | null = null;
afterEach(async () => {
  await session?.close();
  session = null;
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const list = (dir: string) => readdir(dir).catch(() => [] as string[]);

/** A data folder holding a saved demo venue (a state file) and its journal. */
async function savedDemo(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fresh-demo-'));
  dirs.push(dataDir);
  await mkdir(demoStateDir(dataDir), { recursive: true });
  await writeFile(join(demoStateDir(dataDir), 'state'), 'saved venue\n');
  await mkdir(join(dataDir, 'venues', 'demo', 'cashier'), { recursive: true });
  await writeFile(join(dataDir, 'venues', 'demo', 'cashier', 'marker'), 'journal\n');
  return dataDir;
}

async function open(dataDir: string, settings: Settings, freshDemo = false) {
  await session?.close();
  const places: { place: DemoPlace; state: string[]; journal: string[] }[] = [];
  session = await createSession({
    dataDir,
    settingsStore: new MemorySettingsStore(settings),
    keyStore: new MemoryKeyStore('vk_live_fresh_demo_1234', false),
    openLive: fakeFeedFactory(new FakeLiveFeed()),
    freshDemo,
    // What the demo would find at its start: the state folder and the journal as the session left them.
    startDemo: async (place) => {
      places.push({
        place,
        state: await list(place.stateDir),
        journal: await list(join(dataDir, 'venues', 'demo', 'cashier')),
      });
      return unreachableDemo();
    },
    log: () => undefined,
  });
  await session.started;
  return { session, places };
}

describe('the built-in demo kept in the data folder', () => {
  it('starts the saved demo with its journal kept', async () => {
    const dataDir = await savedDemo();
    const { places } = await open(dataDir, defaultSettings);
    expect(places).toEqual([{ place: { stateDir: demoStateDir(dataDir) }, state: ['state'], journal: ['marker'] }]);
  });

  it('wipes the saved demo and its journal together on a fresh start, or from Settings', async () => {
    const dataDir = await savedDemo();
    const started = await open(dataDir, defaultSettings, true);
    expect(started.places[0]).toMatchObject({ state: [], journal: [] });

    const again = await savedDemo();
    const running = await open(again, defaultSettings);
    expect(running.places[0]).toMatchObject({ state: ['state'], journal: ['marker'] });
    expect(await running.session.invoke('settings:fresh-demo', [])).toEqual({ ok: true, value: null });
    expect(running.places).toHaveLength(2);
    expect(running.places[1]).toMatchObject({ state: [], journal: [] });
  });

  it('wipes a journal left without its demo venue (the venue it belonged to is gone)', async () => {
    const dataDir = await savedDemo();
    await rm(demoStateDir(dataDir), { recursive: true });
    const { places } = await open(dataDir, defaultSettings);
    expect(places[0]).toMatchObject({ state: [], journal: [] });
  });

  // A fresh demo wipes the demo venue's journal, shifts and archive (and their witness): a channel that takes the
  // demo's books away without the PIN every other change of the venue asks for.
  it('asks for an operator PIN before wiping the demo where the venue asks for PINs', async () => {
    const dataDir = await savedDemo();
    const { session: running, places } = await open(dataDir, { ...defaultSettings, operatorPin: true });
    const refused = await running.invoke('settings:fresh-demo', []);
    expect(refused).toMatchObject({ ok: false, error: { code: 'pin_required' } });
    expect(places).toHaveLength(1);
    expect(await list(join(dataDir, 'venues', 'demo', 'cashier'))).toContain('marker');
    expect(await list(demoStateDir(dataDir))).toEqual(['state']);
  });

  it('refuses a fresh demo while a real venue is in use, touching nothing', async () => {
    const dataDir = await savedDemo();
    const { session: running, places } = await open(dataDir, {
      ...defaultSettings,
      venueBaseUrl: 'https://venue.example/v1',
    });
    expect(await running.invoke('settings:fresh-demo', [])).toMatchObject({ ok: false, error: { code: 'no_demo' } });
    expect(places).toEqual([]);
    expect(await list(demoStateDir(dataDir))).toEqual(['state']);
  });
});
