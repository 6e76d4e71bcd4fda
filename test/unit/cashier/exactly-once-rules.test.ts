/**
 * The exactly-once rules (a second key only on fresh evidence that the first did not apply, since a buy-in applied
 * twice is cash handed over twice), tried against the runtime on a simulated host and a manual clock: a slow host
 * keeps its key however long it takes, "send again" re-reads the table and refuses on any reading that cannot vouch
 * for it, a re-send that never reached the host is withdrawn when the old key applies after all, an applied amount
 * comes from the best source there is, and a 200 that is not the venue's JSON answer settles nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appliedAmount, JOURNAL_FILE, ledgerCsv, openCashier, recoverJournal } from '../../../main/core/cashier/index';
import type { CashierSnapshot } from '../../../main/core/cashier/index';
import { acceptedKey, harnessPerTest } from '../../support/cashier-harness';
import type { Harness } from '../../support/cashier-harness';
import type { SimView } from '../../support/cashier-sim-host';
import { ageText } from '../../../preload/contract/age-text';
import { pumpUntil } from '../../support/cashier-clock';

const harness = harnessPerTest();

const state = (h: Harness, key: string): string => h.movement(key).state;

/** Runs a movement into doubt with a fresh live reading that says it did not apply (send again is allowed). */
async function inDoubtNotApplied(h: Harness, key: string): Promise<void> {
  expect(
    await h.runUntil(() => state(h, key) === 'in-doubt' && h.movement(key).evidence?.verdict === 'not-applied', 300),
  ).toBe(true);
  expect(h.movement(key).sendAgainBlockedBy).toBeNull();
}

describe('a slow host keeps its key', () => {
  it(
    'answers 409 in_progress for 80 s: no new key is ever offered and the tray ' + 'shows how long the host has had it',
    async () => {
      const h = await harness({ faults: ['slow'], lateMs: 85_000 });
      const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 10 });
      const start = h.clock.now();
      const statesSeen = new Set<string>();
      const watchRules = (): boolean => {
        const movement = h.movement(key);
        statesSeen.add(movement.state);
        // At every step of the wait: never in doubt, "send again" never allowed.
        expect(movement.state).not.toBe('in-doubt');
        expect(movement.sendAgainBlockedBy).not.toBeNull();
        return h.clock.now() - start >= 80_000;
      };
      expect(await h.runUntil(watchRules, 2_000)).toBe(true);
      const movement = h.movement(key);
      expect(movement.state).toBe('with-host');
      expect(movement.attempts.some((entry) => entry.errorCode === 'in_progress')).toBe(true);
      expect(movement.withHostSince).not.toBeNull();
      expect(ageText(h.clock.now() - (movement.withHostSince as number))).toMatch(/^1 min 2[0-2] s$/);
      expect(movement.sendAgainBlockedBy).toMatch(/still has it \(for 1 min \d+ s so far\)/);
      const pressed = await h.cashier.resolveInDoubt(key, 'send-again');
      expect(pressed).toMatchObject({ ok: false, reason: expect.stringMatching(/still has it/) });
      // The host answers at last: applied once, under the only key it ever saw.
      expect(
        await h.runUntil(() => {
          watchRules();
          return state(h, key) === 'applied';
        }, 2_000),
      ).toBe(true);
      expect(h.host.keysSeen).toEqual([key]);
      expect(h.host.appliedCount(key)).toBe(1);
      expect(statesSeen.has('in-doubt')).toBe(false);
    },
  );
});

