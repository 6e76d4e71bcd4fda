/** A session on a fake live feed (no venue behind it, the REST address a dead port) in a fresh temp folder. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSession, type Session } from '../../main/core/session';
import { MemoryKeyStore } from '../../main/core/session/key-store';
import { MemorySettingsStore } from '../../main/core/session/settings-store';
import type { LiveState } from '../../main/core/venue/schemas-live';
import { defaultSettings } from '../../preload/contract';
import { FakeLiveFeed, fakeFeedFactory } from './web-fake-feed';

export interface FakeFeedSession {
  readonly session: Session;
  readonly feed: FakeLiveFeed;
  /** Closes the session and removes its folder. */
  close(): Promise<void>;
}

/** Starts a session whose live feed has shown `frame`; resolves once the session has started. */
export async function startFakeFeedSession(frame: LiveState, key: string): Promise<FakeFeedSession> {
  const dataDir = await mkdtemp(join(tmpdir(), 'venue-fake-feed-'));
  const feed = new FakeLiveFeed();
  feed.frame(frame);
  const session = await createSession({
    dataDir,
    settingsStore: new MemorySettingsStore({ ...defaultSettings, venueBaseUrl: 'http://127.0.0.1:9/v1' }),
    keyStore: new MemoryKeyStore(key, true),
    openLive: fakeFeedFactory(feed),
    hostProbeMs: 3_600_000,
    log: () => undefined,
  });
  await session.started;
  return {
    session,
    feed,
    async close() {
      await session.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
