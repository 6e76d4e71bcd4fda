/**
 * The journal under simulated power loss (test/support/power-loss-fs.ts: what was not fdatasynced or dir-fsynced
 * is lost). A run of appends (some concurrent, some non-durable) and compactions, in a data folder the journal
 * creates, has the power cut before EVERY durability step; each time, the recovered journal must hold every
 * movement state whose durable write had resolved (it left the machine: its request may be at the venue).
 */
import { describe, expect, it } from 'vitest';
import { openJournal, readJournal, type Journal } from '../../../main/core/cashier/journal';
import type { HeldLock } from '../../../main/core/cashier/lock';
import type { Movement } from '../../../main/core/cashier/index';
import { movementFixture } from '../../support/cashier-fixtures';
import { PowerCutError, PowerLossFs, type PowerLossOptions } from '../../support/power-loss-fs';

const DATA_DIR = '/home/cashier/data';
/** The journal's folder does not exist yet: creating it (and fsyncing each new folder's parent) is under test too. */
const JOURNAL_DIR = `${DATA_DIR}/venues/v-1/cashier`;
/** A simulated disk has no sockets; one process per folder is lock.ts's job and tested there. */
const noLock = async (): Promise<HeldLock> => ({ release: async () => undefined });

const state = (index: number, version: number): Movement =>
  movementFixture({ key: `mv-key-${String(index).padStart(4, '0')}`, amount: 10 + index, updatedAt: version });

/** The run. `durable` records, per key, the newest version whose durable write resolved. */
async function drive(fs: PowerLossFs, durable: Map<string, number>): Promise<void> {
  const journal: Journal = await openJournal(JOURNAL_DIR, { fs, lock: noLock });
  const latest = new Map<string, Movement>();
  const note = (movement: Movement) => {
    if ((durable.get(movement.key) ?? -1) < movement.updatedAt) durable.set(movement.key, movement.updatedAt);
  };
  const append = async (movement: Movement, isDurable = true) => {
    latest.set(movement.key, movement);
    await journal.append(movement, { durable: isDurable });
    if (isDurable) note(movement);
  };
  let version = 0;
  for (let round = 0; round < 3; round += 1) {
    await append(state(round, (version += 1)));
    // An attempt's outcome: written without waiting for its fdatasync; never counted as having left.
    await append(state(round, (version += 1)), false);
    // Three movements at once: group-committed under one fdatasync.
    await Promise.all([
      append(state(10 + round, (version += 1))),
      append(state(20 + round, (version += 1))),
      append(state(round, (version += 1))),
    ]);
    const snapshot = [...latest.values()];
    await journal.compact(snapshot);
    for (const movement of snapshot) note(movement);
    await append(state(30 + round, (version += 1)));
  }
  await journal.close();
}

/** Cuts the power before every step of the run; returns what each cut lost ("key@version" that had left). */
async function lossesAtEveryCut(
  broken: PowerLossOptions['skip'] = undefined,
): Promise<{ readonly cuts: number; readonly lost: string[] }> {
  const full = PowerLossFs.withFolders([DATA_DIR], { skip: broken });
  await drive(full, new Map());
  const lost: string[] = [];
  for (let cutAfter = 0; cutAfter <= full.steps; cutAfter += 1) {
    const fs = PowerLossFs.withFolders([DATA_DIR], { cutAfter, skip: broken });
    const durable = new Map<string, number>();
    try {
      await drive(fs, durable);
    } catch (error) {
      if (!(error instanceof PowerCutError)) throw error;
    }
    const disk = fs.afterPowerCut();
    // Recovery as the next start does it (open cuts a torn tail), then read back.
    const reopened = await openJournal(JOURNAL_DIR, { fs: disk, lock: noLock }).catch(() => null);
    const recovered = new Map(
      (reopened?.recovered.movements ?? []).map((movement) => [movement.key, movement.updatedAt]),
    );
    await reopened?.close();
    if (reopened !== null) expect((await readJournal(JOURNAL_DIR, disk)).movements.length).toBe(recovered.size);
    for (const [key, version] of durable) {
      if ((recovered.get(key) ?? -1) < version) lost.push(`cut after step ${cutAfter}: ${key}@${version}`);
    }
  }
  return { cuts: full.steps + 1, lost };
}

describe('journal under power loss', () => {
  it('keeps every movement state that left the machine, whichever step the power is cut before', async () => {
    const { cuts, lost } = await lossesAtEveryCut();
    expect(cuts).toBeGreaterThan(40);
    expect(lost).toEqual([]);
  });

  it('the check catches storage that skips its fdatasync', async () => {
    expect((await lossesAtEveryCut('datasync')).lost.length).toBeGreaterThan(0);
  });

  it(
    'the check catches storage that skips its directory fsyncs (a new journal, ' + 'its folders, a compaction rename)',
    async () => {
      expect((await lossesAtEveryCut('dir-fsync')).lost.length).toBeGreaterThan(0);
    },
  );
});
