import { describe, expect, it } from 'vitest';
import { formatDecimal, formatDollars } from '../../../preload/contract/number-format';

const intl = {
  one: new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }),
  two: new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }),
  dollars: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }),
};

/** A deterministic spread of values: ties at every decimal, float noise, negatives, zeros, huge and tiny. */
function samples(): number[] {
  const values = [
    0,
    -0,
    0.05,
    0.15,
    0.25,
    0.35,
    1.005,
    2.675,
    0.125,
    -0.04,
    -0.05,
    -0.004,
    999.95,
    999.995,
    1e15 + 0.5,
    123456789.25,
    1e20,
    9.99e20,
    1e21,
    5e-7,
    0.1 + 0.2,
  ];
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let index = 0; index < 20_000; index += 1) {
    const magnitude = 10 ** Math.floor(random() * 12 - 3);
    const value = (random() - 0.3) * magnitude;
    values.push(value, Math.round(value * 100) / 100, Math.round(value * 20) / 20, Math.round(value * 2000) / 2000);
  }
  return values;
}

describe('formatDecimal and formatDollars', () => {
  it('write exactly what Intl writes for en-US, over 80,000 values including every kind of tie', () => {
    for (const value of samples()) {
      expect(formatDecimal(value, 1), String(value)).toBe(intl.one.format(value));
      expect(formatDecimal(value, 2), String(value)).toBe(intl.two.format(value));
      expect(formatDollars(value), String(value)).toBe(intl.dollars.format(value));
    }
  });

  it('group thousands and drop trailing zeros down to the minimum', () => {
    expect(formatDecimal(1234567.5, 1)).toBe('1,234,567.5');
    expect(formatDecimal(1000, 2)).toBe('1,000');
    expect(formatDecimal(12.1, 2, 2)).toBe('12.10');
    expect(formatDollars(-1234.5)).toBe('-$1,234.50');
  });
});
