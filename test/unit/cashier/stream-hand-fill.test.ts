/**
 * GET /live/state may leave hand_number null between hands (the spec allows it); the cashier then borrows
 * the live stream's hand number. A socket that is half-open still says "connected and caught up" until the
 * heartbeat notices (up to 45 s), so the borrowed number may be from before a hand that was played meanwhile.
 */
import { describe, expect, it } from 'vitest';
import { acceptedKey, harnessPerTest } from '../../support/cashier-harness';
import { expectInDoubtNotApplied } from '../../support/in-doubt-not-applied';

const harness = harnessPerTest();

describe('"send again" on a read without a hand number', () => {
  it('does not trust a stream hand number from before the doubt: a hand since may hide the application', async () => {
    const h = await harness({ faults: ['timeout-apply-later'], lateMs: 600_000, feedEvents: false });
    h.pushTable();
    h.host.freezeView();
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 10 });
    await expectInDoubtNotApplied(h, key);
    // The host applies it (no event reaches us: the socket is half-open), then Alice loses exactly 10 in hand 2.
    const alice = h.host.players.find((player) => player.name === 'Alice');
    if (alice === undefined) throw new Error('no Alice');
    alice.stack += 10;
    h.host.startHand();
    h.host.endHand(0, 1, 10);
    // The half-open socket keeps showing the table as it was (live, "caught up"): the frozen hand-1 view.
    h.host.views.push('stale');
    h.pushTable();
    // The venue's GET /live/state: the true table, between hands, hand_number null.
    h.host.readView = () => ({ ...h.host.table(), source: 'live-state-read', handNumber: null });
    const pressed = await h.cashier.resolveInDoubt(key, 'send-again');
    expect(h.host.keysSeen).toEqual([key]);
    expect(pressed.ok).toBe(false);
  });

  it('still borrows the hand number of a stream that had data since the doubt (nothing was played)', async () => {
    const h = await harness({ faults: ['timeout-never'] });
    h.pushTable();
    const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 10 });
    expect(await h.runUntil(() => h.movement(key).state === 'in-doubt', 300)).toBe(true);
    h.pushTable();
    h.host.readView = () => ({ ...h.host.table(), source: 'live-state-read', handNumber: null });
    const pressed = await h.cashier.resolveInDoubt(key, 'send-again');
    expect(pressed.ok).toBe(true);
    expect(h.host.keysSeen).toHaveLength(2);
  });
});
