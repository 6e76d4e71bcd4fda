/**
 * The line under the cashier after a press, as the tray movement it made stands (followed-movement.ts): a whole-stack
 * cash-out asked during a hand is paid when the venue applies it, and the stack may have changed by then, so the line
 * quotes the amount the venue applied (the tray movement's, from its answer), never the stack seen at the press.
 */
import { describe, expect, it } from 'vitest';
import type { MovementView } from '../../../preload/contract';
import { followedFeedback } from '../../../renderer/cashier/followed-movement';
import { pressWords } from '../../../renderer/cashier/seat-movement';
import { trayMovementFixture } from '../../support/tray-movement';

const chips = { unit: 'chips', hideAmounts: false } as const;
/** A whole-stack cash-out pressed while the seat held 106.8 chips (a hand was running: it waited in the tray). */
const cashOutAll = `${pressWords({ kind: 'cash_out' }, 'chips')} for Ava Brennan`;

const trayMovement = (overrides: Partial<MovementView>): MovementView =>
  trayMovementFixture({ stackBefore: 106.8, ...overrides });

const text = (feedback: ReturnType<typeof followedFeedback>): string =>
  feedback === null ? '' : feedback.kind === 'refused' ? feedback.sentence : feedback.text;

describe('the line under the cashier after a press', () => {
  it('quotes the amount the venue applied, not the stack seen at the press (the stack grew to 110.8 meanwhile)', () => {
    const applied = trayMovement({ status: 'applied', amount: 110.8, settledAt: 5, stackAfter: 0 });
    const line = followedFeedback(applied, cashOutAll, chips);
    expect(line).toEqual({ kind: 'sent', text: 'Cash out all for Ava Brennan: applied by the venue (110.8 chips).' });
  });

  it('names no figure as paid while the whole stack waits in the tray', () => {
    const line = followedFeedback(trayMovement({ status: 'queued' }), cashOutAll, chips);
    expect(line?.kind).toBe('waiting');
    expect(text(line)).toMatch(/^Cash out all for Ava Brennan: /);
    expect(text(line)).not.toMatch(/\d/);
  });

  it('quotes the applied amount in dollars and none at all when the venue hides money', () => {
    const applied = trayMovement({ status: 'applied', amount: 110.8, settledAt: 5 });
    expect(text(followedFeedback(applied, cashOutAll, { unit: 'dollars', hideAmounts: false }))).toBe(
      'Cash out all for Ava Brennan: applied by the venue ($110.80).',
    );
    const hidden = text(followedFeedback(applied, cashOutAll, { unit: 'chips', hideAmounts: true }));
    expect(hidden).toBe('Cash out all for Ava Brennan: applied by the venue.');
  });

  it('says a buy-in and a partial cash-out with their amounts, and leaving the table in words', () => {
    expect(pressWords({ kind: 'buy_in', amount: 200 }, 'chips')).toBe('Buy in 200 chips');
    const buyIn = trayMovement({ id: 'mv-b', kind: 'buy_in', status: 'applied', amount: 200 });
    expect(text(followedFeedback(buyIn, 'Buy in 200 chips for Bo', chips))).toBe(
      'Buy in 200 chips for Bo: applied by the venue.',
    );
    expect(pressWords({ kind: 'cash_out', amount: 50 }, 'dollars')).toBe('Cash out $50.00');
    expect(pressWords({ kind: 'cash_out', closeSession: true }, 'chips')).toBe('Cash out all and leave the table');
  });
});