describe('"send again" re-reads the table when pressed', () => {
  const cannotVouch: readonly [SimView, RegExp][] = [
    ['fail', /Cannot read the table now/],
    ['not-live', /host is offline/],
    ['null-hand', /in-hand flags unknown|hand is in progress/],
  ];
  for (const [view, reason] of cannotVouch) {
    it(`refuses when the reading at the press is ${view}, though the earlier evidence said not applied`, async () => {
      const h = await harness({ faults: ['timeout-never'] });
      const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 10 });
      await inDoubtNotApplied(h, key);
      h.host.views.push(view);
      const pressed = await h.cashier.resolveInDoubt(key, 'send-again');
      expect(pressed).toMatchObject({ ok: false, reason: expect.stringMatching(reason) });
      expect(h.host.keysSeen).toEqual([key]);
      expect(h.cashier.snapshot().movements).toHaveLength(1);
      expect(h.movement(key).replacedBy).toBeNull();
      // The same press on an honest reading goes through: the refusal was the reading's doing.
      const honest = await h.cashier.resolveInDoubt(key, 'send-again');
      expect(honest.ok).toBe(true);
    });
  }

  it('refuses when the old key applied between the evidence and the press (the reading shows it)', async () => {
    const h = await harness({ faults: ['timeout-apply-later'], lateMs: 600_000, feedEvents: false });
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Bob', amount: 5 });
    await inDoubtNotApplied(h, key);
    // The host applies it now; no event reaches us, only the stack read at the press can tell.
    const bob = h.host.players.find((player) => player.name === 'Bob');
    if (bob === undefined) throw new Error('no Bob');
    bob.stack += 5;
    const pressed = await h.cashier.resolveInDoubt(key, 'send-again');
    expect(pressed.ok).toBe(false);
    expect(h.host.keysSeen).toEqual([key]);
  });
});

describe('re-send partners', () => {
  it('withdraws a re-send that only ever met 503 host_offline when the old key turns out applied', async () => {
    const h = await harness({ faults: ['timeout-apply-later'], lateMs: 30_000 });
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Bob', amount: 5 });
    await inDoubtNotApplied(h, key);
    // Every request under any other key finds the host offline: nothing of the re-send reaches it.
    h.host.keyFault = (requestKey) => (requestKey === key ? null : 'offline');
    const resent = await h.cashier.resolveInDoubt(key, 'send-again');
    if (!resent.ok) throw new Error(resent.reason);
    const newKey = resent.movement.key;
    expect(await h.runUntil(() => state(h, key) === 'applied', 2_000)).toBe(true);
    expect(await h.runUntil(() => state(h, newKey) === 'cancelled', 50)).toBe(true);
    expect(h.movement(newKey).settlement?.how).toBe('withdrawn');
    expect(h.host.keysSeen).toContain(newKey);
    // The host comes back: the withdrawn key is never sent again and never applies.
    h.host.keyFault = null;
    const requests = h.host.requests;
    await h.runUntil(() => false, 40);
    expect(h.host.requests).toBe(requests);
    expect(h.host.appliedCount(newKey)).toBe(0);
    expect(h.host.appliedCount(key)).toBe(1);
    expect(h.movement(key).flags).not.toContain('both-applied');
    expect(h.cashier.snapshot().totals).toMatchObject({ moneyIn: 5, applied: 1, cancelled: 1, flagged: 0 });
  });
});

describe('the amount of an applied movement whose answer is a bare { ok: true }', () => {
  async function wholeStackCashOut(h: Harness): Promise<string> {
    h.host.bareAnswers = true;
    const key = await acceptedKey(h.cashier, { action: 'cash-out', playerName: 'Alice' });
    expect(await h.runUntil(() => state(h, key) === 'applied')).toBe(true);
    expect(h.movement(key).settlement?.body).toEqual({ ok: true });
    return key;
  }

  it('comes from its transaction_applied event', async () => {
    const h = await harness();
    const key = await wholeStackCashOut(h);
    expect(appliedAmount(h.movement(key))).toEqual({ delta: -100, source: 'event' });
    expect(h.cashier.snapshot().totals).toMatchObject({ moneyOut: 100, unknownAmounts: 0 });
  });

  it('else from the stack it left with', async () => {
    const h = await harness({ feedEvents: false });
    const key = await wholeStackCashOut(h);
    expect(appliedAmount(h.movement(key))).toEqual({ delta: -100, source: 'stack' });
  });

  it('else is listed as "amount to confirm", never dropped', async () => {
    const h = await harness({ feedEvents: false });
    // The only view is the venue's last known frame: the stack it leaves with is unknown.
    h.host.views.push('not-live');
    h.pushTable();
    const key = await wholeStackCashOut(h);
    expect(h.movement(key).stackAtSend).toBeNull();
    expect(appliedAmount(h.movement(key))).toBeNull();
    expect(h.cashier.snapshot().totals).toMatchObject({ applied: 1, unknownAmounts: 1, moneyOut: 0 });
    expect(ledgerCsv(h.cashier.snapshot().movements)).toContain('amount to confirm');
  });
});

