/**
 * Exactly once against every writer, on the simulated host: a request the network delivers late, names the venue
 * cannot tell apart, a half-open socket, another writer's identical movement, an event naming no seat or player, and
 * a double press. Each case applied money twice or showed a state the venue never reached before these rules.
 */
import { describe, expect, it } from 'vitest';
import { acceptedKey, harnessPerTest } from '../../support/cashier-harness';
import type { Harness } from '../../support/cashier-harness';

const harness = harnessPerTest();

const state = (h: Harness, key: string): string => h.movement(key).state;

describe('a request delivered late stays in flight until the venue settles its key', () => {
  it('a movement whose first POST got no answer is never cancellable; its late copy settles it applied', async () => {
    const h = await harness({ faults: ['late-delivery'], lateMs: 5_000 });
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 100 });
    // The POST got no answer; a hand starts and the retry of the same key is answered hand_in_progress.
    expect(await h.runUntil(() => h.movement(key).attempts.length > 0, 50)).toBe(true);
    h.host.startHand();
    h.pushTable();
    expect(await h.runUntil(() => state(h, key) === 'queued', 200)).toBe(true);
    expect(h.movement(key).attempts.some((entry) => entry.errorCode === 'hand_in_progress')).toBe(true);
    expect(h.movement(key).cancelBlockedBy).toMatch(/may still apply/);
    const cancelled = await h.cashier.cancel(key);
    expect(cancelled).toMatchObject({ ok: false, reason: expect.stringMatching(/may still apply/) });
    // The hand ends; the network delivers the held request; the key's next ask is answered with its application.
    h.host.endHand(0, 1, 0);
    h.pushTable();
    expect(await h.runUntil(() => state(h, key) === 'applied', 400)).toBe(true);
    expect(h.host.appliedCount(key)).toBe(1);
    expect(h.host.ledger).toHaveLength(1);
  });

  it('while the venue is down (nothing left this machine) the movement can be cancelled, journaled', async () => {
    const h = await harness({ faults: ['reset-before', 'offline', 'reset-before', 'offline', 'offline', 'offline'] });
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Bob', amount: 40 });
    expect(await h.runUntil(() => h.movement(key).attempts.length >= 2, 50)).toBe(true);
    expect(h.movement(key).state).toBe('sending');
    expect(h.movement(key).cancelBlockedBy).toBeNull();
    const cancelled = await h.cashier.cancel(key);
    expect(cancelled.ok).toBe(true);
    await h.restart();
    expect(state(h, key)).toBe('cancelled');
    await h.runUntil(() => false, 50);
    expect(h.host.ledger).toEqual([]);
  });
});

describe('names as the venue sees them', () => {
  it('refuses a movement for either of two seats that carry one name, before anything is sent', async () => {
    const h = await harness();
    const bob = h.host.players.find((player) => player.name === 'Bob');
    if (bob === undefined) throw new Error('no Bob');
    (bob as { name: string }).name = 'ALICE ';
    h.pushTable();
    for (const seatId of [1, 2]) {
      const result = await h.request({
        action: 'buy-in',
        playerName: seatId === 1 ? 'Alice' : 'ALICE ',
        amount: 20,
        seatId,
      });
      expect(result).toMatchObject({ kind: 'blocked', reason: expect.stringMatching(/ask the table to rename one/) });
    }
    expect(h.host.requests).toBe(0);
  });

  it('flags a 200 whose seat differs from the request as misdirected, never as ours applied', async () => {
    const h = await harness();
    // The operator renamed seat 2 to Alice's name as the venue reads it; this app's view has not caught up.
    const bob = h.host.players.find((player) => player.name === 'Bob');
    if (bob === undefined) throw new Error('no Bob');
    (bob as { name: string }).name = 'alice';
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'alice', amount: 20, seatId: 2 });
    expect(await h.runUntil(() => state(h, key) === 'applied', 200)).toBe(true);
    const movement = h.movement(key);
    expect(movement.flags).toContain('misdirected');
    expect(movement.message).toMatch(/^The venue applied it to seat 1 /);
    expect(movement.message).toMatch(/The 20 went to .* on seat 1: settle it with the table before buying in again\.$/);
    expect(h.cashier.snapshot().totals).toMatchObject({ flagged: 1 });
  });
});

