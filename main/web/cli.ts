/**
 * `npm run web -- [--venue <baseUrl>] [--ws-url <wsUrl>] [--key-file <path>] [--data-dir <dir>] [--port <n>]`
 * Prints exactly one JSON line `{"url": ...}` once ready, then runs until SIGINT/SIGTERM (clean close).
 * `npm run web -- --link [--data-dir <dir>]` prints a new cashier link of the runtime running there (link-channel.ts);
 * `--forget-monitors` makes it forget every table monitor session and prints `{"forgotten": n}`.
 * A SIGKILL loses nothing: the cashier journal on disk is the truth and is recovered on the next start.
 */
import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseWebArgs, USAGE, wantsHelp } from './args';
import { keyFileWarning } from './key-file';
import { requestForgetMonitors, requestLink } from './link-channel';
import { ensureRendererBuilt } from './renderer-build';
import { survivedDiskFull } from '../core/storage/disk-space';
import { describeError, redactSecret } from '../core/venue/redact';
import { startWebRuntime, type WebRuntime } from './runtime';

async function readKey(keyFile: string | null): Promise<string | null> {
  // Read, then removed at once: the key must not linger where child processes or crash reports could read it.
  // (npm and tsx, the runtime's parents under `npm run web`, keep their own copy: the README says to prefer
  // --key-file.)
  const fromEnv = process.env.VENUE_KEY?.trim();
  delete process.env.VENUE_KEY;
  if (keyFile !== null) {
    const warning = keyFileWarning(keyFile, (await stat(keyFile)).mode, process.platform);
    if (warning !== null) console.error(warning);
    const key = (await readFile(keyFile, 'utf8')).trim();
    if (key === '') throw new Error(`the key file ${keyFile} is empty`);
    return key;
  }
  return fromEnv === undefined || fromEnv === '' ? null : fromEnv;
}

/**
 * SIGINT/SIGTERM end the runtime cleanly from the first moment: before it has started, the start is awaited and then
 * closed without printing a URL; after, it is closed. (A build of the page under way is ended by its own handler.)
 */
let started: WebRuntime | null = null;
let stopRequested = false;
function stop(signal: NodeJS.Signals): void {
  if (stopRequested) return;
  stopRequested = true;
  if (started === null) return; // main() closes it as soon as it exists
  started.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`close after ${signal} failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

/** The key once read: whatever the process prints on its way down is scrubbed of it (and of one set later). */
let heldKey: string | null = null;
function crash(what: string, error: unknown): never {
  // The key read at the start, and (once running) the one in use now: the UI may have set one since.
  const scrubbed = describeError(error, heldKey);
  console.error(`web: ${what}: ${started === null ? scrubbed : started.redact(scrubbed)}`);
  process.exit(1);
}
process.on('uncaughtException', (error) => crash('unexpected error', error));
process.on('unhandledRejection', (reason) => {
  if (!survivedDiskFull(reason, (message) => console.error(`web: ${message}`))) crash('unhandled rejection', reason);
});

async function main(): Promise<void> {
  if (wantsHelp(process.argv.slice(2))) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  let args;
  try {
    args = parseWebArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
  if (args.newLink !== null) {
    // Another process asks the running runtime (link-channel.ts); this one starts nothing and reads no key.
    process.stdout.write(`${JSON.stringify({ url: await requestLink(resolve(args.dataDir), args.newLink) })}\n`);
    process.exit(0);
  }
  if (args.forgetMonitors) {
    const forgotten = await requestForgetMonitors(resolve(args.dataDir));
    process.stdout.write(`${JSON.stringify({ forgotten })}\n`);
    process.exit(0);
  }
  const key = await readKey(args.keyFile);
  heldKey = key;
  const rendererDir = resolve(args.rendererDir);
  const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  try {
    await ensureRendererBuilt(rendererDir, projectRoot, (line) => console.error(line));
  } catch (error) {
    // A stop asked for during the build ended that build (renderer-build.ts): a clean stop, not a failed build.
    if (stopRequested) process.exit(0);
    console.error(
      `web: ${error instanceof Error ? error.message : String(error)}; run \`npm run build\` and look at its errors`,
    );
    process.exit(1);
  }
  // Stopped before anything was started: nothing to close, no URL.
  if (stopRequested) process.exit(0);
  const runtime = await startWebRuntime({
    rendererDir,
    dataDir: args.dataDir,
    venue: args.venue,
    wsUrl: args.wsUrl,
    key,
    port: args.port,
    demo: args.demoPaceMs === null ? {} : { paceMs: args.demoPaceMs },
    freshDemo: args.freshDemo,
    log: (message) => console.error(message),
  });
  started = runtime;
  if (stopRequested) {
    await runtime.close();
    process.exit(0);
  }
  process.stdout.write(`${JSON.stringify({ url: runtime.url })}\n`);
  // Standard output stays the one JSON line; the monitor's address is for a person to open on the room's screen.
  console.error(`Table monitor (read-only): ${runtime.monitorUrl}`);
}

main().catch((error: unknown) => {
  console.error(redactSecret(error instanceof Error ? error.message : String(error), heldKey));
  process.exit(1);
});
