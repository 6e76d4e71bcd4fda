/**
 * The frame of a test that opens a real session: a fresh data folder before each test; after it, what the test
 * handed over (its session) is closed, last opened first, and then the folder is removed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';

interface Closable {
  close(): Promise<void>;
}

export interface SessionPerTest {
  /** This test's data folder; reading it outside a test fails. */
  readonly dataDir: string;
  /** Closes `closable` after this test. */
  keep(closable: Closable): void;
}

/** Registers the hooks in the calling test file; the folders are named `prefix…` under the OS temp folder. */
export function sessionPerTest(prefix: string): SessionPerTest {
  let dataDir: string | null = null;
  const closables: Closable[] = [];
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), prefix));
  });
  afterEach(async () => {
    for (const closable of closables.splice(0).reverse()) await closable.close();
    if (dataDir !== null) await rm(dataDir, { recursive: true, force: true });
    dataDir = null;
  });
  return {
    get dataDir() {
      if (dataDir === null) throw new Error('there is no data folder outside a test');
      return dataDir;
    },
    keep: (closable) => {
      closables.push(closable);
    },
  };
}
