/**
 * The cashier's commands are plain functions over one state record: these try the orderings that a closure's shared
 * locals used to make safe by construction. Two presses in one tick (one movement per player, one per intent), a
 * command while a journal write is on its way, a request before recovery finished, access withdrawn and a close while
 * a request is with the host; and every state a subscriber is shown, and every request the host hears, is already in
 * the journal on disk.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  JOURNAL_FILE,
  openCashier,
  recoverJournal,
  type Cashier,
  type CashierTransport,
} from '../../../main/core/cashier/index';
import { movementRequest } from '../../support/cashier-fixtures';
import { acceptedKey, harnessPerTest, reopenOptions } from '../../support/cashier-harness';
import type { Harness } from '../../support/cashier-harness';
import { pumpUntil } from '../../support/cashier-clock';

const harness = harnessPerTest();

/** Each movement's latest state as the journal on disk has it now. */
function journaled(h: Harness): Map<string, { state: string; updatedAt: number }> {
  const recovered = recoverJournal(readFileSync(join(h.dataDir, JOURNAL_FILE)));
  return new Map(recovered.movements.map((movement) => [movement.key, movement]));
}

/** Reopens the harness's cashier with its own transport (the old one closed), wired as the harness wires it. */
async function reopenWith(h: Harness, transport: CashierTransport): Promise<Cashier> {
  await h.cashier.close();
  const opened = await openCashier({ ...reopenOptions(h), transport });
  h.cashier = opened;
  h.host.eventSink = (payload) => opened.observeTransactionApplied(payload);
  h.host.streamSink = (coverage) => opened.observeStream(coverage);
  opened.observeStream(h.host.coverage());
  opened.observeTable(h.host.pushView());
  let ready = false;
  void opened.whenReady().then(() => (ready = true));
  await pumpUntil(h, () => ready);
  return opened;
}

describe('two presses in one tick', () => {
  it('for one player (two tabs): one movement, the other refused as busy', async () => {
    const h = await harness();
    const request = movementRequest({ action: 'buy-in', playerName: 'Alice', amount: 10 });
    const both = [h.cashier.request(request), h.cashier.request({ ...request, confirmSecond: true })];
    const results = await Promise.all(both);
    expect(results.map((result) => result.kind).sort()).toEqual(['accepted', 'blocked']);
    await h.runUntil(() => h.cashier.snapshot().movements.every((movement) => movement.state === 'applied'));
    expect(h.cashier.snapshot().movements).toHaveLength(1);
    expect(h.host.keysSeen).toHaveLength(1);
  });

  it('of one press (a double-click, one intent): both answered with the same movement', async () => {
    const h = await harness();
    const request = movementRequest({ action: 'buy-in', playerName: 'Bob', amount: 10, intentId: 'press-0001' });
    const [first, second] = await Promise.all([h.cashier.request(request), h.cashier.request(request)]);
    expect(first.kind).toBe('accepted');
    expect(second).toEqual(first);
    await h.settle();
    expect(h.cashier.snapshot().movements).toHaveLength(1);
  });

  it('for two players: both go, each under its own key', async () => {
    const h = await harness();
    const results = await Promise.all([
      h.cashier.request(movementRequest({ action: 'buy-in', playerName: 'Alice', amount: 10 })),
      h.cashier.request(movementRequest({ action: 'buy-in', playerName: 'Bob', amount: 10 })),
    ]);
    expect(results.map((result) => result.kind)).toEqual(['accepted', 'accepted']);
    await h.runUntil(() => h.cashier.snapshot().movements.every((movement) => movement.state === 'applied'));
    expect(new Set(h.host.keysSeen).size).toBe(2);
  });
});

describe('a command while the intent is being journaled', () => {
  it('cancel and send-now in one tick after the request: at most one request reaches the host', async () => {
    const h = await harness();
    const pending = h.cashier.request(movementRequest({ action: 'buy-in', playerName: 'Carol', amount: 10 }));
    const result = await pending;
    if (result.kind !== 'accepted') throw new Error(result.kind);
    const key = result.movement.key;
    const commands = await Promise.all([h.cashier.sendNow(key), h.cashier.sendNow(key), h.cashier.cancel(key)]);
    expect(commands.length).toBe(3);
    await h.runUntil(() => ['applied', 'cancelled'].includes(h.movement(key).state));
    expect(h.host.appliedCount(key)).toBeLessThanOrEqual(1);
    expect(h.host.keysSeen.filter((seen) => seen === key).length).toBeLessThanOrEqual(1);
  });

  it('a second press for the player before the first intent is on disk is refused', async () => {
    const h = await harness();
    const first = h.cashier.request(movementRequest({ action: 'cash-out', playerName: 'Alice', amount: 10 }));
    // No await: the first is still being journaled.
    const second = await h.cashier.request(movementRequest({ action: 'buy-in', playerName: 'Alice', amount: 20 }));
    expect(second.kind).toBe('blocked');
    expect((await first).kind).toBe('accepted');
  });
});

