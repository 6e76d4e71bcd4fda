/**
 * The room's screens, kept over a restart: the table monitor's sessions are written into the data folder
 * (`web-monitor.json`, 0600 in the 0700 folder), so a monitor page whose app was restarted on the same folder and port
 * reconnects by itself (its cookie and its tab's secret still open the monitor's socket) instead of waiting for
 * someone to open a new link on the room's PC. Only the monitor's: it reads the table's projection and can invoke
 * nothing else (bridge-socket.ts), so keeping it costs nothing a cashier's session could; the cashier's sessions
 * still die with the process and its links stay one-time.
 *
 * The file holds no secret a browser presents: only SHA-256 digests of each session id and of its tab's secret (a
 * copy of the folder opens no socket), and the random instance id in the monitor's cookie name, which is not a
 * credential (it makes the name unknown to pages on other ports, web-sessions.ts). At most MAX_KEPT_SCREENS
 * screens are kept, the oldest dropped first. Revoking them all: `npm run web -- --forget-monitors` (link-channel.ts)
 * while the app runs, or delete the file while it is stopped.
 *
 * A revocation is durable even on a full disk: when a list that drops a screen cannot be written, the file is removed
 * (removing needs no space), so the next start lets no revoked screen back in; every kept screen then needs a new
 * link, which fails closed.
 */
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../core/storage/atomic-file';
import { newSecret } from './guards';

export const MONITOR_FILE = 'web-monitor.json';

/** Screens kept at once: a room has a few; a link opened again and again must not grow the file without end. */
export const MAX_KEPT_SCREENS = 16;

/** What is written of one screen: digests, never the values its browser presents. */
export interface KeptScreen {
  /** digest() of the session id in the monitor's cookie. */
  readonly session: string;
  /** digest() of the tab secret the page keeps, once it said it kept it; null before. */
  readonly tab: string | null;
}

/** The monitor's kept sessions of one data folder, and how to write them again when they change. */
export interface MonitorScreens {
  /** The instance id in the monitor's cookie names (12 URL-safe characters), the same after every restart. */
  readonly instance: string;
  readonly screens: readonly KeptScreen[];
  /** Writes `screens` (in the background, one write at a time, the latest wins); a failure is logged. */
  save(screens: readonly KeptScreen[]): void;
  /** Resolves once every write asked so far has ended. */
  settled(): Promise<void>;
}

const DIGEST = /^[\w-]{43}$/;
const FileSchema = z.object({
  version: z.literal(1),
  instance: z.string().regex(/^[\w-]{12}$/),
  screens: z
    .array(z.object({ session: z.string().regex(DIGEST), tab: z.string().regex(DIGEST).nullable() }))
    .max(MAX_KEPT_SCREENS),
});

/** The SHA-256 of a secret (base64url): what is kept and compared in place of the secret itself. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** Keeps nothing: a server started without a data folder (tests of the rules); its screens end with it. */
export function unkeptScreens(instance: string): MonitorScreens {
  return { instance, screens: [], save: () => undefined, settled: async () => undefined };
}

/**
 * Reads the kept screens of `dataDir`. A missing file starts with none; a file that is not one this runtime wrote
 * (damaged, edited) is set aside with a log line: every screen then needs a new link, nothing else is lost.
 */
export async function loadMonitorScreens(dataDir: string, log: (message: string) => void): Promise<MonitorScreens> {
  const file = join(dataDir, MONITOR_FILE);
  let text: string | null = null;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      log(`[web] the table monitor's screens could not be read (${(error as Error).message}); they need a new link`);
  }
  let parsed: z.infer<typeof FileSchema> | null = null;
  if (text !== null) {
    try {
      const checked = FileSchema.safeParse(JSON.parse(text));
      parsed = checked.success ? checked.data : null;
    } catch {
      parsed = null;
    }
    if (parsed === null) log(`[web] ${file} is not a file this app wrote; every table monitor needs a new link`);
  }
  const instance = parsed?.instance ?? newSecret().slice(0, 12);
  let writing: Promise<void> = Promise.resolve();
  /** What the file holds now (as far as this process knows): a revoked screen must not stay in it. */
  let onDisk: readonly KeptScreen[] = parsed?.screens ?? [];
  const write = async (screens: readonly KeptScreen[]) => {
    try {
      await writeFileAtomic(file, `${JSON.stringify({ version: 1, instance, screens })}\n`);
      onDisk = screens;
    } catch (error) {
      log(`[web] the table monitor's screens were not saved (${error instanceof Error ? error.message : 'unknown'})`);
      const kept = new Set(screens.map((screen) => screen.session));
      if (onDisk.every((screen) => kept.has(screen.session))) return;
      await rm(file, { force: true }).then(
        () => {
          onDisk = [];
          log(`[web] ${file} was removed so no revoked screen comes back; the table monitors need a new link`);
        },
        (removal: unknown) =>
          log(`[web] ${file} could not be removed either (${String(removal)}): stop the app and delete it`),
      );
    }
  };
  return {
    instance,
    screens: parsed?.screens ?? [],
    save(screens) {
      const copy = screens.slice(-MAX_KEPT_SCREENS);
      writing = writing.then(() => write(copy));
    },
    settled: () => writing,
  };
}
