/**
 * Launches the system Chromium (Debian's /usr/bin/chromium) through playwright-core with a fresh temporary
 * profile. Never downloads a browser.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
] as const;

export interface LaunchedChromium {
  readonly context: BrowserContext;
  readonly userDataDir: string;
  close(): Promise<void>;
}

/** A browser context on a fresh profile; close() removes the profile. */
export async function launchChromium(
  options: {
    viewport?: { width: number; height: number };
    /** Benchmarks that instrument the page over their own socket: the app's CSP allows only its own port. */
    bypassCSP?: boolean;
  } = {},
): Promise<LaunchedChromium> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'venue-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
    viewport: options.viewport ?? { width: 1400, height: 900 },
    acceptDownloads: true,
    bypassCSP: options.bypassCSP ?? false,
  });
  return {
    context,
    userDataDir,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
