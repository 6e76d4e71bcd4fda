import { describe, expect, it } from 'vitest';
import { cashText, cashUnit, cashUnitLabel } from '../../../preload/contract/cash-text';

describe("the cashier's one unit", () => {
  it('is dollars only in dollars mode, chips otherwise and while the mode is unknown', () => {
    expect(cashUnit('dollars')).toBe('dollars');
    expect(cashUnit('bb')).toBe('chips');
    expect(cashUnit('hidden')).toBe('chips');
    expect(cashUnit(null)).toBe('chips');
  });

  it('writes amounts with their unit', () => {
    expect(cashText(1250, 'dollars')).toBe('$1,250.00');
    expect(cashText(1250.5, 'chips')).toBe('1,250.5 chips');
    expect(cashText(-3, 'dollars')).toBe('-$3.00');
    expect(cashText(0.1 + 0.2, 'chips')).toBe('0.3 chips');
    expect(cashUnitLabel('dollars')).toBe('$');
    expect(cashUnitLabel('chips')).toBe('chips');
  });
});
