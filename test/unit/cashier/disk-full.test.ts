/**
 * A full disk is a state, not a crash: a cashier must always be able to tell what happened. The journal sits on a
 * disk that fills (a real folder behind test/support/disk-full-fs.ts: a write that runs out of space lands half its
 * bytes, then fails ENOSPC):
 * - a new movement is refused in one sentence while the disk lacks the reserve, or when its intent cannot be
 *   journaled; nothing is sent that the journal did not take;
 * - an answer that arrived but could not be journaled is held in memory, shown on its card, journaled and settled as
 *   soon as the disk takes it, without a restart; the reconciliation calls its event "pending", never another
 *   writer's;
 * - whatever write the disk fills at and frees at, every answer ends journaled once, and nothing is sent twice.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openCashier, readJournal, type Cashier, type Movement } from '../../../main/core/cashier/index';
import type { CashierTransport } from '../../../main/core/cashier/api';
import { JOURNAL_FILE, recoverJournal } from '../../../main/core/cashier/journal';
import { reconcile } from '../../../main/core/cashier/reconcile/match';
import { reconciliationStatus } from '../../../main/core/cashier/reconcile/report';
import type { VenueEvent } from '../../../main/core/cashier/reconcile/types';
import { DISK_FULL_REFUSAL } from '../../../main/core/storage/disk-space';
import type { TransactionAttempt } from '../../../main/core/venue/transaction';
import { createHarness, harnessPerTest, reopenOptions, type Harness } from '../../support/cashier-harness';
import { appliedEventFixture, movementRequest } from '../../support/cashier-fixtures';
import { DiskFullFs } from '../../support/disk-full-fs';

const harness = harnessPerTest();

/** Reopens the harness's cashier with its journal on `fs`; `onPhase` sees each attempt's phases. */
async function onFullableDisk(
  h: Harness,
  fs: DiskFullFs,
  options: {
    hasSpace?: () => boolean;
    onPhase?: (phase: string) => void;
    transport?: CashierTransport;
    /** How long to pump the clock for it to become ready (a full disk may hold it back). */
    readyRounds?: number;
  } = {},
): Promise<Cashier> {
  await h.cashier.close();
  const cashier = await openCashier({
    ...reopenOptions(h),
    transport: options.transport ?? h.host.transport,
    storage: fs,
    hasSpace: async () => options.hasSpace?.() ?? true,
    onPhase: (phase) => options.onPhase?.(phase),
  });
  h.cashier = cashier;
  h.host.eventSink = (payload) => cashier.observeTransactionApplied(payload);
  h.host.streamSink = (coverage) => cashier.observeStream(coverage);
  cashier.observeStream(h.host.coverage());
  cashier.observeTable(h.host.pushView());
  let ready = false;
  void cashier.whenReady().then(() => (ready = true));
  for (let round = 0; round < (options.readyRounds ?? 500) && !ready; round += 1) await h.runUntil(() => ready, 5);
  return cashier;
}

const onDisk = async (h: Harness, key: string): Promise<Movement | undefined> =>
  (await readJournal(h.dataDir)).movements.find((movement) => movement.key === key);

