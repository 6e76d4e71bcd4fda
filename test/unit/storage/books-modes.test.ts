/** Every folder and file of the books is private whatever the umask: 0700 folders, 0600 files. */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ARCHIVE_DIR } from '../../../main/core/cashier/archive';
import { archiveMovements } from '../../../main/core/cashier/archive';
import { Books, defaultWitnessDir, KEY_FILE, keyFileSource, WITNESS_FILE } from '../../../main/core/storage/books';
import { movementFixture } from '../../support/cashier-fixtures';

const dirs: string[] = [];
let umask: number | null = null;
afterEach(() => {
  if (umask !== null) process.umask(umask);
  umask = null;
  for (const dir of dirs.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
    rmSync(defaultWitnessDir(dir), { recursive: true, force: true });
  }
});

const mode = (path: string): number => statSync(path).mode & 0o777;

describe('the books on disk, under umask 000', () => {
  it('keep the archive folder 0700, its files, the key and the witness 0600', async () => {
    umask = process.umask(0);
    const dir = mkdtempSync(join(tmpdir(), 'vc-modes-'));
    dirs.push(dir);
    const witness = defaultWitnessDir(dir);
    const books = await Books.open(dir, witness, keyFileSource(witness));
    await archiveMovements(dir, 'shift-modes', [movementFixture({ state: 'applied' })], books);
    await books.flush();
    expect({
      archive: mode(join(dir, ARCHIVE_DIR)),
      archived: mode(join(dir, ARCHIVE_DIR, 'shift-modes.log')),
      witnessDir: mode(witness),
      key: mode(join(witness, KEY_FILE)),
      witness: mode(join(witness, WITNESS_FILE)),
    }).toEqual({ archive: 0o700, archived: 0o600, witnessDir: 0o700, key: 0o600, witness: 0o600 });
  });
});
