import { describe, expect, it } from 'vitest';
import { openCashier, readJournal } from '../../../main/core/cashier/index';
import { acceptedKey as accepted, harnessPerTest, reopenOptions } from '../../support/cashier-harness';
import { movementRequest } from '../../support/cashier-fixtures';
import type { Harness } from '../../support/cashier-harness';
import { pumpUntil } from '../../support/cashier-clock';

const harness = harnessPerTest();

const state = (h: Harness, key: string): string => h.movement(key).state;

describe('cashier runtime against a simulated host', () => {
  it('applies a buy-in once and journals the host answer verbatim', async () => {
    const h = await harness();
    const key = await accepted(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 50 });
    expect(await h.runUntil(() => state(h, key) === 'applied')).toBe(true);
    expect(h.host.ledger).toEqual([{ key, name: 'Alice', delta: 50 }]);
    const onDisk = (await readJournal(h.dataDir)).movements.find((movement) => movement.key === key);
    expect(onDisk?.state).toBe('applied');
    expect(onDisk?.settlement?.body).toMatchObject({ ok: true, kind: 'buy_in', amount: 50, stack_after: 150 });
    expect(h.cashier.snapshot().totals).toMatchObject({ moneyIn: 50, moneyOut: 0, applied: 1 });
  });

  it('keeps polling the same key after 504 until the real answer arrives', async () => {
    const h = await harness({ faults: ['timeout-applied-late'], feedEvents: false, lateMs: 1_000 });
    const key = await accepted(h.cashier, { action: 'cash-out', playerName: 'Bob', amount: 50 });
    // A hand starts: the stack cannot tell, so only the key's real answer can settle it.
    h.host.handInProgress = true;
    expect(await h.runUntil(() => state(h, key) === 'applied')).toBe(true);
    expect(h.host.keysSeen).toEqual([key]);
    expect(h.movement(key).evidence?.verdict).toBe('inconclusive');
    expect(h.host.ledger).toHaveLength(1);
    expect(h.movement(key).settlement?.how).toBe('replayed');
  });

  it('shows an in-doubt movement applied on a matching transaction_applied, counted only by the cashier', async () => {
    const h = await harness({ faults: ['timeout-applied-late'], lateMs: 10_000_000 });
    const key = await accepted(h.cashier, { action: 'buy-in', playerName: 'Carol', amount: 19.5 });
    expect(await h.runUntil(() => h.movement(key).evidence?.verdict === 'applied')).toBe(true);
    // Another writer could have made that event: it is shown, not settled, and the key keeps being asked.
    expect(state(h, key)).toBe('in-doubt');
    expect(h.movement(key).message).toMatch(/not confirmed by the venue for this request/);
    const decided = await h.cashier.resolveInDoubt(key, 'accept-shown');
    expect(decided.ok).toBe(true);
    // The cashier's count is a decision, not an answer: still in doubt, counted in the drawer on that event.
    const movement = h.movement(key);
    expect(movement.state).toBe('in-doubt');
    expect(movement.settlement).toBeNull();
    expect(movement.decision?.evidenceEvent).toMatchObject({ kind: 'buy_in', amount: 19.5, source: 'transaction' });
    expect(h.cashier.snapshot().totals.moneyIn).toBe(19.5);
    expect(h.host.keysSeen).toEqual([key]);
  });

  it('re-sends under a new key only after evidence says not applied AND the cashier chooses it', async () => {
    const h = await harness({ faults: ['timeout-never'] });
    const key = await accepted(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 10 });
    expect(
      await h.runUntil(() => state(h, key) === 'in-doubt' && h.movement(key).evidence?.verdict === 'not-applied', 200),
    ).toBe(true);
    expect(h.host.keysSeen).toEqual([key]);
    const evidence = h.movement(key).evidence;
    expect(evidence?.stackCheck).toMatchObject({
      usable: true,
      stackAtSend: 100,
      stackNow: 100,
      expectedIfApplied: 110,
    });
    expect(h.movement(key).sendAgainBlockedBy).toBeNull();
    const blocked = await h.request({ action: 'buy-in', playerName: 'Alice', amount: 10 });
    expect(blocked.kind).toBe('blocked');
    const resent = await h.cashier.resolveInDoubt(key, 'send-again');
    if (!resent.ok) throw new Error(resent.reason);
    const newKey = resent.movement.key;
    expect(newKey).not.toBe(key);
    expect(resent.movement.replaces).toBe(key);
    expect(await h.runUntil(() => state(h, newKey) === 'applied')).toBe(true);
    expect(h.movement(key).replacedBy).toBe(newKey);
    expect(state(h, key)).toBe('in-doubt');
    expect(h.host.ledger.map((entry) => entry.key)).toEqual([newKey]);
    const again = await h.cashier.resolveInDoubt(key, 'send-again');
    expect(again).toMatchObject({ ok: false });
  });

  it(
    'refuses send-again after a restart until the old key has been asked again ' +
      '(the host may have answered meanwhile)',
    async () => {
      const h = await harness({ faults: ['timeout-never'] });
      const key = await accepted(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 10 });
      expect(
        await h.runUntil(
          () => state(h, key) === 'in-doubt' && h.movement(key).evidence?.verdict === 'not-applied',
          200,
        ),
      ).toBe(true);
      await h.cashier.close();
      const reopened = await openCashier(reopenOptions(h));
      h.cashier = reopened;
      reopened.observeTable(h.host.pushView());
      // The screen agrees with the refusal: its send-again button says why it is blocked, before it is pressed.
      const shown = () => reopened.snapshot().movements.find((movement) => movement.key === key)?.sendAgainBlockedBy;
      expect(shown()).toMatch(/Recovering/);
      const early = await reopened.resolveInDoubt(key, 'send-again');
      expect(early).toMatchObject({ ok: false, reason: expect.stringContaining('Recovering') });
      let ready = false;
      void reopened.whenReady().then(() => (ready = true));
      await pumpUntil(h, () => ready);
      expect(h.host.keysSeen).toEqual([key]);
      expect(shown() ?? '').not.toMatch(/Recovering/);
    },
  );

  it('refuses send-again while the evidence is inconclusive (hand in progress)', async () => {
    const h = await harness({ faults: ['timeout-never'] });
    const key = await accepted(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 10 });
    expect(await h.runUntil(() => state(h, key) === 'in-doubt', 200)).toBe(true);
    h.host.handInProgress = true;
    h.pushTable();
    const result = await h.cashier.resolveInDoubt(key, 'send-again');
    expect(result).toMatchObject({ ok: false });
    expect(h.host.keysSeen).toEqual([key]);
    expect((await h.cashier.resolveInDoubt(key, 'leave')).ok).toBe(true);
    expect(h.movement(key).flags).toContain('left-in-doubt');
  });

  it('flags both movements when the old key turns out applied after a re-send', async () => {
    const h = await harness({ faults: ['timeout-apply-later'], lateMs: 60_000 });
    const key = await accepted(h.cashier, { action: 'buy-in', playerName: 'Bob', amount: 5 });
    expect(await h.runUntil(() => h.movement(key).evidence?.verdict === 'not-applied', 300)).toBe(true);
    const resent = await h.cashier.resolveInDoubt(key, 'send-again');
    if (!resent.ok) throw new Error(resent.reason);
    const newKey = resent.movement.key;
    expect(await h.runUntil(() => state(h, key) === 'applied' && state(h, newKey) === 'applied', 2_000)).toBe(true);
    expect(await h.runUntil(() => h.movement(key).flags.includes('both-applied'), 50)).toBe(true);
    expect(h.movement(newKey).flags).toContain('both-applied');
    expect(h.cashier.snapshot().totals.flagged).toBe(2);
  });

  it(
    'never lets a compaction overwrite a state on its way to the journal (a ' +
      'cancelled buy-in came back queued and applied)',
    async () => {
      const h = await harness();
      h.host.handInProgress = true;
      h.pushTable();
      const key = await accepted(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 7 });
      const cancelling = h.cashier.cancel(key);
      // The cancel is being journaled (written, fdatasync pending) when the compaction starts.
      for (let turn = 0; turn < 1_000 && !h.cashier.isBusy(); turn += 1) await Promise.resolve();
      expect(h.cashier.isBusy()).toBe(true);
      await h.cashier.compact();
      expect((await cancelling).ok).toBe(true);
      expect((await readJournal(h.dataDir)).movements.find((movement) => movement.key === key)?.state).toBe(
        'cancelled',
      );
      await h.restart();
      h.host.handInProgress = false;
      h.pushTable();
      await h.settle();
      expect(state(h, key)).toBe('cancelled');
      expect(h.host.requests).toBe(0);
    },
  );

  it('queues during a hand, sends between hands, and cancels only what was never sent', async () => {
    const h = await harness();
    h.host.handInProgress = true;
    h.pushTable();
    const key = await accepted(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 7 });
    const other = await accepted(h.cashier, { action: 'buy-in', playerName: 'Bob', amount: 8 });
    expect(state(h, key)).toBe('queued');
    expect(h.host.requests).toBe(0);
    expect((await h.cashier.cancel(other)).ok).toBe(true);
    expect(state(h, other)).toBe('cancelled');
    h.host.handInProgress = false;
    h.pushTable();
    expect(await h.runUntil(() => state(h, key) === 'applied')).toBe(true);
    expect(h.host.ledger.map((entry) => entry.key)).toEqual([key]);
    expect((await h.cashier.cancel(key)).ok).toBe(false);
  });

  it('goes back to the queue on 409 hand_in_progress, backs off, and leaves on send now', async () => {
    const h = await harness({ faults: ['hand', 'hand'] });
    const key = await accepted(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 7 });
    expect(
      await h.runUntil(() => h.host.requests === 1 && state(h, key) === 'queued' && h.clock.pendingCount() === 1, 20),
    ).toBe(true);
    expect(h.movement(key).cancelBlockedBy).toBeNull();
    h.host.handInProgress = true;
    h.pushTable();
    await h.cashier.sendNow(key);
    expect(await h.runUntil(() => h.host.requests === 2 && state(h, key) === 'queued', 20)).toBe(true);
    h.host.handInProgress = false;
    h.pushTable();
    expect(await h.runUntil(() => state(h, key) === 'applied')).toBe(true);
    expect(h.host.requests).toBe(3);
    expect(new Set(h.host.keysSeen)).toEqual(new Set([key]));
  });

  it('stops everything on 401 and resumes the same key when access is back', async () => {
    const h = await harness();
    h.host.revoked = true;
    const key = await accepted(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 3 });
    expect(await h.runUntil(() => h.cashier.snapshot().access === 'withdrawn', 20)).toBe(true);
    expect(state(h, key)).toBe('queued');
    const blocked = await h.request({ action: 'buy-in', playerName: 'Bob', amount: 3 });
    expect(blocked).toMatchObject({ kind: 'blocked' });
    await h.runUntil(() => false, 30);
    expect(h.host.requests).toBe(1);
    h.host.revoked = false;
    h.cashier.observeAccess('ok');
    expect(await h.runUntil(() => state(h, key) === 'applied')).toBe(true);
    expect(h.host.keysSeen).toEqual([key]);
  });

  it('refuses bad amounts and names before journaling anything', async () => {
    const h = await harness();
    for (const amount of ['50', Number.NaN, -5, 0, 1_000_001, Number.POSITIVE_INFINITY, 10.005]) {
      expect(await h.request({ action: 'buy-in', playerName: 'Alice', amount: amount as number })).toMatchObject({
        kind: 'invalid',
      });
    }
    expect(await h.request({ action: 'buy-in', playerName: '', amount: 5 })).toMatchObject({ kind: 'invalid' });
    expect(await h.request({ action: 'buy-in', playerName: '   ', amount: 5 })).toMatchObject({ kind: 'invalid' });
    expect(await h.request({ action: 'buy-in', playerName: 'x'.repeat(65), amount: 5 })).toMatchObject({
      kind: 'invalid',
    });
    expect(await h.request({ action: 'buy-in', playerName: 'Alice' })).toMatchObject({ kind: 'invalid' });
    expect(h.cashier.snapshot().movements).toHaveLength(0);
    expect((await readJournal(h.dataDir)).movements).toHaveLength(0);
    expect(h.host.requests).toBe(0);
    const key = await accepted(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 6_000.25 });
    expect(await h.runUntil(() => state(h, key) === 'applied')).toBe(true);
  });

  it('shows the host refusal verbatim and applies nothing', async () => {
    const h = await harness();
    const key = await accepted(h.cashier, { action: 'cash-out', playerName: 'Carol', amount: 500 });
    expect(await h.runUntil(() => state(h, key) === 'refused')).toBe(true);
    expect(h.movement(key).settlement?.refusal).toEqual({ code: 'insufficient_stack', message: 'Not enough chips' });
    expect(h.movement(key).settlement?.body).toEqual({
      ok: false,
      reason: 'insufficient_stack',
      message: 'Not enough chips',
    });
    expect(h.host.ledger).toHaveLength(0);
  });

  it('resumes an unfinished movement with the same key after a restart, before accepting new ones', async () => {
    const h = await harness({ faults: ['timeout-never'] });
    const key = await accepted(h.cashier, { action: 'cash-out', playerName: 'Bob' });
    expect(await h.runUntil(() => state(h, key) === 'in-doubt', 200)).toBe(true);
    const before = h.host.requests;
    await h.restart();
    expect(h.cashier.snapshot().ready).toBe(true);
    expect(h.host.requests).toBeGreaterThan(before);
    expect(h.host.keysSeen).toEqual([key]);
    expect(state(h, key)).toBe('in-doubt');
    expect(h.movement(key).amount).toBeNull();
  });

  it('is not ready, and refuses new movements, until unfinished ones have resumed', async () => {
    const h = await harness({ faults: ['timeout-never'] });
    const key = await accepted(h.cashier, { action: 'buy-in', playerName: 'Carol', amount: 4 });
    expect(await h.runUntil(() => state(h, key) === 'in-doubt', 200)).toBe(true);
    await h.cashier.close();
    const requestsBefore = h.host.requests;
    const reopened = await openCashier({
      dataDir: h.dataDir,
      transport: h.host.transport,
      now: h.clock.now,
      timers: h.clock.timers,
      random: () => 0.5,
    });
    h.cashier = reopened;
    try {
      expect(reopened.snapshot().ready).toBe(false);
      expect(
        await reopened.request(movementRequest({ action: 'buy-in', playerName: 'Alice', amount: 1 })),
      ).toMatchObject({ kind: 'blocked', reason: expect.stringMatching(/Recovering/) });
      // Recovery's file I/O is invisible to the fake clock: keep pumping until ready (bounded).
      await pumpUntil(h, () => reopened.snapshot().ready);
      expect(reopened.snapshot().ready).toBe(true);
      expect(h.host.requests).toBeGreaterThan(requestsBefore);
      expect(h.host.keysSeen).toEqual([key]);
      expect((await reopened.request(movementRequest({ action: 'buy-in', playerName: 'Alice', amount: 1 }))).kind).toBe(
        'accepted',
      );
    } finally {
      await reopened.close();
      h.cashier = await openCashier({
        dataDir: h.dataDir,
        transport: h.host.transport,
        now: h.clock.now,
        timers: h.clock.timers,
      });
    }
  });
});
