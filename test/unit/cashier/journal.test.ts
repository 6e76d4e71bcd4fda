import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openJournal, readJournal, recoverJournal, JOURNAL_FILE } from '../../../main/core/cashier/journal';
import { encodeFramedRecord } from '../../../main/core/storage/framed-record';
import { JournalLockedError } from '../../../main/core/cashier/lock';
import type { Movement } from '../../../main/core/cashier/index';
import { movementFixture } from '../../support/cashier-fixtures';
import { tempDataDir } from '../../support/cashier-harness';

const dirs: Array<{ remove: () => void }> = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.remove();
});

function freshDir(): string {
  const temp = tempDataDir('cashier-journal-');
  dirs.push(temp);
  return temp.dir;
}

const movement = (index: number, overrides: Partial<Movement> = {}): Movement =>
  movementFixture({ key: `mv-key-${String(index).padStart(4, '0')}`, amount: 10 + index, ...overrides });

const record = (m: Movement): Buffer => encodeFramedRecord(JSON.stringify({ v: 1, type: 'movement', movement: m }));

describe('journal recovery (framing itself: test/unit/storage)', () => {
  it('keeps every intact movement when the last record is torn at any byte', () => {
    const intact = [movement(1), movement(2), movement(3, { state: 'applied' })];
    const last = record(movement(4));
    const head = Buffer.concat(intact.map(record));
    for (let cut = 0; cut < last.length; cut += 1) {
      const recovered = recoverJournal(Buffer.concat([head, last.subarray(0, cut)]));
      expect(recovered.movements.map((m) => m.key)).toEqual(intact.map((m) => m.key));
      expect(recovered.validEnd).toBe(head.length);
      expect(recovered.report.droppedTailBytes).toBe(cut);
    }
    expect(recoverJournal(Buffer.concat([head, last])).movements).toHaveLength(4);
  });

  it('skips a corrupt record in the middle and keeps going; the latest intact state of a key wins', () => {
    const first = record(movement(1, { state: 'sending' }));
    const middle = Buffer.from(record(movement(2)));
    middle[30] = (middle[30] as number) ^ 0x20;
    const later = record(movement(1, { state: 'applied' }));
    const recovered = recoverJournal(Buffer.concat([first, middle, later, record(movement(3))]));
    expect(recovered.movements.map((m) => [m.key, m.state])).toEqual([
      [movement(1).key, 'applied'],
      [movement(3).key, 'sending'],
    ]);
    expect(recovered.report.skippedCorrupt).toBe(1);
    expect(recovered.report.droppedTailBytes).toBe(0);
  });

  it('drops intact framing whose content fails validation or is not JSON', () => {
    const bad = encodeFramedRecord(
      JSON.stringify({ v: 1, type: 'movement', movement: { ...movement(5), amount: 'fifty' } }),
    );
    const recovered = recoverJournal(
      Buffer.concat([record(movement(1)), bad, encodeFramedRecord('{not json'), record(movement(2))]),
    );
    expect(recovered.movements).toHaveLength(2);
    expect(recovered.report.invalidRecords).toBe(2);
    expect(recoverJournal(Buffer.from('garbage without newline')).movements).toEqual([]);
  });
});

describe('journal file', () => {
  it('appends durably, cuts a torn tail on open, and appends cleanly after it', async () => {
    const dir = freshDir();
    const journal = await openJournal(dir);
    await journal.append(movement(1));
    await journal.append(movement(2));
    await journal.close();
    const path = join(dir, JOURNAL_FILE);
    writeFileSync(path, Buffer.concat([readFileSync(path), record(movement(3)).subarray(0, 25)]));
    const reopened = await openJournal(dir);
    expect(reopened.recovered.movements).toHaveLength(2);
    expect(reopened.recovered.report.droppedTailBytes).toBe(25);
    await reopened.append(movement(4));
    await reopened.close();
    const final = await readJournal(dir);
    expect(final.movements.map((m) => m.key)).toEqual([movement(1).key, movement(2).key, movement(4).key]);
    expect(final.report.droppedTailBytes).toBe(0);
  });

  it('compacts to the latest state of each movement through a temp file', async () => {
    const dir = freshDir();
    const journal = await openJournal(dir);
    for (let i = 0; i < 20; i += 1) await journal.append(movement(1, { attempts: [], updatedAt: i }));
    await journal.append(movement(2));
    const before = journal.size();
    await journal.compact([movement(1, { updatedAt: 19, state: 'applied' }), movement(2)]);
    expect(journal.size()).toBeLessThan(before);
    await journal.append(movement(3));
    await journal.close();
    const recovered = await readJournal(dir);
    expect(recovered.report.records).toBe(3);
    expect(recovered.movements.map((m) => m.state)).toEqual(['applied', 'sending', 'sending']);
  });

  it(
    'is owned by one process: a live owner blocks, and an old pid lock file ' + '(even naming this process) does not',
    async () => {
      const dir = freshDir();
      const journal = await openJournal(dir);
      await expect(openJournal(dir)).rejects.toBeInstanceOf(JournalLockedError);
      await journal.close();
      // The pid-file lock of earlier versions, naming this very (live) process: meaningless now.
      writeFileSync(join(dir, 'cashier.lock'), `${process.pid}\n`);
      const taken = await openJournal(dir);
      await taken.close();
    },
  );
});
