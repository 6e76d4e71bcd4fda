/**
 * The cashier's request is checked once, by the contract's schema (the session's dispatch parses it); the cashier
 * takes only what that parse made (a branded type) and checks nothing again. So the money rules of a request are
 * tested here: a bad amount, name or seat never becomes a MovementRequest.
 */
import { describe, expect, it } from 'vitest';
import type { MovementRequest } from '../../../main/core/cashier/index';
import { movementRequestSchema } from '../../../preload/contract/cashier';

const buyIn = { kind: 'buy_in', seatId: 1, playerName: 'Alice', playerId: null, amount: 5 } as const;
const refused = (input: Record<string, unknown>): boolean => !movementRequestSchema.safeParse(input).success;

describe('the movement request schema', () => {
  it('refuses bad amounts', () => {
    for (const amount of ['50', Number.NaN, -5, 0, 1_000_001, Number.POSITIVE_INFINITY, 10.005])
      expect(refused({ ...buyIn, amount }), String(amount)).toBe(true);
    expect(movementRequestSchema.parse({ ...buyIn, amount: 6_000.25 }).amount).toBe(6_000.25);
  });

  it('refuses bad names', () => {
    for (const playerName of ['', '   ', 'x'.repeat(65)])
      expect(refused({ ...buyIn, playerName }), playerName).toBe(true);
  });

  it('needs an amount on a buy-in and a seat (a whole number) on a cash-out', () => {
    const { amount: _amount, ...noAmount } = buyIn;
    expect(refused(noAmount)).toBe(true);
    expect(refused({ ...noAmount, kind: 'cash_out', seatId: null })).toBe(true);
    expect(refused({ ...buyIn, seatId: 1.5 })).toBe(true);
    expect(movementRequestSchema.parse({ ...noAmount, kind: 'cash_out' })).toMatchObject({
      kind: 'cash_out',
      seatId: 1,
      closeSession: false,
    });
  });

  it('is the only maker of the request the cashier takes', () => {
    const parsed: MovementRequest = movementRequestSchema.parse(buyIn);
    expect(parsed).toMatchObject(buyIn);
    // @ts-expect-error a request built in code, not parsed, is not a MovementRequest
    const built: MovementRequest = { ...buyIn, closeSession: false, confirmed: false };
    expect(built.kind).toBe('buy_in');
  });
});
