import { describe, expect, it } from 'vitest';
import { readAmount, wholeChipsAt } from '../../../renderer/cashier/amount-input';

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

describe('readAmount: what a cashier types at the cage', () => {
  it('reads " 40 " as 40 and "1,000" as 1000 (the form then says "1,000 chips" before sending)', () => {
    expect(readAmount(' 40 ')).toEqual({ ok: true, amount: 40 });
    expect(readAmount('\t40\n')).toEqual({ ok: true, amount: 40 });
    expect(readAmount('1,000')).toEqual({ ok: true, amount: 1000 });
    expect(readAmount('12,345.5')).toEqual({ ok: true, amount: 12345.5 });
  });

  it('refuses a comma that does not group thousands: a decimal comma would be read 100 times too large', () => {
    for (const text of ['10,5', '1,00', '1,0000', ',100', '100,']) {
      const reading = readAmount(text);
      expect(reading.ok, text).toBe(false);
      if (!reading.ok) expect(reading.error).toMatch(/Commas only separate thousands/);
    }
  });

  it('refuses half chips where the venue has no cents, and allows them where it has', () => {
    expect(readAmount('40.5', { wholeChips: true })).toEqual({
      ok: false,
      error: "This venue's chips have no cents: enter a whole number of chips.",
    });
    expect(readAmount('40.00', { wholeChips: true })).toEqual({ ok: true, amount: 40 });
    expect(readAmount('40.5', { wholeChips: false })).toEqual({ ok: true, amount: 40.5 });
  });

  it('refuses a sign, an exponent and text around a number', () => {
    for (const text of ['+40', '40 chips', '$40', '4 0', '0x10', 'Infinity', 'NaN'])
      expect(readAmount(text).ok, text).toBe(false);
  });
});

describe('wholeChipsAt: whether the venue chips have cents', () => {
  const seat = (stack: number | null) => ({
    seatId: 1,
    name: 'A',
    playerId: null,
    stack,
    inHand: false,
    present: true,
    folded: false,
  });
  const blinds = (smallBlind: number, bigBlind: number) => ({ smallBlind, bigBlind, ante: 0, straddle: 0 });

  it('is whole when every blind and every known stack is whole', () => {
    expect(wholeChipsAt({ blinds: blinds(1, 2), seats: [seat(200), seat(null)] })).toBe(true);
    expect(wholeChipsAt({ blinds: null, seats: [seat(200)] })).toBe(true);
  });

  it('has cents as soon as one blind or one stack has, and is not known from nothing', () => {
    expect(wholeChipsAt({ blinds: blinds(0.5, 1), seats: [seat(200)] })).toBe(false);
    expect(wholeChipsAt({ blinds: blinds(1, 2), seats: [seat(200), seat(99.5)] })).toBe(false);
    expect(wholeChipsAt({ blinds: null, seats: [seat(null)] })).toBe(false);
    expect(wholeChipsAt(null)).toBe(false);
  });
});
