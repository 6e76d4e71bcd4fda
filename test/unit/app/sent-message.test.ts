import { describe, expect, it } from 'vitest';
import type { MovementView } from '../../../preload/contract';
import { sentMessage, type Press } from '../../../renderer/cashier/sent-message';

const chips = { unit: 'chips', hideAmounts: false } as const;

/** A whole-stack cash-out pressed while the seat held 106.8 chips (a hand was running: it waited in the tray). */
const cashOutAll: Press = { kind: 'cash_out', playerName: 'Ava Brennan', stackAtPress: 106.8, movementId: 'mv-a' };

function trayMovement(overrides: Partial<MovementView>): MovementView {
  return {
    id: 'mv-a',
    kind: 'cash_out',
    seatId: 3,
    playerName: 'Ava Brennan',
    playerId: null,
    amount: null,
    closeSession: false,
    status: 'queued',
    reason: null,
    withHostSince: null,
    sendAgainBlockedBy: null,
    requestedAt: 0,
    settledAt: null,
    stackAfter: null,
    evidence: null,
    replaces: null,
    replacedBy: null,
    bothApplied: false,
    misdirected: false,
    adjustment: null,
    stackBefore: 106.8,
    detail: { refusalCode: null, refusalMessage: null, waitReason: null, lastStatus: null, lastError: null },
    ...overrides,
  };
}

describe('the line under the cashier after a press', () => {
  it('quotes the amount the venue applied, not the stack seen at the press (the stack grew to 110.8 meanwhile)', () => {
    // The venue's answer paid 110.8 chips: the tray movement carries that amount once it applied.
    const applied = trayMovement({ status: 'applied', amount: 110.8, settledAt: 5, stackAfter: 0 });
    const line = sentMessage(cashOutAll, applied, chips);
    expect(line).toContain('110.8 chips');
    expect(line).not.toContain('106.8');
  });

  it('names no figure as paid while the whole stack waits in the tray', () => {
    const line = sentMessage(cashOutAll, trayMovement({ status: 'queued' }), chips);
    expect(line).toContain('added to the tray');
    // The stack at the press may still change: it is said as the stack then, never as the amount paid.
    expect(line).not.toMatch(/Cash out all 106\.8/);
  });

  it('quotes the applied amount in dollars and none at all when the venue hides money', () => {
    const applied = trayMovement({ status: 'applied', amount: 110.8, settledAt: 5 });
    expect(sentMessage(cashOutAll, applied, { unit: 'dollars', hideAmounts: false })).toContain('$110.80');
    const hidden = sentMessage(cashOutAll, applied, { unit: 'chips', hideAmounts: true });
    expect(hidden).not.toMatch(/\d/);
    expect(hidden).toContain('Ava Brennan');
  });

  it('says a buy-in with its amount, whether or not it applied yet', () => {
    const press: Press = { kind: 'buy_in', amount: 200, playerName: 'Bo', stackAtPress: 50, movementId: 'mv-b' };
    expect(sentMessage(press, undefined, chips)).toBe('Buy in 200 chips for Bo: added to the tray.');
    const applied = trayMovement({ id: 'mv-b', kind: 'buy_in', status: 'applied', amount: 200 });
    expect(sentMessage(press, applied, chips)).toContain('200 chips');
  });
});
