/** Shift amounts on screen per money mode (hidden shows none), and what the cashier may type as a float or a count. */
import { describe, expect, it } from 'vitest';
import { readCashAmount } from '../../../renderer/cashier/amount-input';
import { printedMoney, shiftMoney, varianceText } from '../../../renderer/cashier/shift-money';

describe('shift money on screen', () => {
  it(
    'shows chips in bb mode (and before the venue published a mode), dollars ' +
      'in dollars mode, nothing in hidden mode',
    () => {
      expect(shiftMoney(1234.5, 'bb')).toBe('1,234.5 chips');
      expect(shiftMoney(1234.5, null)).toBe('1,234.5 chips');
      expect(shiftMoney(1234.5, 'dollars')).toBe('$1,234.50');
      expect(shiftMoney(1234.5, 'hidden')).toBeNull();
      // Paper carries the amount whatever the screen mode.
      expect(printedMoney(1234.5, 'hidden')).toBe('1,234.5 chips');
    },
  );

  it('words the variance with its sign and direction, and only the direction in hidden mode', () => {
    expect(varianceText(-4.5, 'bb')).toBe('−4.5 chips (short)');
    expect(varianceText(12, 'dollars')).toBe('+$12.00 (over)');
    expect(varianceText(0, 'dollars')).toBe('balanced');
    expect(varianceText(-4.5, 'hidden')).toBe('short');
    expect(varianceText(-4.5, 'hidden', true)).toBe('−4.5 chips (short)');
  });

  it('accepts 0 and two decimals as a count; refuses text, negatives, three decimals and more than 1,000,000', () => {
    expect(readCashAmount('0')).toEqual({ ok: true, amount: 0 });
    expect(readCashAmount('1,000.25')).toEqual({ ok: true, amount: 1000.25 });
    for (const bad of ['', 'abc', '-1', '1.234', '1000000.01', '1e3']) expect(readCashAmount(bad).ok).toBe(false);
  });
});
