/** Projects the cashier core's shifts onto the contract's ShiftsView and ShiftSummary (pure; chips from cents). */
import type {
  CarriedException,
  OpenShiftView,
  ShiftSummary,
  ShiftsView,
  SummaryMovement,
} from '../../../preload/contract';
import {
  appliedDelta,
  carriedFrom,
  carriedLine,
  carriedSettledLine,
  countedByCashier,
  exceptionLine,
  holdingHint,
  holdingState,
  isCarriedAtClose,
  isSettled,
  shortReference,
  venueAppliedAt,
  type CashierSnapshot,
  type Movement,
} from '../cashier';
import type { CarriedItem } from '../cashier/carry';
import { closedWall, expectedCash, openedWall, type ShiftRecord } from '../cashier/shift';
import { wallTimes } from '../cashier/wall-stamps';
import { fromCents, toCents } from '../venue/money';
import { SHIFT_LOG_FILE } from '../cashier/shift-log';
import { booksView, shortDigest } from './books-view';

const PAST_SHIFTS_SHOWN = 50;

/** One movement as the printed summary lists it (applied amounts unsigned; the kind says the direction). */
export function summaryMovement(movement: Movement): SummaryMovement {
  const delta = appliedDelta(movement);
  return {
    reference: shortReference(movement.key),
    settledAt: wallTimes(movement).settledAt,
    venueAppliedAt: venueAppliedAt(movement),
    kind: movement.action === 'buy-in' ? 'buy_in' : 'cash_out',
    playerName: movement.playerName,
    seatId: movement.seatId,
    amount: delta === null ? null : Math.abs(delta),
    state: movement.state,
    exception: exceptionLine(movement),
  };
}

/** The line of a movement a close carried into `shift` (where it came from, how it ended), or null. */
function carriedInLine(movement: Movement, shift: ShiftRecord, shifts: readonly ShiftRecord[]): string | null {
  const from = carriedFrom(movement.key, shift.id, shifts);
  return from === null ? null : carriedSettledLine(movement, from, wallTimes(movement).settledAt);
}

/** A shift's movements as its summary lists them: one carried in from an earlier close says so and how it ended. */
export function summaryMovements(
  shift: ShiftRecord,
  movements: readonly Movement[],
  shifts: readonly ShiftRecord[],
): SummaryMovement[] {
  return movements.map((movement) => {
    const row = summaryMovement(movement);
    return { ...row, exception: row.exception ?? carriedInLine(movement, shift, shifts) };
  });
}

/** The exception lines of a shift's paper: the cashier's counts, what its close carried, what it took in carried. */
export function exceptionLines(
  shift: ShiftRecord,
  movements: readonly Movement[],
  shifts: readonly ShiftRecord[],
): string[] {
  return [
    ...movements.map(exceptionLine),
    ...(shift.close?.carried ?? []).map(carriedLine),
    ...movements.map((movement) => carriedInLine(movement, shift, shifts)),
  ].filter((line): line is string => line !== null);
}

/** A movement's state in a cashier's words, for a carried exception. */
const carriedState = (state: CarriedItem['state']): string => (state === 'in-doubt' ? 'outcome unknown' : state);

/** A movement a close carried to the next shift, as the summary lists it (chips from cents). */
export function carriedException(item: CarriedItem): CarriedException {
  return {
    reference: shortReference(item.key),
    kind: item.action === 'buy-in' ? 'buy_in' : 'cash_out',
    playerName: item.playerName,
    amount: item.amount === null ? null : fromCents(item.amount),
    state: carriedState(item.state),
  };
}

/** A shift's figures in chips; the close figures are null while it is open. */
export function shiftSummary(shift: ShiftRecord): ShiftSummary {
  const close = shift.close;
  return {
    id: shift.id,
    openedAt: openedWall(shift),
    openedBy: shift.openedBy,
    openingFloat: fromCents(shift.openingFloat),
    closedAt: close === null ? null : closedWall(close),
    buyIns: close === null ? null : fromCents(close.totals.buyIns),
    cashOuts: close === null ? null : fromCents(close.totals.cashOuts),
    expected: close === null ? null : fromCents(close.expected),
    counted: close === null ? null : fromCents(close.counted),
    variance: close === null ? null : fromCents(close.variance),
    applied: close?.totals.applied ?? null,
    toConfirm: close?.totals.toConfirm ?? null,
    doubles: close?.totals.doubles ?? null,
    operator: shift.operator,
    closedBy: close?.closedBy ?? null,
    note: close?.note ?? null,
    denominations: close?.denominations?.map((line) => ({ value: fromCents(line.value), count: line.count })) ?? null,
    carried: close?.carried?.map(carriedException) ?? [],
  };
}

