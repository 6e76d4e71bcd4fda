/**
 * Shifts, pure: what a shift record holds, which shift a movement belongs to, the cash amounts the cashier types
 * (opening float, counted cash) and the close arithmetic. All money here is whole cents (`Cents`): expected cash,
 * counted cash and the variance are integers, so a shift of any length balances exactly.
 *
 * Expected cash in the drawer = opening float + applied buy-ins - applied cash-outs. Applied movements whose
 * amount nothing reported ("amount to confirm") are NOT in it: the close lists them so the count can be explained.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { addCents, toCents, type Cents } from '../venue/money';
import type { CarriedItem } from './carry';
import type { Movement } from './types';

/**
 * A float or a count as the contract's shift channels parsed it (a number of chips, 0 to the spec's largest amount,
 * whole cents). Like the movement request, only that parse makes one: its schema brands its output
 * 'ParsedCashAmount' (zod's brand is a type only), so the shift book checks nothing again.
 */
export type CashAmount = number & z.$brand<'ParsedCashAmount'>;

/** Who is at the drawer, as the shift channels parsed it (1 to 64 characters once trimmed, one line). */
export type OperatorName = string & z.$brand<'ParsedOperatorName'>;

/** Per-shift totals in whole cents (see ledger.ts `centsTotals`). */
export interface ShiftTotals {
  readonly buyIns: Cents;
  readonly cashOuts: Cents;
  readonly applied: number;
  readonly refused: number;
  readonly cancelled: number;
  /** Applied, amount unknown: listed, not in the sums nor in the expected cash. */
  readonly toConfirm: number;
  /** Movements flagged both-applied (a double payment to review). */
  readonly doubles: number;
}

/** One line of a count by denomination: so many pieces (chips or notes) of one value. */
export interface DenominationCount {
  /** The value of one piece, in whole cents of the drawer's unit. */
  readonly value: Cents;
  readonly count: number;
}

/** What closing a shift recorded. */
export interface ShiftClose {
  /** Order time (what decisions and reconciliation windows compare). */
  readonly at: number;
  /** The PC's wall clock at the close, for people; absent in older records (their `at` was a wall time). */
  readonly wallAt?: number;
  /** The cash the cashier counted, as typed (or the total of the count by denomination). */
  readonly counted: Cents;
  /** The count by denomination the total came from; null when a plain total was typed. */
  readonly denominations: readonly DenominationCount[] | null;
  /** The cashier's note on the close ("two $5 notes torn"), or null. */
  readonly note: string | null;
  /** Who counted and closed. */
  readonly closedBy: string | null;
  /** Opening float + buy-ins - cash-outs, from the ledger at the close. */
  readonly expected: Cents;
  /** counted - expected: positive = over, negative = short. */
  readonly variance: Cents;
  readonly totals: ShiftTotals;
  /**
   * Movements in doubt at the close, carried to the next shift (carry.ts): not in these figures, booked and counted
   * where they settle. Absent in records written before carrying existed (nothing was carried then).
   */
  readonly carried?: readonly CarriedItem[];
}

/** One shift, as journaled in the shift log (the newest record of an id wins). */
export interface ShiftRecord {
  readonly id: string;
  /** Order time (what decisions and reconciliation windows compare). */
  readonly openedAt: number;
  /** The PC's wall clock at the open, for people; absent in older records (their `openedAt` was a wall time). */
  readonly openedWallAt?: number;
  /** 'auto': opened with a float of 0 at the very first start, so a fresh install can take money at once. */
  readonly openedBy: 'cashier' | 'auto';
  readonly openingFloat: Cents;
  /** Who opened the drawer (typed at open); null on shifts recorded before operators were kept. */
  readonly operator: string | null;
  readonly close: ShiftClose | null;
}

/** The fields of what the cashier types when closing, besides the count (all optional). */
export interface CloseDetailsShape {
  readonly denominations?: readonly { readonly value: number; readonly count: number }[] | null;
  readonly note?: string | null;
  readonly operator?: OperatorName | null;
}

/**
 * What the cashier types when closing, as the close-shift channel parsed it with its count: each denomination a
 * value above 0 in whole cents and a whole number of pieces, the lines totalling the count; the note one of at most
 * 500 characters without control characters.
 */
export type CloseDetails = CloseDetailsShape & z.$brand<'ParsedCloseDetails'>;

export function newShiftId(at: number): string {
  return `shift-${new Date(at).toISOString().slice(0, 10)}-${randomUUID().slice(0, 8)}`;
}

/** When the shift opened, as people read it (an older record's order time was a wall time). */
export const openedWall = (shift: ShiftRecord): number => shift.openedWallAt ?? shift.openedAt;

/** When the shift closed, as people read it. */
export const closedWall = (close: ShiftClose): number => close.wallAt ?? close.at;

/** Expected cash: opening float + buy-ins - cash-outs, in cents. */
export function expectedCash(openingFloat: Cents, totals: Pick<ShiftTotals, 'buyIns' | 'cashOuts'>): Cents {
  return addCents(openingFloat, (totals.buyIns - totals.cashOuts) as Cents);
}

/** The close of a shift: counted (chips, as the contract parsed them) against the expected cash. */
export function closeFigures(
  shift: ShiftRecord,
  totals: ShiftTotals,
  counted: number,
  at: { readonly order: number; readonly wall: number },
  details: {
    denominations: readonly DenominationCount[] | null;
    note: string | null;
    closedBy: string | null;
    carried?: readonly CarriedItem[];
  } = {
    denominations: null,
    note: null,
    closedBy: null,
  },
): ShiftClose {
  const countedCents = toCents(counted);
  const expected = expectedCash(shift.openingFloat, totals);
  return {
    at: at.order,
    wallAt: at.wall,
    counted: countedCents,
    expected,
    variance: (countedCents - expected) as Cents,
    totals,
    ...details,
  };
}

/**
 * The shift a movement belongs to: the one open when it was requested. Movements journaled before shifts existed
 * carry no shift and belong to the first shift (the one opened automatically at the first start with shifts).
 */
export function shiftOf(movement: Movement, firstShiftId: string | null): string | null {
  return movement.shiftId ?? firstShiftId;
}