describe("answers that are not the venue's", () => {
  it(
    'a 200 with an HTML body settles nothing: the same key is asked again and ' + 'the real answer settles it',
    async () => {
      const h = await harness({ faults: ['html', 'html'] });
      const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Carol', amount: 4 });
      expect(await h.runUntil(() => h.movement(key).attempts.some((entry) => entry.status === 200), 20)).toBe(true);
      expect(state(h, key)).not.toBe('applied');
      expect(h.movement(key).settlement).toBeNull();
      expect(await h.runUntil(() => state(h, key) === 'applied')).toBe(true);
      expect(
        h
          .movement(key)
          .attempts.filter((entry) => entry.status === 200)
          .map((entry) => typeof entry.body),
      ).toEqual(['string', 'string', 'object']);
      expect(h.host.keysSeen).toEqual([key]);
      expect(h.host.appliedCount(key)).toBe(1);
    },
  );

  it('a portal answering HTML forever never settles the movement and never offers a new key', async () => {
    const h = await harness();
    h.host.keyFault = () => 'html';
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Carol', amount: 4 });
    await h.runUntil(() => false, 60);
    expect(h.movement(key).attempts.reduce((sum, entry) => sum + entry.count, 0)).toBeGreaterThan(5);
    expect(['sending', 'with-host']).toContain(state(h, key));
    expect(h.movement(key).sendAgainBlockedBy).not.toBeNull();
    expect(h.host.ledger).toEqual([]);
  });
});

describe('readiness order', () => {
  it('journals the first resumed attempt of an unfinished movement before the cashier reports ready', async () => {
    const h = await harness({ faults: ['timeout-never'] });
    const key = await acceptedKey(h.cashier, { action: 'cash-out', playerName: 'Bob', amount: 20 });
    expect(await h.runUntil(() => state(h, key) === 'in-doubt', 200)).toBe(true);
    await h.cashier.close();
    const attemptsBefore = attemptsOnDisk(h.dataDir).get(key) ?? 0;
    const requestsBefore = h.host.requests;
    const reopened = await openCashier({
      dataDir: h.dataDir,
      transport: h.host.transport,
      readTable: async () => h.host.readView(),
      now: h.clock.now,
      timers: h.clock.timers,
      random: () => 0.5,
    });
    h.cashier = reopened;
    // What was true at the first moment the snapshot said ready (the buttons enable on it), read synchronously then.
    let atReady: { readonly requests: number; readonly onDisk: number; readonly inSnapshot: number } | null = null;
    const seen = (snapshot: CashierSnapshot): void => {
      if (!snapshot.ready || atReady !== null) return;
      const movement = snapshot.movements.find((candidate) => candidate.key === key);
      atReady = {
        requests: h.host.requests,
        onDisk: attemptsOnDisk(h.dataDir).get(key) ?? 0,
        inSnapshot: movement?.attemptCount ?? 0,
      };
    };
    reopened.subscribe(seen);
    seen(reopened.snapshot());
    await pumpUntil(h, () => atReady !== null);
    expect(atReady).not.toBeNull();
    const found = atReady as unknown as {
      readonly requests: number;
      readonly onDisk: number;
      readonly inSnapshot: number;
    };
    expect(found.requests).toBeGreaterThan(requestsBefore);
    expect(found.onDisk).toBeGreaterThan(attemptsBefore);
    expect(found.inSnapshot).toBe(found.onDisk);
    expect(h.host.keysSeen).toEqual([key]);
  });
});