/** What a close now would carry, in plain words, before the count (null: nothing). */
function carriedAtCloseText(carried: readonly Movement[]): string | null {
  if (carried.length === 0) return null;
  const items = carried
    .map((movement) => {
      const amount = movement.amount === null ? 'whole stack' : String(movement.amount);
      return `${movement.playerName}, ${movement.action} ${amount}`;
    })
    .join('; ');
  const one = carried.length === 1;
  return (
    `${one ? 'One movement is' : `${carried.length} movements are`} in doubt (${items}): the venue has not said ` +
    `whether ${one ? 'it' : 'they'} went through. Closing now carries ${one ? 'it' : 'them'} to the next shift as ` +
    `${one ? 'an open exception' : 'open exceptions'}: not in this count, and the next shift counts ` +
    `${one ? 'it' : 'them'} once the venue answers.`
  );
}

function openShiftView(snapshot: CashierSnapshot, shift: ShiftRecord): OpenShiftView {
  // A movement the cashier counted as applied is in the drawer, and one in doubt is carried to the next shift:
  // neither holds the close (shift-book.ts).
  const own = snapshot.movements.filter((movement) => movement.shiftId === shift.id);
  const carried = own.filter(isCarriedAtClose);
  const unsettled = own.filter(
    (movement) => !isSettled(movement) && !countedByCashier(movement) && !isCarriedAtClose(movement),
  );
  const holding = unsettled.map((movement) => `${movement.playerName}: ${holdingState(movement.state)}`).join(', ');
  const closeBlockedBy =
    unsettled.length === 0
      ? null
      : `${unsettled.length} ${unsettled.length === 1 ? 'movement is' : 'movements are'} ` +
        `not settled yet (${holding}): ` +
        `the shift closes once ${unsettled.length === 1 ? 'it settles' : 'they settle'}.${holdingHint(unsettled)}`;
  const expected = expectedCash(shift.openingFloat, {
    buyIns: toCents(snapshot.totals.moneyIn),
    cashOuts: toCents(snapshot.totals.moneyOut),
  });
  return {
    id: shift.id,
    openedAt: shift.openedAt,
    openedBy: shift.openedBy,
    openingFloat: fromCents(shift.openingFloat),
    operator: shift.operator,
    expected: fromCents(expected),
    closeBlockedBy,
    carriedAtClose: carriedAtCloseText(carried),
  };
}

/**
 * The open shift (with its expected cash so far and what blocks a close) and the latest closed shifts, newest first.
 */
export function shiftsView(snapshot: CashierSnapshot): ShiftsView {
  const current = snapshot.shifts.current;
  const past = snapshot.shifts.all
    .filter((shift) => shift.close !== null)
    .sort((a, b) => (b.close?.at ?? 0) - (a.close?.at ?? 0));
  const firstShift = snapshot.shifts.all.length === 0;
  const shiftLogDamage = snapshot.books.damage.filter((note) => note.file.endsWith(SHIFT_LOG_FILE));
  return {
    damaged:
      shiftLogDamage.length === 0
        ? null
        : 'The shift records on this PC are damaged, so which shift is open cannot be read from them. No shift ' +
          'opens or closes and no money moves until a manager has checked the books.',
    current: current === null ? null : openShiftView(snapshot, current),
    past: past.slice(0, PAST_SHIFTS_SHOWN).map((shift) => ({
      ...shiftSummary(shift),
      digest: shortDigest(snapshot.shifts.digests[shift.id]),
      // The list says what the shift records say; a summary opened also reads the shift's archive.
      books: booksView(snapshot.books.damage.filter((note) => note.file.endsWith(SHIFT_LOG_FILE))),
    })),
    firstShift,
    beforeShifts: firstShift ? snapshot.movements.filter((movement) => movement.shiftId == null).length : 0,
  };
}
