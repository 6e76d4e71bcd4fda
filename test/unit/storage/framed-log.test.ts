import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FramedLog } from '../../../main/core/storage/framed-log';
import { encodeFramedRecord, scanFramedRecords } from '../../../main/core/storage/framed-record';
import { tempDirsAfterEach } from '../../support/temp-dirs';

const freshDir = tempDirsAfterEach('vc-framed-log-');
const freshPath = async (): Promise<string> => join(await freshDir(), 'test.log');

const record = (i: number): string => JSON.stringify({ i });
const onDisk = async (path: string): Promise<string[]> =>
  scanFramedRecords(await readFile(path)).records.map((payload) => payload.toString('utf8'));

describe('framed log', () => {
  it('creates a missing file at open and appends durably', async () => {
    const path = await freshPath();
    const { log, created, scan } = await FramedLog.open(path);
    expect(created).toBe(true);
    expect(scan.records).toEqual([]);
    await log.append([record(1), record(2)]);
    await log.append([Buffer.from(record(3))]);
    expect(log.size).toBe((await readFile(path)).length);
    await log.close();
    const again = await FramedLog.open(path);
    expect(again.created).toBe(false);
    expect(again.scan.records.map(String)).toEqual([1, 2, 3].map(record));
    await again.log.close();
  });

  it('cuts a torn tail off at open and appends cleanly after it', async () => {
    const path = await freshPath();
    const { log } = await FramedLog.open(path);
    await log.append([record(1)]);
    await log.close();
    await appendFile(path, encodeFramedRecord(record(2)).subarray(0, 11));
    const reopened = await FramedLog.open(path);
    expect(reopened.scan.tailBytes).toBe(11);
    await reopened.log.append([record(3)]);
    await reopened.log.close();
    expect(await onDisk(path)).toEqual([record(1), record(3)]);
    expect(scanFramedRecords(await readFile(path)).tailBytes).toBe(0);
  });

  it('streams records to onRecord, awaiting each', async () => {
    const path = await freshPath();
    const { log } = await FramedLog.open(path);
    await log.append([record(1), record(2), record(3)]);
    await log.close();
    const seen: string[] = [];
    const reopened = await FramedLog.open(path, {
      onRecord: async (payload) => {
        await new Promise((resolve) => setImmediate(resolve));
        seen.push(payload.toString('utf8'));
      },
    });
    expect(seen).toEqual([1, 2, 3].map(record));
    await reopened.log.close();
  });

  it('group-commits concurrent appends in call order, durable and not', async () => {
    const path = await freshPath();
    const { log } = await FramedLog.open(path, { idleSyncMs: 1 });
    const written: number[] = [];
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        log.append([record(i)], { durable: i % 3 === 0, onWritten: () => written.push(i) }),
      ),
    );
    expect(written).toEqual(Array.from({ length: 50 }, (_, i) => i));
    await log.close();
    expect(await onDisk(path)).toEqual(Array.from({ length: 50 }, (_, i) => record(i)));
  });

  it('refuses appends after close', async () => {
    const path = await freshPath();
    const { log } = await FramedLog.open(path);
    await log.close();
    await expect(log.append([record(1)])).rejects.toThrow(/closed/);
  });

  it(
    'rewrites atomically: the new content replaces the old, later appends land ' + 'in it, no temp file remains',
    async () => {
      const path = await freshPath();
      const { log } = await FramedLog.open(path);
      await log.append(Array.from({ length: 20 }, (_, i) => record(i)));
      const rewrite = log.rewrite([record(100), record(101)]);
      const after = log.append([record(102)]);
      await Promise.all([rewrite, after]);
      expect(log.size).toBe((await readFile(path)).length);
      await log.close();
      expect(await onDisk(path)).toEqual([100, 101, 102].map(record));
      expect(await readdir(join(path, '..'))).toEqual(['test.log']);
    },
  );

  it('keeps the old file and stays usable when a rewrite fails before its rename', async () => {
    const path = await freshPath();
    const { log } = await FramedLog.open(path);
    await log.append([record(1)]);
    function* failing(): Generator<string> {
      yield record(50);
      throw new Error('snapshot failed');
    }
    await expect(log.rewrite(failing())).rejects.toThrow('snapshot failed');
    await log.append([record(2)]);
    await log.close();
    expect(await onDisk(path)).toEqual([record(1), record(2)]);
    expect(await readdir(join(path, '..'))).toEqual(['test.log']);
  });

  it('ignores and removes the temp file of a compaction that crashed before its rename', async () => {
    const path = await freshPath();
    const { log } = await FramedLog.open(path);
    await log.append([record(1)]);
    await log.close();
    await writeFile(`${path}.compact.tmp`, encodeFramedRecord(record(99)));
    const reopened = await FramedLog.open(path);
    expect(reopened.scan.records.map(String)).toEqual([record(1)]);
    expect(await readdir(join(path, '..'))).toEqual(['test.log']);
    await reopened.log.close();
  });
});
