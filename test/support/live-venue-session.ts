/**
 * A session on a venue address with the real live feed (the live keeper, its reconnect backoff cut short so a test
 * does not wait on it), started: what the key tests open to watch where the key goes.
 */
import { createSession, type Session } from '../../main/core/session';
import type { KeyStore } from '../../main/core/session/key-store';
import { keeperLiveFeed } from '../../main/core/session/live-keeper-feed';
import { MemorySettingsStore } from '../../main/core/session/settings-store';
import { defaultSettings } from '../../preload/contract';

export interface LiveVenueSessionOptions {
  readonly dataDir: string;
  readonly venueBaseUrl: string;
  readonly venueWsUrl: string;
  readonly keyStore: KeyStore;
}

/** Creates the session with these settings and key store, logs dropped; resolves once it has started. */
export async function openLiveVenueSession(options: LiveVenueSessionOptions): Promise<Session> {
  const session = await createSession({
    dataDir: options.dataDir,
    settingsStore: new MemorySettingsStore({
      ...defaultSettings,
      venueBaseUrl: options.venueBaseUrl,
      venueWsUrl: options.venueWsUrl,
    }),
    keyStore: options.keyStore,
    openLive: keeperLiveFeed({ backoff: { baseMs: 20, capMs: 50, stableMs: 5000 } }),
    log: () => undefined,
  });
  await session.started;
  return session;
}