describe('stack evidence only from a view that saw everything since the intent', () => {
  it('a half-open socket hides an operator edit: "cannot tell", never "not applied", and no second key', async () => {
    const h = await harness({ faults: ['timeout-applied-late'], lateMs: 10_000_000 });
    h.host.halfOpen = true;
    // The operator takes 10 off Alice (its event never arrives); the buy-in of 10 applies and its answer is lost.
    h.host.otherWriter('Alice', -10, { source: 'seat_edit' });
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 10 });
    expect(await h.runUntil(() => state(h, key) === 'in-doubt' && h.movement(key).evidence !== null, 300)).toBe(true);
    // The reading shows 100, the stack it left with: but nothing proves the stream delivered everything since.
    expect(h.movement(key).evidence?.stackCheck.stackNow).toBe(100);
    expect(h.movement(key).evidence?.verdict).toBe('inconclusive');
    expect(h.movement(key).evidence?.summary).toMatch(/heartbeat/);
    const pressing = h.cashier.resolveInDoubt(key, 'send-again');
    let answered = false;
    void pressing.then(() => {
      answered = true;
    });
    expect(await h.runUntil(() => answered, 200)).toBe(true);
    expect((await pressing).ok).toBe(false);
    expect(h.host.keysSeen).toEqual([key]);
    expect(h.host.appliedCount(key)).toBe(1);
  });
});

describe("another writer's movement is not ours", () => {
  it("the venue's own identical top-up shows it applied, never settles it, and its key is still asked", async () => {
    const h = await harness({ faults: ['timeout-never'] });
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 200 });
    expect(await h.runUntil(() => state(h, key) === 'in-doubt', 300)).toBe(true);
    h.host.otherWriter('Alice', 200);
    h.pushTable();
    expect(await h.runUntil(() => h.movement(key).evidence?.verdict === 'applied', 100)).toBe(true);
    const asked = h.host.requests;
    await h.runUntil(() => h.host.requests > asked + 3, 300);
    expect(state(h, key)).toBe('in-doubt');
    expect(h.movement(key).sendAgainBlockedBy).toMatch(/the venue has not confirmed this request/);
    expect(h.host.requests).toBeGreaterThan(asked + 3);
    expect(h.cashier.snapshot().totals).toMatchObject({ applied: 0 });
  });
});

describe('an event that names no seat and no player', () => {
  it('is never evidence', async () => {
    const h = await harness({ faults: ['timeout-never'] });
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 100 });
    expect(await h.runUntil(() => state(h, key) === 'in-doubt', 300)).toBe(true);
    h.host.otherWriter('Alice', 100, { nullIds: true });
    await h.runUntil(() => false, 30);
    expect(h.movement(key).evidence?.matchingEvent ?? null).toBeNull();
    expect(state(h, key)).toBe('in-doubt');
  });
});

describe('one intent, one movement', () => {
  it('two identical requests at once give one movement', async () => {
    const h = await harness();
    const input = { action: 'buy-in', playerName: 'Carol', amount: 25 } as const;
    const [first, second] = await Promise.all([h.request(input), h.request(input)]);
    const kinds = [first.kind, second.kind].sort();
    expect(kinds).toEqual(['accepted', 'blocked']);
    await h.runUntil(() => false, 50);
    expect(h.cashier.snapshot().movements).toHaveLength(1);
    expect(h.host.ledger).toHaveLength(1);
  });

  it('the same press (intent id) twice is the first movement, at once or later', async () => {
    const h = await harness();
    const input = { action: 'cash-out', playerName: 'Bob', amount: 30, intentId: 'press-0001' } as const;
    const [first, second] = await Promise.all([h.request(input), h.request(input)]);
    expect(first).toMatchObject({ kind: 'accepted' });
    expect(second).toMatchObject({ kind: 'accepted' });
    const key = first.kind === 'accepted' ? first.movement.key : '';
    expect(second.kind === 'accepted' ? second.movement.key : '').toBe(key);
    expect(await h.runUntil(() => state(h, key) === 'applied', 100)).toBe(true);
    const third = await h.request(input);
    expect(third.kind === 'accepted' ? third.movement.key : '').toBe(key);
    expect(h.cashier.snapshot().movements).toHaveLength(1);
    expect(h.host.ledger).toHaveLength(1);
  });

  it('a second identical movement just after the first is refused naming it, unless confirmed', async () => {
    const h = await harness();
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 50 });
    expect(await h.runUntil(() => state(h, key) === 'applied', 100)).toBe(true);
    const again = await h.request({ action: 'buy-in', playerName: ' alice ', amount: 50 });
    expect(again).toMatchObject({ kind: 'duplicate', reason: expect.stringContaining(key) });
    const confirmed = await h.request({ action: 'buy-in', playerName: 'Alice', amount: 50, confirmSecond: true });
    expect(confirmed.kind).toBe('accepted');
  });
});
