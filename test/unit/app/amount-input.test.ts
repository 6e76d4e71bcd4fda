import { describe, expect, it } from 'vitest';
import { readAmount } from '../../../renderer/cashier/amount-input';

describe('readAmount', () => {
  it('accepts plain, decimal and grouped amounts', () => {
    expect(readAmount('250')).toEqual({ ok: true, amount: 250 });
    expect(readAmount(' 250.5 ')).toEqual({ ok: true, amount: 250.5 });
    expect(readAmount('1,000.25')).toEqual({ ok: true, amount: 1000.25 });
    expect(readAmount('1000000')).toEqual({ ok: true, amount: 1_000_000 });
  });

  it('refuses text, negatives, zero, three decimals and more than 1,000,000 with a reason', () => {
    expect(readAmount('')).toEqual({ ok: false, error: 'Enter an amount.' });
    expect(readAmount('ten')).toEqual({ ok: false, error: 'Enter a number with at most two decimals.' });
    expect(readAmount('-5')).toEqual({ ok: false, error: 'The amount cannot be negative.' });
    expect(readAmount('0')).toEqual({ ok: false, error: 'The amount must be more than 0.' });
    expect(readAmount('1.005')).toEqual({ ok: false, error: 'Enter a number with at most two decimals.' });
    expect(readAmount('1000000.01')).toEqual({ ok: false, error: 'The amount cannot be more than 1,000,000.' });
    expect(readAmount('1e5')).toEqual({ ok: false, error: 'Enter a number with at most two decimals.' });
  });
});
