/**
 * The storage layer on a disk that fills: a write that runs out of space mid-record is cut back off (the log stays
 * appendable and reads whole), whole-file writes leave no temp behind, and the process's disk record says full
 * until a write lands. The process's last line keeps an unhandled ENOSPC from ending it, and nothing else.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../main/core/storage/atomic-file';
import { diskHealth, isDiskFull, survivedDiskFull } from '../../../main/core/storage/disk-space';
import { FramedLog } from '../../../main/core/storage/framed-log';
import { DiskFullFs } from '../../support/disk-full-fs';
import { tempDirsAfterEach } from '../../support/temp-dirs';

const tempDir = tempDirsAfterEach('vc-disk-full-');

describe('storage on a full disk', () => {
  it('cuts a half-written record back off: the log stays appendable and reads whole', async () => {
    const dir = await tempDir();
    const fs = new DiskFullFs();
    const { log } = await FramedLog.open(join(dir, 'log'), { fs });
    await log.append(['{"n":1}']);
    fs.full = true;
    const failed = await log.append(['{"n":2}']).catch((error: unknown) => error);
    expect(isDiskFull(failed)).toBe(true);
    expect(diskHealth.state().full).toBe(true);
    fs.full = false;
    await log.append(['{"n":3}']);
    expect(diskHealth.state().full).toBe(false);
    await log.close();
    const { log: reopened, scan } = await FramedLog.open(join(dir, 'log'));
    expect(scan.records.map((record) => record.toString())).toEqual(['{"n":1}', '{"n":3}']);
    expect(scan).toMatchObject({ tailBytes: 0, damagedRegions: 0 });
    await reopened.close();
  });

  it('leaves the old whole file and no temp when the disk refuses the new one', async () => {
    const dir = await tempDir();
    const fs = new DiskFullFs();
    await writeFileAtomic(join(dir, 'settings.json'), '{"a":1}', { fs });
    fs.full = true;
    const failed = await writeFileAtomic(join(dir, 'settings.json'), '{"a":2}', { fs }).catch((error) => error);
    expect(isDiskFull(failed)).toBe(true);
    expect(diskHealth.state()).toMatchObject({ full: true, where: 'settings.json' });
    expect(await readdir(dir)).toEqual(['settings.json']);
    fs.full = false;
    await writeFileAtomic(join(dir, 'settings.json'), '{"a":3}', { fs });
    expect(diskHealth.state().full).toBe(false);
  });

  it('survives an unhandled ENOSPC (shown, logged as unhandled), and only that', () => {
    const logged: string[] = [];
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(survivedDiskFull(enospc, (line) => logged.push(line))).toBe(true);
    expect(diskHealth.state().full).toBe(true);
    expect(logged).toEqual([
      'a background write failed on a full disk (unhandled): ENOSPC: no space left on device, write',
    ]);
    expect(survivedDiskFull(new Error('a bug'), (line) => logged.push(line))).toBe(false);
    expect(survivedDiskFull(Object.assign(new Error('EIO'), { code: 'EIO' }), () => undefined)).toBe(false);
    diskHealth.wrote();
  });
});
