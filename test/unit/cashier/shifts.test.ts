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
import { openJournal } from '../../../main/core/cashier/journal';
import type { Movement } from '../../../main/core/cashier/index';
import type { TransactionApplied } from '../../../main/core/venue/schemas-live';
import { acceptedKey, harnessPerTest, reopenOptions } from '../../support/cashier-harness';
import { movementFixture } from '../../support/cashier-fixtures';
import { parseCsvLine } from '../../support/csv';
import type { Harness } from '../../support/cashier-harness';
import { closeShiftArgs, openShiftArgs } from '../../support/shift-args';
import { pumpUntil } from '../../support/cashier-clock';

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

/** Closes the harness's first shift (float 0, nothing in it) and opens one with `float`. */
async function freshShift(h: Harness, float: number): Promise<ShiftRecord> {
  shiftOf(await h.cashier.closeShift(...closeShiftArgs(0)));
  return shiftOf(await h.cashier.openShift(...openShiftArgs(float, 'Ana')));
}

const shiftLogRecords = (h: Harness): number =>
  scanFramedRecords(readFileSync(join(h.dataDir, SHIFT_LOG_FILE))).records.length;

describe('shifts', () => {
  it('opens nothing by itself: the first shift waits for its float and operator, and outlives a restart', async () => {
    const h = await harness({ openShift: false });
    expect(h.cashier.snapshot().shifts).toMatchObject({ current: null, all: [] });
    await h.restart();
    expect(h.cashier.snapshot().shifts.all).toHaveLength(0);
    expect(await h.request({ action: 'buy-in', playerName: 'Alice', amount: 5 })).toMatchObject({
      kind: 'blocked',
      reason: expect.stringContaining('No shift is open'),
    });
    const opened = await h.cashier.openShift(...openShiftArgs(250.5, '  Ana '));
    expect(opened).toMatchObject({ ok: true, adopted: 0 });
    const shift = shiftOf(opened);
    expect(shift).toMatchObject({ openedBy: 'cashier', openingFloat: 25_050, operator: 'Ana', close: null });
    await h.restart();
    const after = h.cashier.snapshot().shifts;
    expect(after.current?.id).toBe(shift.id);
    expect(after.current).toMatchObject({ openingFloat: 25_050, operator: 'Ana' });
    expect(after.all).toHaveLength(1);
  });

  it('gives movements from before shifts to the first shift the cashier opens, and says how many', async () => {
    const h = await harness({ openShift: false });
    await h.cashier.close();
    // Two movements journaled by a version without shifts: no shiftId at all.
    const journal = await openJournal(h.dataDir);
    const old = (key: string, amount: number): Movement => {
      const { shiftId: _dropped, ...rest } = movementFixture({
        key,
        amount,
        state: 'applied',
        settlement: { at: 1, how: 'answered', body: { ok: true }, refusal: null },
      });
      return rest;
    };
    await journal.append(old('mv-old-000001', 40));
    await journal.append(old('mv-old-000002', 60));
    await journal.close();
    h.cashier = await openCashier(reopenOptions(h));
    await h.cashier.whenReady();
    const opened = await h.cashier.openShift(...openShiftArgs(100, 'Ana'));
    expect(opened).toMatchObject({ ok: true, adopted: 2 });
    const closed = shiftOf(await h.cashier.closeShift(...closeShiftArgs(200, { operator: 'Ana' })));
    expect(closed.close).toMatchObject({ expected: 20_000, variance: 0, closedBy: 'Ana' });
    // Only the first shift takes them in.
    expect(await h.cashier.openShift(...openShiftArgs(0, 'Ben'))).toMatchObject({ ok: true, adopted: 0 });
  });

  it('closes on a count by denomination whose total is the count, with a note and who counted', async () => {
    const h = await harness();
    await applied(h, { action: 'buy-in', playerName: 'Alice', amount: 130.5 });
    // A count that does not add up, a piece of 0 or a note with a control character never reach the cashier: the
    // close-shift channel's parse refuses them (test/unit/app/shift-contract.test.ts).
    const denominations = [
      { value: 100, count: 1 },
      { value: 25, count: 1 },
      { value: 0.25, count: 22 },
      { value: 5, count: 0 },
    ];
    const closed = shiftOf(
      await h.cashier.closeShift(
        ...closeShiftArgs(130.5, { denominations, note: '  one torn note  ', operator: 'Ben' }),
      ),
    );
    expect(closed.close).toMatchObject({
      counted: 13_050,
      expected: 13_050,
      variance: 0,
      note: 'one torn note',
      closedBy: 'Ben',
      denominations: [
        { value: 10_000, count: 1 },
        { value: 2_500, count: 1 },
        { value: 25, count: 22 },
      ],
    });
    await h.restart();
    const { totals: _totals, ...figures } = closed.close ?? {};
    expect(h.cashier.snapshot().shifts.all.find((shift) => shift.id === closed.id)?.close).toMatchObject(figures);
  });

  it(
    'totals each shift on its own and closes with expected cash, counted cash ' + 'and the variance in whole cents',
    async () => {
      const h = await harness();
      const shift = await freshShift(h, 1000);
      await applied(h, { action: 'buy-in', playerName: 'Alice', amount: 50 });
      await applied(h, { action: 'cash-out', playerName: 'Bob', amount: 20.25 });
      expect(h.cashier.snapshot().totals).toMatchObject({ moneyIn: 50, moneyOut: 20.25, net: 29.75, applied: 2 });
      const closed = shiftOf(await h.cashier.closeShift(...closeShiftArgs(1029.7)));
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
      const next = shiftOf(await h.cashier.openShift(...openShiftArgs(0)));
      await applied(h, { action: 'buy-in', playerName: 'Carol', amount: 5 });
      expect(h.cashier.snapshot().totals).toMatchObject({ moneyIn: 5, moneyOut: 0, applied: 1 });
      const nextClosed = shiftOf(await h.cashier.closeShift(...closeShiftArgs(5)));
      expect(nextClosed.id).toBe(next.id);
      expect(nextClosed.close).toMatchObject({ expected: 500, variance: 0 });
    },
  );

  it('refuses a second open shift and changes nothing', async () => {
    // Bad counted cash never reaches the cashier: the shift channels' parse refuses it (shift-contract.test.ts).
    const h = await harness();
    const shift = h.cashier.snapshot().shifts.current;
    const before = shiftLogRecords(h);
    expect(refusal(await h.cashier.openShift(...openShiftArgs(5)))).toContain('already open');
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
    const reason = refusal(await h.cashier.closeShift(...closeShiftArgs(30)));
    expect(reason).toContain('not settled');
    expect(reason).toContain(key);
    expect(h.cashier.snapshot().shifts.current?.close).toBeNull();
    h.host.handInProgress = false;
    h.pushTable();
    expect(await h.runUntil(() => h.movement(key).state === 'applied')).toBe(true);
    await h.settle();
    expect(shiftOf(await h.cashier.closeShift(...closeShiftArgs(30))).close?.variance).toBe(0);
  });

  it('archives a closed shift, compacts it out of the journal, and still exports it as CSV', async () => {
    const h = await harness();
    const shift = await freshShift(h, 100);
    const buyIn = await applied(h, { action: 'buy-in', playerName: 'Alice', amount: 40 });
    shiftOf(await h.cashier.closeShift(...closeShiftArgs(140)));
    const open = shiftOf(await h.cashier.openShift(...openShiftArgs(0)));
    const later = await applied(h, { action: 'buy-in', playerName: 'Bob', amount: 10 });
    expect((await readJournal(h.dataDir)).movements.map((movement) => movement.key)).toEqual([later]);
    expect((await readArchive(h.dataDir, shift.id)).map((movement) => movement.key)).toEqual([buyIn]);
    expect(h.cashier.snapshot().movements.map((movement) => movement.key)).toEqual([later]);
    const csv = ledgerCsv(await h.cashier.shiftMovements(shift.id));
    expect(csv).toContain(buyIn);
    expect(csv).not.toContain(later);
    const all = ledgerCsv(await h.cashier.shiftMovements('all'));
    expect(all.split('\r\n').filter((line) => line !== '')).toHaveLength(3);
    expect(all).toContain(`,${shift.id},`);
    expect(all).toContain(`,${open.id},`);
  });

  it("writes a shift's operator, float, expected, counted, variance, note on its rows, in a named unit", async () => {
    const h = await harness();
    const shift = await freshShift(h, 100);
    const buyIn = await applied(h, { action: 'buy-in', playerName: 'Alice', amount: 1040 });
    shiftOf(await h.cashier.closeShift(...closeShiftArgs(1139.5, { note: 'short, one chip', operator: 'Ben' })));
    const open = shiftOf(await h.cashier.openShift(...openShiftArgs(0, 'Cy')));
    const later = await applied(h, { action: 'buy-in', playerName: 'Bob', amount: 10 });
    const records = h.cashier.snapshot().shifts.all;
    const csv = ledgerCsv(await h.cashier.shiftMovements('all'), {
      unit: 'dollars',
      shift: (id) => records.find((record) => record.id === id),
    });
    const [header = '', ...lines] = csv.trimEnd().split('\r\n');
    const columns = header.split(',');
    const row = (key: string): Record<string, string> => {
      const line = lines.find((candidate) => candidate.includes(key)) ?? '';
      const cells = parseCsvLine(line);
      return Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? '']));
    };
    expect(row(buyIn)).toMatchObject({
      shift_id: shift.id,
      operator: 'Ana',
      amount_asked_dollars: '1040',
      delta_dollars: '1040',
      shift_float_dollars: '100',
      shift_expected_dollars: '1140',
      shift_counted_dollars: '1139.5',
      shift_variance_dollars: '-0.5',
      shift_note: 'short, one chip',
    });
    expect(row(later)).toMatchObject({
      shift_id: open.id,
      operator: 'Cy',
      shift_float_dollars: '0',
      shift_expected_dollars: '',
      shift_counted_dollars: '',
      shift_variance_dollars: '',
    });
    // ISO 8601 with the local offset, never a bare UTC "Z" a reader must convert.
    expect(row(buyIn).created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
    // Hidden money mode: no money column at all.
    const hidden = ledgerCsv(await h.cashier.shiftMovements('all'), {
      hideAmounts: true,
      shift: (id) => records.find((record) => record.id === id),
    });
    expect(hidden.split('\r\n')[0]).not.toMatch(/_chips|_dollars/);
    expect(hidden).not.toContain('1139.5');
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
        await pumpUntil(h, () => ready);
        expect(ready).toBe(true);
        return opened;
      };
      let crashing = await openCrashing();
      expect(shiftOf(await crashing.closeShift(...closeShiftArgs(0))).close?.variance).toBe(2_500);
      // A start whose compaction fails again still recovers and takes movements; the movement still counts once.
      crashing = await openCrashing();
      expect((await readJournal(h.dataDir)).movements.map((movement) => movement.key)).toContain(key);
      expect((await readArchive(h.dataDir, shift.id)).map((movement) => movement.key)).toEqual([key]);
      expect((await crashing.shiftMovements(shift.id)).map((movement) => movement.key)).toEqual([key]);
      // The next shift starts from zero even while the closed shift's movement is still in the journal.
      shiftOf(await crashing.openShift(...openShiftArgs(0)));
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
        if (closing === null && bothApplied) closing = h.cashier.closeShift(...closeShiftArgs(10));
      });
      expect(await h.runUntil(() => closing !== null, 2_000)).toBe(true);
      stop();
      let result = await (closing as unknown as Promise<ShiftResult>);
      await h.settle();
      if (!result.ok) {
        expect(result.reason).toContain(key);
        result = await h.cashier.closeShift(...closeShiftArgs(10));
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
      const payloads: TransactionApplied[] = [];
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
          const event = payloads[0];
          if (event !== undefined) opened.observeTransactionApplied(event);
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
      await pumpUntil(h, () => ready);
      shiftOf(await opened.closeShift(...closeShiftArgs(15)));
      await h.restart();
      const archived = await readArchive(h.dataDir, shift.id);
      expect(archived.map((movement) => movement.key)).toEqual([key]);
      expect(archived[0]?.settlement?.claimedEvent).toMatchObject({ kind: 'buy_in', amount: 15 });
      expect((await readJournal(h.dataDir)).movements).toEqual([]);
    },
  );
});