describe('the cashier on a full disk', () => {
  it('refuses a new movement in one sentence when the disk lacks the reserve: nothing journaled or sent', async () => {
    const h = await harness();
    const fs = new DiskFullFs();
    let space = false;
    const cashier = await onFullableDisk(h, fs, { hasSpace: () => space });
    const result = await cashier.request(movementRequest({ action: 'buy-in', playerName: 'Alice', amount: 20 }));
    expect(result).toEqual({ kind: 'blocked', reason: DISK_FULL_REFUSAL, code: 'disk_full' });
    expect(h.host.requests).toBe(0);
    expect(cashier.snapshot().movements).toEqual([]);
    space = true;
    const again = await cashier.request(movementRequest({ action: 'buy-in', playerName: 'Alice', amount: 20 }));
    expect(again.kind).toBe('accepted');
  });

  it('refuses in the same sentence when the intent cannot be journaled, and the journal stays appendable', async () => {
    const h = await harness();
    const fs = new DiskFullFs();
    const cashier = await onFullableDisk(h, fs);
    fs.full = true;
    const result = await cashier.request(movementRequest({ action: 'buy-in', playerName: 'Alice', amount: 20 }));
    expect(result).toEqual({ kind: 'blocked', reason: DISK_FULL_REFUSAL, code: 'disk_full' });
    expect(fs.refused).toBeGreaterThan(0);
    expect(h.host.requests).toBe(0);
    fs.full = false;
    const again = await cashier.request(movementRequest({ action: 'buy-in', playerName: 'Alice', amount: 20 }));
    if (again.kind !== 'accepted') throw new Error(JSON.stringify(again));
    expect(await h.runUntil(() => h.movement(again.movement.key).state === 'applied')).toBe(true);
    // The half-written intent was cut back off: the journal reads whole, with only the movement that went.
    const journal = await readJournal(h.dataDir);
    expect(journal.report).toMatchObject({ skippedCorrupt: 0, invalidRecords: 0, droppedTailBytes: 0 });
    expect(journal.movements.map((movement) => movement.key)).toEqual([again.movement.key]);
  });

  it('holds an answer it could not journal, shows it, and journals and settles it once the disk takes it', async () => {
    const h = await harness({ feedEvents: false });
    const fs = new DiskFullFs();
    // The disk fills while the request is at the venue: the intent is on disk, the answer will not be.
    const cashier = await onFullableDisk(h, fs, {
      onPhase: (phase) => {
        if (phase === 'request-sent') fs.full = true;
      },
    });
    const result = await cashier.request(movementRequest({ action: 'buy-in', playerName: 'Alice', amount: 20 }));
    if (result.kind !== 'accepted') throw new Error(JSON.stringify(result));
    const key = result.movement.key;
    const shown = () => cashier.snapshot().movements.find((movement) => movement.key === key);
    expect(await h.runUntil(() => shown()?.unsavedAnswer !== null, 50)).toBe(true);
    expect(shown()?.unsavedAnswer).toBe('The venue answered: applied. Not yet saved on this PC: the disk is full.');
    expect(h.host.ledger).toEqual([{ key, name: 'Alice', delta: 20 }]);
    expect((await onDisk(h, key))?.state).not.toBe('applied');
    // Meanwhile the reconciliation calls the venue's record of it pending, not another writer's movement.
    const { observedAt: _seen, ...fields } = appliedEventFixture({ name: 'Alice', delta: 20, amount: 20 });
    const atVenue: VenueEvent = {
      ...fields,
      stack_before: null,
      stack_after: null,
      run: 0,
      seq: 1,
      venueTs: null,
      receivedAt: h.clock.now(),
      catchUp: false,
    };
    const movement = shown() as Movement;
    const unsaved = new Set(cashier.snapshot().movements.flatMap((m) => (m.unsavedAnswer === null ? [] : [m.key])));
    const ledger = { events: [atVenue], gaps: [], watchingSince: 0 };
    const span = { from: 0, to: null };
    const meanwhile = reconcile({ movements: [movement], ledger, span, now: h.clock.now(), unsaved });
    expect(meanwhile.theirs).toEqual([]);
    expect(reconciliationStatus(meanwhile)).toContain('1 pending: answer not yet saved');
    expect(reconciliationStatus(meanwhile)).not.toContain('not through this cashier');
    // Still full at the first retries: the answer stays held and nothing goes to the venue again.
    expect(await h.runUntil(() => fs.refused >= 3, 50)).toBe(true);
    expect(shown()?.unsavedAnswer).not.toBeNull();
    fs.full = false;
    expect(await h.runUntil(() => shown()?.state === 'applied', 50)).toBe(true);
    expect(shown()?.unsavedAnswer).toBeNull();
    expect((await onDisk(h, key))?.state).toBe('applied');
    expect(h.host.keysSeen).toEqual([key]);
    expect(h.host.ledger).toHaveLength(1);
  });
});

