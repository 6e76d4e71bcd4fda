import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_DIR,
  ledgerCsv,
  openCashier,
  readArchive,
  readJournal,
  SHIFT_LOG_FILE,
} from '../../../main/core/cashier/index';
import type { Cashier, ShiftRecord, ShiftResult } from '../../../main/core/cashier/index';
import { scanFramedRecords } from '../../../main/core/storage/framed-record';
import { acceptedKey, harnessPerTest, reopenOptions } from '../../support/cashier-harness';
import type { Harness } from '../../support/cashier-harness';

const harness = harnessPerTest();

function shiftOf(result: ShiftResult): ShiftRecord {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.shift;
}

const refusal = (result: ShiftResult): string => (result.ok ? 'accepted' : result.reason);

/** Applies one movement and waits until it settles. */
async function applied(h: Harness, input: Parameters<typeof acceptedKey>[1]): Promise<string> {
  const key = await acceptedKey(h.cashier, input);
  expect(await h.runUntil(() => h.movement(key).state === 'applied')).toBe(true);
  await h.settle();
  return key;
}

/** Closes the automatic first shift (float 0, nothing in it) and opens one with `float`. */
async function freshShift(h: Harness, float: number): Promise<ShiftRecord> {
  shiftOf(await h.cashier.closeShift(0));
  return shiftOf(await h.cashier.openShift(float));
}

const shiftLogRecords = (h: Harness): number =>
  scanFramedRecords(readFileSync(join(h.dataDir, SHIFT_LOG_FILE))).records.length;

