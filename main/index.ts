/**
 * Electron entry: app lifecycle only. One instance (a second launch focuses the first), the privileged
 * app:// scheme registered before ready, guards on every web contents, the shell started when ready, and
 * a clean quit that closes the session and the demo venue.
 */
import { app, protocol } from 'electron';
import { appPaths } from './electron/paths';
import { hardenWebContents } from './electron/guards';
import { startShell, type Shell } from './electron/shell';
import { registerAppSchemePrivileged } from './electron/protocol';
import { survivedDiskFull } from './core/storage/disk-space';

let shell: Shell | null = null;
let quitting = false;
/** Until the key vault exists there is no key in memory to remove. */
let redact: (text: string) => string = (text) => text;

/** Crash output passes through the vault's redaction: the key must not reach a terminal or a log. */
function reportFatal(what: string, error: unknown): void {
  const text = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
  console.error(`[main] ${what}: ${redact(text)}`);
}

/** Crash-only: the journal is durable, so an unknown state ends the process rather than limping on. */
function crash(what: string, error: unknown): void {
  reportFatal(what, error);
  app.exit(1);
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.enableSandbox();
  registerAppSchemePrivileged(protocol);
  process.on('uncaughtException', (error) => crash('uncaught exception', error));
  process.on('unhandledRejection', (reason) => {
    if (!survivedDiskFull(reason, (message) => console.error(message))) crash('unhandled rejection', reason);
  });

  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  app.on('second-instance', () => shell?.focusMainWindow());
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', (event) => {
    if (quitting || shell === null) return;
    // Hold the quit until the session has flushed and closed its venue link and demo venue.
    event.preventDefault();
    quitting = true;
    const closing = shell;
    void closing
      .close()
      .catch((error: unknown) => reportFatal('closing the session failed', error))
      .finally(() => app.quit());
  });

  void app
    .whenReady()
    .then(async () => {
      shell = await startShell(appPaths(import.meta.url), (redactor) => (redact = redactor));
    })
    .catch((error: unknown) => crash('start-up failed', error));
}