describe('a start on a full disk', () => {
  it('pauses recovery while the disk is full and finishes it, same key, once the disk takes writes', async () => {
    const h = await harness({ feedEvents: false });
    const fs = new DiskFullFs();
    // The answer is lost with the process: only the intent (sending) is on disk when the app starts again, full.
    const first = await onFullableDisk(h, fs, {
      onPhase: (phase) => {
        if (phase === 'request-sent') fs.full = true;
      },
    });
    const result = await first.request(movementRequest({ action: 'buy-in', playerName: 'Alice', amount: 20 }));
    if (result.kind !== 'accepted') throw new Error(JSON.stringify(result));
    const key = result.movement.key;
    expect(await h.runUntil(() => h.movement(key).unsavedAnswer !== null, 50)).toBe(true);
    const cashier = await onFullableDisk(h, fs, { readyRounds: 5 });
    expect(cashier.snapshot().ready).toBe(false);
    expect((await onDisk(h, key))?.state).toBe('sending');
    fs.full = false;
    expect(await h.runUntil(() => cashier.snapshot().ready && h.movement(key).state === 'applied', 200)).toBe(true);
    expect((await onDisk(h, key))?.state).toBe('applied');
    expect(new Set(h.host.keysSeen)).toEqual(new Set([key]));
    expect(h.host.ledger).toEqual([{ key, name: 'Alice', delta: 20 }]);
  });
});

describe('ENOSPC at any write', () => {
  it('never sends what the journal did not take, and journals every answer once space returns', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(14), fc.integer({ min: 1, max: 8 }), async (fullFrom, length) => {
        const h = await createHarness();
        try {
          const fs = new DiskFullFs({ fullFrom, fullUntil: fullFrom + length });
          const sentWithoutIntent: string[] = [];
          // Every request that leaves must have its intent on disk already.
          const transport = h.host.transport;
          const checked: CashierTransport = async (...args): Promise<TransactionAttempt> => {
            // Read at once (synchronously): the request leaves in this very step.
            const journal = recoverJournal(readFileSync(join(h.dataDir, JOURNAL_FILE)));
            const journaled = journal.movements.find((movement) => movement.key === args[1].idempotency_key);
            if (journaled === undefined || journaled.state === 'queued')
              sentWithoutIntent.push(args[1].idempotency_key);
            return transport(...args);
          };
          const cashier = await onFullableDisk(h, fs, { transport: checked });
          const accepted: string[] = [];
          for (const [name, amount] of [
            ['Alice', 10],
            ['Bob', 20],
            ['Alice', 30],
          ] as const) {
            const result = await cashier.request(movementRequest({ action: 'buy-in', playerName: name, amount }));
            if (result.kind === 'accepted') accepted.push(result.movement.key);
            else expect(result).toEqual({ kind: 'blocked', reason: DISK_FULL_REFUSAL, code: 'disk_full' });
            await h.runUntil(() => accepted.every((key) => h.movement(key).state === 'applied'), 200);
          }
          // Past the schedule the disk takes writes: every accepted movement settles, journaled, once.
          expect(await h.runUntil(() => accepted.every((key) => h.movement(key).state === 'applied'), 500)).toBe(true);
          for (const key of accepted) expect((await onDisk(h, key))?.state).toBe('applied');
          expect(sentWithoutIntent).toEqual([]);
          expect(new Set(h.host.ledger.map((entry) => entry.key))).toEqual(new Set(accepted));
          expect(h.host.ledger).toHaveLength(accepted.length);
        } finally {
          await h.dispose();
        }
      }),
      { numRuns: 25 },
    );
  });
});