describe('shifts', () => {
  it(
    'opens the first shift automatically (float 0), once, and keeps an opened ' + 'shift open across a restart',
    async () => {
      const h = await harness();
      const first = h.cashier.snapshot().shifts;
      expect(first.all).toHaveLength(1);
      expect(first.current).toMatchObject({ openedBy: 'auto', openingFloat: 0, close: null });
      const shift = await freshShift(h, 250.5);
      expect(shift).toMatchObject({ openedBy: 'cashier', openingFloat: 25_050, close: null });
      await h.restart();
      const after = h.cashier.snapshot().shifts;
      expect(after.current?.id).toBe(shift.id);
      expect(after.current?.openingFloat).toBe(25_050);
      expect(after.all).toHaveLength(2);
    },
  );

  it(
    'totals each shift on its own and closes with expected cash, counted cash ' + 'and the variance in whole cents',
    async () => {
      const h = await harness();
      const shift = await freshShift(h, 1000);
      await applied(h, { action: 'buy-in', playerName: 'Alice', amount: 50 });
      await applied(h, { action: 'cash-out', playerName: 'Bob', amount: 20.25 });
      expect(h.cashier.snapshot().totals).toMatchObject({ moneyIn: 50, moneyOut: 20.25, net: 29.75, applied: 2 });
      const closed = shiftOf(await h.cashier.closeShift(1029.7));
      expect(closed.id).toBe(shift.id);
      expect(closed.close).toMatchObject({ expected: 102_975, counted: 102_970, variance: -5 });
      expect(closed.close?.totals).toMatchObject({
        buyIns: 5_000,
        cashOuts: 2_025,
        applied: 2,
        toConfirm: 0,
        doubles: 0,
      });
      // With no shift open the ledger is empty and no money moves.
      expect(h.cashier.snapshot().totals).toMatchObject({ moneyIn: 0, moneyOut: 0, applied: 0 });
      expect(await h.request({ action: 'buy-in', playerName: 'Carol', amount: 5 })).toMatchObject({
        kind: 'blocked',
        reason: expect.stringContaining('No shift is open'),
      });
      const next = shiftOf(await h.cashier.openShift(0));
      await applied(h, { action: 'buy-in', playerName: 'Carol', amount: 5 });
      expect(h.cashier.snapshot().totals).toMatchObject({ moneyIn: 5, moneyOut: 0, applied: 1 });
      const nextClosed = shiftOf(await h.cashier.closeShift(5));
      expect(nextClosed.id).toBe(next.id);
      expect(nextClosed.close).toMatchObject({ expected: 500, variance: 0 });
    },
  );

  it('refuses bad counted cash with a clear reason and changes nothing', async () => {
    const h = await harness();
    const shift = h.cashier.snapshot().shifts.current;
    const before = shiftLogRecords(h);
    const cases: Array<readonly [unknown, string]> = [
      [-1, 'cannot be negative'],
      [12.345, 'two decimals'],
      [Number.NaN, 'finite'],
      ['12', 'number of chips'],
      [1_000_000.01, 'at most 1,000,000'],
      [null, 'number of chips'],
    ];
    for (const [counted, why] of cases) expect(refusal(await h.cashier.closeShift(counted))).toContain(why);
    expect(refusal(await h.cashier.openShift(5))).toContain('already open');
    expect(h.cashier.snapshot().shifts.current).toEqual(shift);
    expect(shiftLogRecords(h)).toBe(before);
  });

  it('refuses to close while a movement of the shift is not settled, naming it', async () => {
    const h = await harness();
    h.host.handInProgress = true;
    h.pushTable();
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 30 });
    await h.settle();
    expect(h.movement(key).state).toBe('queued');
    const reason = refusal(await h.cashier.closeShift(30));
    expect(reason).toContain('not settled');
    expect(reason).toContain(key);
    expect(h.cashier.snapshot().shifts.current?.close).toBeNull();
    h.host.handInProgress = false;
    h.pushTable();
    expect(await h.runUntil(() => h.movement(key).state === 'applied')).toBe(true);
    await h.settle();
    expect(shiftOf(await h.cashier.closeShift(30)).close?.variance).toBe(0);
  });

  it('archives a closed shift, compacts it out of the journal, and still exports it as CSV', async () => {
    const h = await harness();
    const shift = await freshShift(h, 100);
    const buyIn = await applied(h, { action: 'buy-in', playerName: 'Alice', amount: 40 });
    shiftOf(await h.cashier.closeShift(140));
    const open = shiftOf(await h.cashier.openShift(0));
    const later = await applied(h, { action: 'buy-in', playerName: 'Bob', amount: 10 });
    expect((await readJournal(h.dataDir)).movements.map((movement) => movement.key)).toEqual([later]);
    expect((await readArchive(h.dataDir, shift.id)).map((movement) => movement.key)).toEqual([buyIn]);
    expect(h.cashier.snapshot().movements.map((movement) => movement.key)).toEqual([later]);
    const csv = ledgerCsv(await h.cashier.shiftMovements(shift.id));
    expect(csv).toContain(buyIn);
    expect(csv).not.toContain(later);
    const all = ledgerCsv(await h.cashier.shiftMovements('all'));
    expect(all.split('\r\n').filter((line) => line !== '')).toHaveLength(3);
    expect(all).toContain(`,${shift.id}\r\n`);
    expect(all).toContain(`,${open.id}\r\n`);
  });

  it(
    'never loses a movement when a crash falls between the archive and the ' + 'compaction, and counts it once',
    async () => {
      const h = await harness();
      const shift = await freshShift(h, 0);
      const key = await applied(h, { action: 'cash-out', playerName: 'Bob', amount: 25 });
      // Reopen with a hook that fails right after the archive's fdatasync: the journal is never compacted.
      const openCrashing = async (): Promise<Cashier> => {
        await h.cashier.close();
        const opened = await openCashier({
          ...reopenOptions(h),
          afterArchive: () => Promise.reject(new Error('power cut')),
        });
        h.cashier = opened;
        let ready = false;
        void opened.whenReady().then(() => (ready = true));
        // Recovery does real file I/O the fake clock cannot see: keep pumping until it says it is ready.
        for (let round = 0; round < 500 && !ready; round += 1) await h.runUntil(() => ready);
        expect(ready).toBe(true);
        return opened;
      };
      let crashing = await openCrashing();
      expect(shiftOf(await crashing.closeShift(0)).close?.variance).toBe(2_500);
      // A start whose compaction fails again still recovers and takes movements; the movement still counts once.
      crashing = await openCrashing();
      expect((await readJournal(h.dataDir)).movements.map((movement) => movement.key)).toContain(key);
      expect((await readArchive(h.dataDir, shift.id)).map((movement) => movement.key)).toEqual([key]);
      expect((await crashing.shiftMovements(shift.id)).map((movement) => movement.key)).toEqual([key]);
      // The next shift starts from zero even while the closed shift's movement is still in the journal.
      shiftOf(await crashing.openShift(0));
      expect(crashing.snapshot().totals).toMatchObject({ moneyIn: 0, moneyOut: 0, applied: 0 });
      const archiveFile = join(h.dataDir, ARCHIVE_DIR, `${shift.id}.log`);
      const archivedRecords = scanFramedRecords(readFileSync(archiveFile)).records.length;
      // The restart finishes the compaction without archiving the movement a second time.
      await h.restart();
      expect((await readJournal(h.dataDir)).movements.map((movement) => movement.key)).not.toContain(key);
      expect(scanFramedRecords(readFileSync(archiveFile)).records).toHaveLength(archivedRecords);
      const rows = ledgerCsv(await h.cashier.shiftMovements('all'))
        .split('\r\n')
        .filter((line) => line.includes(key));
      expect(rows).toHaveLength(1);
    },
  );

  it(
    'never closes a shift between a late double and its flags: the close, the ' +
      'summary and the archive all show the double',
    async () => {
      const h = await harness({ faults: ['timeout-apply-later'], lateMs: 60_000 });
      const shift = h.cashier.snapshot().shifts.current;
      const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Bob', amount: 5 });
      expect(await h.runUntil(() => h.movement(key).evidence?.verdict === 'not-applied', 300)).toBe(true);
      const resent = await h.cashier.resolveInDoubt(key, 'send-again');
      if (!resent.ok) throw new Error(resent.reason);
      const newKey = resent.movement.key;
      // The cashier presses "close" the moment both show applied (before the double is flagged).
      let closing: Promise<ShiftResult> | null = null;
      const stop = h.cashier.subscribe((snapshot) => {
        const bothApplied = [key, newKey].every(
          (each) => snapshot.movements.find((movement) => movement.key === each)?.state === 'applied',
        );
        if (closing === null && bothApplied) closing = h.cashier.closeShift(10);
      });
      expect(await h.runUntil(() => closing !== null, 2_000)).toBe(true);
      stop();
      let result = await (closing as unknown as Promise<ShiftResult>);
      await h.settle();
      if (!result.ok) {
        expect(result.reason).toContain(key);
        result = await h.cashier.closeShift(10);
      }
      expect(shiftOf(result).id).toBe(shift?.id);
      expect(shiftOf(result).close?.totals).toMatchObject({ doubles: 2, buyIns: 1_000 });
      await h.settle();
      const archived = await readArchive(h.dataDir, shiftOf(result).id);
      expect(archived.map((movement) => movement.key).sort()).toEqual([key, newKey].sort());
      for (const movement of archived) expect(movement.flags).toContain('both-applied');
      expect((await readJournal(h.dataDir)).movements).toEqual([]);
    },
  );

  it(
    'keeps a state journaled between the archive and the compaction (a late ' +
      'claimed event), and archives it next time',
    async () => {
      const h = await harness({ feedEvents: false });
      const payloads: Array<Record<string, unknown>> = [];
      h.host.eventSink = (payload) => payloads.push(payload);
      const shift = await freshShift(h, 0);
      const key = await applied(h, { action: 'buy-in', playerName: 'Carol', amount: 15 });
      expect(h.movement(key).settlement?.claimedEvent ?? null).toBeNull();
      expect(payloads).toHaveLength(1);
      // Reopen with a hook that delivers the movement's transaction_applied event right after the archive's fdatasync.
      await h.cashier.close();
      const opened = await openCashier({
        ...reopenOptions(h),
        async afterArchive() {
          opened.observeTransactionApplied(payloads[0] ?? {});
          for (
            let turn = 0;
            turn < 1_000 &&
            (opened.snapshot().movements.find((movement) => movement.key === key)?.settlement?.claimedEvent ?? null) ===
              null;
            turn += 1
          ) {
            await new Promise((resolve) => setImmediate(resolve));
          }
        },
      });
      h.cashier = opened;
      let ready = false;
      void opened.whenReady().then(() => (ready = true));
      for (let round = 0; round < 500 && !ready; round += 1) await h.runUntil(() => ready);
      shiftOf(await opened.closeShift(15));
      await h.restart();
      const archived = await readArchive(h.dataDir, shift.id);
      expect(archived.map((movement) => movement.key)).toEqual([key]);
      expect(archived[0]?.settlement?.claimedEvent).toMatchObject({ kind: 'buy_in', amount: 15 });
      expect((await readJournal(h.dataDir)).movements).toEqual([]);
    },
  );
});