/** Attempts journaled per key, read from the journal file as it is on disk right now. */
function attemptsOnDisk(dataDir: string): Map<string, number> {
  const recovered = recoverJournal(readFileSync(join(dataDir, JOURNAL_FILE)));
  return new Map(
    recovered.movements.map((movement) => [
      movement.key,
      movement.attempts.reduce((sum, entry) => sum + entry.count, 0),
    ]),
  );
}

describe('races inside the runtime', () => {
  it(
    'decides "send again" on the reading taken at the press, even if a live ' +
      'view arriving meanwhile says not applied',
    async () => {
      const h = await harness({ faults: ['timeout-never'] });
      const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 10 });
      await inDoubtNotApplied(h, key);
      // The read at the press is the venue's last known frame; while its "cannot tell" is journaled, a live view
      // arrives from the stream and says "not applied".
      h.host.views.push('not-live');
      let pushed = false;
      const stop = h.cashier.subscribe((snapshot) => {
        const movement = snapshot.movements.find((candidate) => candidate.key === key);
        if (!pushed && movement?.evidence?.verdict === 'inconclusive') {
          pushed = true;
          h.pushTable();
        }
      });
      const pressed = await h.cashier.resolveInDoubt(key, 'send-again');
      stop();
      expect(pushed).toBe(true);
      expect(pressed).toMatchObject({ ok: false, reason: expect.stringMatching(/host is offline/) });
      expect(h.cashier.snapshot().movements).toHaveLength(1);
    },
  );

  it(
    "withdraws a queued re-send whose partner's applied answer lands while " +
      "the re-send's intent is being journaled",
    async () => {
      const h = await harness({ faults: ['timeout-apply-later'], lateMs: 20_000 });
      const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Bob', amount: 5 });
      await inDoubtNotApplied(h, key);
      // The re-send meets hand_in_progress (back to the queue, proven unused) while the stream shows the hand.
      h.host.keyFault = (requestKey) => (requestKey === key ? null : 'hand');
      const resent = await h.cashier.resolveInDoubt(key, 'send-again');
      if (!resent.ok) throw new Error(resent.reason);
      const newKey = resent.movement.key;
      expect(await h.runUntil(() => state(h, newKey) === 'queued' && h.movement(newKey).attempts.length > 0, 50)).toBe(
        true,
      );
      h.host.startHand();
      h.pushTable();
      h.host.keyFault = null;
      // The old key's applied answer arrives in the very moment the hand ends and the queue leaves.
      h.host.beforeAnswer = (answerKey, attempt) => {
        if (answerKey !== key || attempt.kind !== 'answered' || attempt.status !== 200) return;
        h.host.beforeAnswer = null;
        h.host.endHand(0, 2, 0);
        h.pushTable();
      };
      expect(await h.runUntil(() => state(h, key) === 'applied' && state(h, newKey) !== 'queued', 3_000)).toBe(true);
      await h.runUntil(() => false, 20);
      expect(state(h, newKey)).toBe('cancelled');
      expect(h.movement(newKey).settlement?.how).toBe('withdrawn');
      expect(h.host.appliedCount(newKey)).toBe(0);
      expect(h.host.appliedCount(key)).toBe(1);
    },
  );

  it('mints one new key when "send again" is pressed twice at once', async () => {
    const h = await harness({ faults: ['timeout-never'] });
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 10 });
    await inDoubtNotApplied(h, key);
    const presses = await Promise.all([
      h.cashier.resolveInDoubt(key, 'send-again'),
      h.cashier.resolveInDoubt(key, 'send-again'),
    ]);
    expect(presses.filter((press) => press.ok)).toHaveLength(1);
    expect(await h.runUntil(() => h.host.ledger.length === 1, 200)).toBe(true);
    await h.runUntil(() => false, 30);
    expect(h.cashier.snapshot().movements).toHaveLength(2);
    expect(h.host.keysSeen).toHaveLength(2);
    expect(h.host.ledger).toHaveLength(1);
  });

  it('never sends a movement that was cancelled while it was leaving the queue', async () => {
    const h = await harness();
    h.host.startHand();
    h.pushTable();
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 7 });
    expect(state(h, key)).toBe('queued');
    // The cashier cancels; before the cancel is on disk, the hand ends and the queue is sent.
    const cancelled = h.cashier.cancel(key);
    h.host.endHand(1, 2, 0);
    h.pushTable();
    expect(await cancelled).toMatchObject({ ok: true });
    await h.runUntil(() => false, 30);
    expect(state(h, key)).toBe('cancelled');
    expect(h.host.keysSeen).toEqual([]);
    expect(h.host.ledger).toEqual([]);
  });
});

