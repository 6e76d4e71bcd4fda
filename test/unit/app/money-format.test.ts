import { describe, expect, it } from 'vitest';
import { formatChips, formatMoney } from '../../../renderer/shared/money';

describe('formatMoney', () => {
  it('shows big blinds in bb mode (stack / big blind, one decimal)', () => {
    expect(formatMoney(250, 'bb', 2)).toBe('125 bb');
    expect(formatMoney(125.3, 'bb', 2)).toBe('62.7 bb');
    expect(formatMoney(0, 'bb', 2)).toBe('0 bb');
  });

  it('treats an unpublished money mode (null) as the default bb', () => {
    expect(formatMoney(100, null, 4)).toBe('25 bb');
  });

  it('shows nothing in bb mode without a usable big blind', () => {
    expect(formatMoney(100, 'bb', null)).toBeNull();
    expect(formatMoney(100, 'bb', 0)).toBeNull();
  });

  it('shows dollars with two decimals and thousands separators', () => {
    expect(formatMoney(1234.5, 'dollars', 2)).toBe('$1,234.50');
    expect(formatMoney(0.1 + 0.2, 'dollars', 2)).toBe('$0.30');
  });

  it('shows no money at all in hidden mode', () => {
    expect(formatMoney(1234.5, 'hidden', 2)).toBeNull();
  });

  it('shows nothing for an unknown or non-finite amount', () => {
    expect(formatMoney(null, 'dollars', 2)).toBeNull();
    expect(formatMoney(Number.NaN, 'dollars', 2)).toBeNull();
  });

  it('formats cashier chip amounts plainly', () => {
    expect(formatChips(6000)).toBe('6,000');
    expect(formatChips(263.25)).toBe('263.25');
  });
});
