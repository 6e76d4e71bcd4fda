/**
 * Starts the core session for the desktop shell: settings as JSON in userData, the key in the vault, the
 * live feed of main/core, and the built-in demo venue while no venue address is configured.
 */
import { createSession, type Session } from '../core/session';
import { keeperLiveFeed } from '../core/session/live-keeper-feed';
import { JsonFileSettingsStore } from '../core/session/settings-store';
import { startDemoVenue } from '../demo';
import type { VaultKeyStore } from './vault-key-store';
import type { BooksPlace } from '../core/session/venue-slot';

/** Opens the session; `log` must already redact the key. */
export function startDesktopSession(
  dataDir: string,
  keyStore: VaultKeyStore,
  log: (line: string) => void,
  freshDemo = false,
  books?: BooksPlace,
): Promise<Session> {
  return createSession({
    dataDir,
    ...(books === undefined ? {} : { books }),
    settingsStore: new JsonFileSettingsStore(dataDir),
    keyStore,
    openLive: keeperLiveFeed(),
    // Kept in userData: a restart of the app is a restart of the same demo venue (`--fresh-demo` starts a new one).
    startDemo: (place) => startDemoVenue({ stateDir: place.stateDir }),
    freshDemo,
    log,
  });
}
