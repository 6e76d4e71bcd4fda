/**
 * The web runtime: the same core session as the desktop app, under plain Node, serving the built renderer on
 * 127.0.0.1. One process owns the data directory (a socket lock the OS releases: core/cashier/lock.ts). Without a
 * venue address it runs the built-in demo.
 */
import { join, resolve } from 'node:path';
import { acquireLock, type HeldLock } from '../core/cashier/lock';
import { createSession, type DemoHandle, type DemoPlace, type Session } from '../core/session';
import { keyOrigin } from '../core/session/key-origin';
import { MemoryKeyStore } from '../core/session/key-store';
import { keeperLiveFeed } from '../core/session/live-keeper-feed';
import { JsonFileSettingsStore, type SettingsStore } from '../core/session/settings-store';
import { ensurePrivateDir } from '../core/storage/private-dir';
import type { LiveKeeperOptions } from '../core/venue/live-keeper';
import { startDemoVenue } from '../demo';
import { redactSecret, scrubSecret } from '../core/venue/redact';
import type { DemoVenueOptions } from '../demo/api';
import { startLinkChannel, type LinkChannel } from './link-channel';
import { loadMonitorScreens } from './monitor-screens';
import { startWebServer, type WebServer } from './server';

export interface WebRuntimeOptions {
  readonly dataDir: string;
  /** The venue's REST base; null runs the demo venue (unless the settings file names a venue). */
  readonly venue: string | null;
  readonly wsUrl: string | null;
  /** The key (from a key file or VENUE_KEY): fixed for this process. null lets the UI set one in memory. */
  readonly key: string | null;
  readonly port?: number;
  /** Defaults to dist/renderer under the working directory. */
  readonly rendererDir?: string;
  readonly demo?: DemoVenueOptions;
  /** Replaces how the demo venue starts (tests keep the handle to drive its faults). */
  readonly startDemo?: (place: DemoPlace) => Promise<DemoHandle>;
  /** Start a new demo venue instead of the one saved in the data folder (its journal wiped with it). */
  readonly freshDemo?: boolean;
  /** Tests shorten heartbeats and backoff. */
  readonly live?: Partial<LiveKeeperOptions>;
  readonly token?: string;
  /** Quiet time before probing whether the venue host still streams. */
  readonly hostProbeMs?: number;
  readonly log?: (message: string) => void;
}

export interface WebRuntime {
  readonly url: string;
  /** The read-only table monitor (its own token). */
  readonly monitorUrl: string;
  readonly session: Session;
  readonly server: WebServer;
  /** `text` without the key in use now (one set in the UI after the start too): for crash output. */
  redact(text: string): string;
  close(): Promise<void>;
}

/** The settings file, with the command line's venue address laid over it (and saved, so the UI shows it). */
function overlayVenue(store: SettingsStore, venue: string | null, wsUrl: string | null): SettingsStore {
  if (venue === null) return store;
  return {
    async load() {
      const loaded = await store.load();
      return { ...loaded, settings: { ...loaded.settings, venueBaseUrl: venue, venueWsUrl: wsUrl } };
    },
    save: (settings) => store.save(settings),
  };
}

export async function startWebRuntime(options: WebRuntimeOptions): Promise<WebRuntime> {
  const dataDir = resolve(options.dataDir);
  // Created 0700; a data folder another user owns or may write into is refused before anything is read from it.
  await ensurePrivateDir(dataDir);
  const lock: HeldLock = await acquireLock(join(dataDir, 'web-runtime.lock'));
  let session: Session | null = null;
  const keyStore = new MemoryKeyStore(
    options.key,
    options.key !== null,
    options.venue === null ? null : keyOrigin(options.venue, options.wsUrl),
  );
  // Like the desktop shell, nothing leaves the runtime (log lines, results, snapshots) with the key in it.
  const log = options.log ?? ((message: string) => console.error(message));
  const scrubbedLog = (message: string) => log(redactSecret(message, keyStore.current()));
  try {
    session = await createSession({
      dataDir,
      settingsStore: overlayVenue(new JsonFileSettingsStore(dataDir), options.venue, options.wsUrl),
      // A key from the command line is bound to the --venue it came with (without one, to the address saved).
      keyStore,
      openLive: keeperLiveFeed(options.live),
      // The demo keeps itself in the data folder, so a restart of the runtime is a restart of the same venue.
      startDemo:
        options.startDemo ??
        (async (place): Promise<DemoHandle> => startDemoVenue({ ...options.demo, stateDir: place.stateDir })),
      freshDemo: options.freshDemo,
      hostProbeMs: options.hostProbeMs,
      log: scrubbedLog,
    });
    await session.started;
    // The room's screens of an earlier run of this folder: they reconnect by themselves, without a new link.
    const monitorScreens = await loadMonitorScreens(dataDir, scrubbedLog);
    const server = await startWebServer({
      monitorScreens,
      session,
      rendererDir: resolve(options.rendererDir ?? 'dist/renderer'),
      port: options.port,
      token: options.token,
      scrub: (value) => scrubSecret(value, keyStore.current()),
      log: scrubbedLog,
    });
    const running = session;
    let channel: LinkChannel;
    try {
      channel = await startLinkChannel(
        dataDir,
        (role) => server.newLink(role),
        () => server.forgetMonitors(),
      );
    } catch (error) {
      await server.close();
      throw error;
    }
    return {
      url: server.url,
      monitorUrl: server.monitorUrl,
      session: running,
      server,
      redact: (text) => redactSecret(text, keyStore.current()),
      async close() {
        await channel.close();
        await server.close();
        await running.close();
        await lock.release();
      },
    };
  } catch (error) {
    await session?.close();
    await lock.release();
    throw error;
  }
}
