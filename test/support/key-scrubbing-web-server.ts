/**
 * A web server over a session, composed as the web runtime composes it (runtime.ts): the key in use scrubbed from
 * whatever goes to a page. Its renderer dir is an empty temp folder: the key scans read sockets, never pages.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scrubSecret } from '../../main/core/venue/redact';
import type { SessionApi } from '../../main/core/session/session-api';
import { startWebServer, type WebServer } from '../../main/web/server';

/**
 * Starts the server, its renderer dir named after `prefix`; each thing it makes is pushed onto `cleanups` (the
 * caller runs them in reverse), so a failure halfway still undoes what was made.
 */
export async function startKeyScrubbingWebServer(
  session: SessionApi,
  key: string,
  prefix: string,
  cleanups: Array<() => Promise<void>>,
): Promise<WebServer> {
  const rendererDir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(rendererDir, { recursive: true, force: true }));
  const server = await startWebServer({
    session,
    rendererDir,
    scrub: (value) => scrubSecret(value, key),
    log: () => undefined,
  });
  cleanups.push(() => server.close());
  return server;
}
