/**
 * Temp folders a test file makes as it goes, each removed after its test: call once at the top of the file (it
 * registers the afterEach hook there), then call what it returns for each new folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanupsAfterEach } from './cleanups-after-each';

/** A maker of new folders under the OS temp folder named `prefix…`, each removed after the test that made it. */
export function tempDirsAfterEach(prefix: string): () => Promise<string> {
  const cleanups = cleanupsAfterEach();
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), prefix));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  };
}
