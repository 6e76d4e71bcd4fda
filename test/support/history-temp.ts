/** Temporary directories for history stores in tests, removed after each test that asked for one. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** A fresh empty directory under the OS temp dir. */
export async function tempHistoryDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'vc-history-'));
  made.push(dir);
  return dir;
}

/** Removes every directory made so far (call from afterEach). */
export async function removeTempHistoryDirs(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}
