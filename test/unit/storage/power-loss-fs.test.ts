/** The simulated power loss itself (test/support/power-loss-fs.ts) loses exactly what a real disk may lose. */
import { constants } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FramedLog } from '../../../main/core/storage/framed-log';
import { fsyncDirectory } from '../../../main/core/storage/fsync-dir';
import { PowerLossFs } from '../../support/power-loss-fs';

const CREATE = constants.O_RDWR | constants.O_CREAT | constants.O_EXCL;
const text = async (fs: PowerLossFs, path: string): Promise<string | null> => {
  const handle = await fs.open(path, constants.O_RDONLY).catch(() => null);
  return handle === null ? null : (await handle.readFile()).toString();
};

describe('power-loss file layer', () => {
  it('loses writes not yet synced, and files whose folder was not fsynced after they were created', async () => {
    const fs = PowerLossFs.withFolders(['/d']);
    const file = await fs.open('/d/a', CREATE, 0o600);
    await file.write(Buffer.from('one'), 0, 3, null);
    await file.datasync();
    expect(await text(fs.afterPowerCut(), '/d/a')).toBeNull();
    await fsyncDirectory('/d', fs);
    await file.write(Buffer.from('two'), 0, 3, null);
    expect(await text(fs.afterPowerCut(), '/d/a')).toBe('one');
    await file.datasync();
    expect(await text(fs.afterPowerCut(), '/d/a')).toBe('onetwo');
  });

  it('keeps the old name of a rename until the folder is fsynced, and new folders until their parent is', async () => {
    const fs = PowerLossFs.withFolders(['/d']);
    const file = await fs.open('/d/a', CREATE, 0o600);
    await file.write(Buffer.from('x'), 0, 1, null);
    await file.sync();
    await fsyncDirectory('/d', fs);
    await fs.rename('/d/a', '/d/b');
    expect(await fs.afterPowerCut().readdir('/d')).toEqual(['a']);
    await fsyncDirectory('/d', fs);
    expect(await fs.afterPowerCut().readdir('/d')).toEqual(['b']);
    await fs.mkdir('/d/sub', 0o700);
    expect(await fs.afterPowerCut().readdir('/d')).toEqual(['b']);
  });

  it('under a framed log: a non-durable append is lost with the power, a durable one kept', async () => {
    const fs = PowerLossFs.withFolders(['/d']);
    const { log } = await FramedLog.open('/d/log', { fs, idleSyncMs: 60_000 });
    await log.append(['{"n":1}']);
    await log.append(['{"n":2}'], { durable: false });
    const reopened = await FramedLog.open('/d/log', { fs: fs.afterPowerCut() });
    expect(reopened.scan.records.map((record) => record.toString())).toEqual(['{"n":1}']);
    await reopened.log.close();
    await log.close();
  });
});
