/**
 * The frame of a test that opens a real session: a fresh data folder before each test; after it, every session the
 * test opened is closed, last opened first, and then the folder is removed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createSession, type Session, type SessionOptions } from '../../main/core/session';

export interface SessionPerTest {
  /** This test's data folder; reading it outside a test fails. */
  readonly dataDir: string;
  /** Opens a session in this test's data folder, closed after the test, and waits until it started. */
  open(options: Omit<SessionOptions, 'dataDir'>): Promise<Session>;
}

/** Registers the hooks in the calling test file; the folders are named `prefix…` under the OS temp folder. */
export function sessionPerTest(prefix: string): SessionPerTest {
  let dataDir: string | null = null;
  const sessions: Session[] = [];
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    for (const session of sessions.splice(0).reverse()) await session.close();
    if (dataDir !== null) await rm(dataDir, { recursive: true, force: true });
    dataDir = null;
  });
  const folder = (): string => {
    if (dataDir === null) throw new Error('there is no data folder outside a test');
    return dataDir;
  };
  return {
    get dataDir() {
      return folder();
    },
    open: async (options) => {
      const session = await createSession({ ...options, dataDir: folder() });
      sessions.push(session);
      await session.started;
      return session;
    },
  };
}