describe('compaction keeps re-send pairs together', () => {
  it('keeps an applied re-send while the key it replaced is still polled, so a late double is flagged', async () => {
    const h = await harness({ faults: ['timeout-apply-later'], lateMs: 60_000 });
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Bob', amount: 5 });
    await inDoubtNotApplied(h, key);
    const resent = await h.cashier.resolveInDoubt(key, 'send-again');
    if (!resent.ok) throw new Error(resent.reason);
    const newKey = resent.movement.key;
    expect(await h.runUntil(() => state(h, newKey) === 'applied', 200)).toBe(true);
    // The shift closes: settled movements are compacted out, but not one whose partner may still apply.
    await h.cashier.compact({ dropSettledBefore: h.clock.now() + 1 });
    expect(
      h.cashier
        .snapshot()
        .movements.map((movement) => movement.key)
        .sort(),
    ).toEqual([key, newKey].sort());
    expect(await h.runUntil(() => state(h, key) === 'applied', 2_000)).toBe(true);
    expect(
      await h.runUntil(
        () => h.movement(key).flags.includes('both-applied') && h.movement(newKey).flags.includes('both-applied'),
        50,
      ),
    ).toBe(true);
    expect(h.cashier.snapshot().totals.flagged).toBe(2);
  });
});

describe('retry_after_sec', () => {
  it('waits the capped 15 minutes on a huge retry_after_sec, then retries the same key', async () => {
    const h = await harness({ faults: ['rate-limited-huge'] });
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 3 });
    const sentAt: number[] = [];
    const requests = (): number => h.host.log.filter((entry) => entry.type === 'request').length;
    expect(
      await h.runUntil(() => {
        if (requests() > sentAt.length) sentAt.push(h.clock.now());
        return state(h, key) === 'applied';
      }),
    ).toBe(true);
    expect(sentAt).toHaveLength(2);
    // The 429 answered 1 ms after the first request; the retry went exactly 15 min later (fixed delay, no jitter).
    expect((sentAt[1] as number) - (sentAt[0] as number)).toBe(1 + 15 * 60 * 1000);
    expect(h.host.keysSeen).toEqual([key]);
  });
});

describe('a 400 to a key that may be with the host', () => {
  it('does not settle it: the host applies it later and its answer settles it applied', async () => {
    const h = await harness({ faults: ['timeout-apply-later'], lateMs: 10_000 });
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Carol', amount: 2 });
    // After the 504, the next three retries meet a 400 (a proxy's or the service's, about the request, not the key).
    h.host.keyFault = (_key, seenBefore) => (seenBefore >= 1 && seenBefore <= 3 ? 'bad-request' : null);
    expect(await h.runUntil(() => h.movement(key).attempts.some((entry) => entry.status === 400), 50)).toBe(true);
    expect(state(h, key)).toBe('with-host');
    expect(h.movement(key).sendAgainBlockedBy).not.toBeNull();
    expect(await h.runUntil(() => state(h, key) === 'applied', 500)).toBe(true);
    expect(h.host.appliedCount(key)).toBe(1);
    expect(h.host.keysSeen).toEqual([key]);
  });

  it('settles as refused when the key never reached the host', async () => {
    const h = await harness({ faults: ['bad-request'] });
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Carol', amount: 2 });
    expect(await h.runUntil(() => state(h, key) === 'refused', 20)).toBe(true);
    expect(h.movement(key).settlement?.refusal?.code).toBe('bad_amount');
    expect(h.host.ledger).toEqual([]);
  });
});