describe('recovery at start', () => {
  it('refuses a request that arrives before the unfinished movements resumed, and takes one after', async () => {
    const h = await harness({ faults: ['timeout-never'] });
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 10 });
    await h.runUntil(() => h.movement(key).state === 'in-doubt', 300);
    await h.cashier.close();
    const reopened = await openCashier(reopenOptions(h));
    h.cashier = reopened;
    const early = await reopened.request(movementRequest({ action: 'buy-in', playerName: 'Bob', amount: 10 }));
    expect(early).toMatchObject({ kind: 'blocked', reason: expect.stringMatching(/Recovering/) });
    let ready = false;
    void reopened.whenReady().then(() => (ready = true));
    await pumpUntil(h, () => ready);
    reopened.observeTable(h.host.pushView());
    const later = await reopened.request(movementRequest({ action: 'buy-in', playerName: 'Bob', amount: 10 }));
    expect(later.kind).toBe('accepted');
  });
});

describe('journaled before it is shown or sent', () => {
  it('every state a subscriber is shown is the journal on disk at that moment', async () => {
    const h = await harness({ faults: ['reset-before', 'server-error', 'timeout-applied-late'] });
    const mismatches: string[] = [];
    let pushes = 0;
    h.cashier.subscribe((snapshot) => {
      pushes += 1;
      const disk = journaled(h);
      for (const movement of snapshot.movements) {
        const written = disk.get(movement.key);
        if (written?.state !== movement.state || written.updatedAt !== movement.updatedAt)
          mismatches.push(`${movement.key} shown ${movement.state}@${movement.updatedAt}, on disk ${written?.state}`);
      }
    });
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 10 });
    await h.runUntil(() => h.movement(key).state === 'applied' || h.movement(key).state === 'in-doubt', 500);
    expect(pushes).toBeGreaterThan(2);
    expect(mismatches).toEqual([]);
  });

  it('every request the host hears is for a movement whose intent is on disk', async () => {
    const h = await harness({ faults: ['reset-before', 'server-error'] });
    const unjournaled: string[] = [];
    await reopenWith(h, (action, request, signal) => {
      const written = journaled(h).get(request.idempotency_key);
      if (written === undefined || written.state === 'queued') unjournaled.push(request.idempotency_key);
      return h.host.transport(action, request, signal);
    });
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Bob', amount: 10 });
    await h.runUntil(() => h.movement(key).state === 'applied', 500);
    expect(h.movement(key).state).toBe('applied');
    expect(unjournaled).toEqual([]);
  });
});

describe('while a request is with the host', () => {
  it('access withdrawn: nothing more is sent until access comes back, then the same key', async () => {
    const h = await harness({ faults: ['server-error', 'server-error'] });
    let sends = 0;
    await reopenWith(h, (action, request, signal) => {
      sends += 1;
      if (sends === 1) h.cashier.observeAccess('withdrawn');
      return h.host.transport(action, request, signal);
    });
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Carol', amount: 10 });
    await h.runUntil(() => false, 300);
    expect(sends).toBe(1);
    expect(h.cashier.snapshot().access).toBe('withdrawn');
    h.cashier.observeAccess('ok');
    await h.runUntil(() => h.movement(key).state === 'applied', 500);
    expect(new Set(h.host.keysSeen)).toEqual(new Set([key]));
  });

  it('a 401 to a request sent before access came back does not withdraw the new key', async () => {
    const h = await harness();
    let sends = 0;
    await reopenWith(h, async (action, request, signal) => {
      sends += 1;
      if (sends > 1) return h.host.transport(action, request, signal);
      h.host.revoked = true;
      const answer = h.host.transport(action, request, signal);
      // While this request is out, the key is withdrawn and a working one set.
      h.cashier.observeAccess('withdrawn');
      h.cashier.observeAccess('ok');
      const outcome = await answer;
      h.host.revoked = false;
      return outcome;
    });
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Bob', amount: 10 });
    await h.runUntil(() => h.movement(key).state === 'applied', 500);
    expect(h.movement(key).attempts.map((attempt) => attempt.status)).toContain(401);
    expect(h.cashier.snapshot().access).toBe('ok');
    expect(h.movement(key).state).toBe('applied');
    expect(new Set(h.host.keysSeen)).toEqual(new Set([key]));
  });

  it('close: the answer is not journaled, no timer fires afterwards, the host hears nothing more', async () => {
    const h = await harness({ faults: ['server-error', 'server-error', 'server-error'] });
    let closing: Promise<void> | null = null;
    let sends = 0;
    await reopenWith(h, (action, request, signal) => {
      sends += 1;
      if (sends === 2) closing = h.cashier.close();
      return h.host.transport(action, request, signal);
    });
    await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 10 });
    await h.clock.runUntil(() => closing !== null, 300);
    expect(closing).not.toBeNull();
    await closing;
    const heard = h.host.requests;
    const before = readFileSync(join(h.dataDir, JOURNAL_FILE));
    await h.clock.runUntil(() => false, 300);
    expect(h.host.requests).toBe(heard);
    expect(readFileSync(join(h.dataDir, JOURNAL_FILE)).equals(before)).toBe(true);
    // The harness disposes of the cashier it holds: a second close is a no-op.
  });
});
