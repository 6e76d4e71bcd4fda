/**
 * The shifts at runtime: which shift is open, opening and closing one, and the gate that keeps a close from racing
 * a request. Memory follows the shift log (shift-log.ts): a shift opens or closes only once its record is fdatasync'd.
 *
 * - A movement belongs to the shift open when it was requested (its `shiftId`, set before its intent is journaled).
 *   With no shift open, new movements are refused: money never moves outside a shift.
 * - Closing is refused while a movement of the shift is on its way (queued, sending, with the host): the drawer
 *   cannot be counted against a ledger about to change. A movement in doubt (outcome unknown, not counted by the
 *   cashier) does not hold the close: the close lists it as carried (carry.ts) and the next shift opened books it,
 *   counting it once the venue answers; its key keeps being asked. Requests that started before the close are waited
 *   for first.
 * - Nothing opens by itself: the first shift, like every other, opens when the cashier types the float in the drawer
 *   (a float of 0 opened silently made a new install's first close wrong). Movements journaled before shifts existed
 *   (no `shiftId`) belong to the first shift the cashier opens; the open says how many it took in. Shifts opened
 *   automatically by earlier versions ('auto') are read back as they were.
 * - The float, the count, the count by denomination, the note and the operator come as the contract's shift channels
 *   parsed them (branded types: CashAmount, OperatorName, CloseDetails), so nothing here checks them again; the rules
 *   here are the shifts' own (one open at a time, nothing unsettled at a close).
 */
import { ageText } from '../../../preload/contract/age-text';
import { partnerKey } from './policy';
import type { ClockStep } from './clock-steps';
import {
  closeFigures,
  newShiftId,
  openedWall,
  type CashAmount,
  type CloseDetails,
  type DenominationCount,
  type OperatorName,
  type ShiftRecord,
  type ShiftTotals,
} from './shift';
import { openShiftLog, type ShiftLog } from './shift-log';
import type { BookDamage } from '../storage/book-file';
import type { Books } from '../storage/books';
import { bookingShift, carriedItem, holdingHint, holdingState, isCarriedAtClose } from './carry';
import { correctionShift, countedByCashier } from './decision';
import { isSettled } from './machine';
import type { Movement } from './types';
import { toCents } from '../venue/money';

export type ShiftResult =
  | {
      readonly ok: true;
      readonly shift: ShiftRecord;
      /** Movements from before shifts that this (first) shift took in; 0 for every other shift. */
      readonly adopted?: number;
    }
  | { readonly ok: false; readonly reason: string };

export interface ShiftBookDeps {
  readonly dir: string;
  /** The books that seal and witness the shift log. */
  readonly books: Books;
  /** Order time (shift.ts): what reconciliation windows compare. */
  readonly now: () => number;
  /** The PC's wall clock, for the times people read. */
  readonly wall: () => number;
  /** The movements currently in the journal. */
  readonly movements: () => readonly Movement[];
  /** Totals of one shift's movements (and the corrections booked in it), in cents (ledger.ts). */
  readonly totals: (movements: readonly Movement[], shiftId: string) => ShiftTotals;
  readonly onChange: () => void;
}

export interface ShiftBook {
  /** The open shift, or null. */
  current(): ShiftRecord | null;
  /** Every shift, oldest first. */
  all(): readonly ShiftRecord[];
  get(id: string): ShiftRecord | undefined;
  /** The shift a movement belongs to (see shift.ts `shiftOf`). */
  shiftOf(movement: Movement): string | null;
  /** Movements of the journal that belong to `shiftId`, and the corrections booked in it (decision.ts). */
  members(shiftId: string): Movement[];
  /** Records damaged in the shift log (skipped). */
  readonly damaged: number;
  /** What the books found wrong with the shift log: while any, no shift opens or closes and no money is admitted. */
  readonly damage: readonly BookDamage[];
  /** The seal of a shift's latest record in the shift log (its close, once closed), or null (shift-log.ts). */
  digestOf(shiftId: string): string | null;
  /**
   * Admits one new movement into the open shift: its id, or why not. Call `done` once the movement is journaled
   * (or failed); a close waits for every admitted movement first.
   */
  admit():
    | { readonly ok: true; readonly shiftId: string; readonly done: () => void }
    | { readonly ok: false; readonly reason: string };
  /** Opens a shift with the float in the drawer and who is at it (null only for callers from before operators). */
  open(openingFloat: CashAmount, operator?: OperatorName | null): Promise<ShiftResult>;
  close(counted: CashAmount, details?: CloseDetails): Promise<ShiftResult>;
  /** The wall clock steps the shift log holds (every run's), oldest first. */
  clockSteps(): readonly ClockStep[];
  /** Writes a step of the wall clock in the shift log (fdatasync'd), where whoever checks the shift reads it. */
  noteClockStep(step: ClockStep): Promise<void>;
  dispose(): Promise<void>;
}

/** The count by denomination as the shift log keeps it: whole cents per piece, lines with no pieces left out. */
function countLines(lines: NonNullable<CloseDetails['denominations']>): DenominationCount[] {
  return lines.filter((line) => line.count > 0).map((line) => ({ value: toCents(line.value), count: line.count }));
}

function describeUnsettled(movement: Movement, now: number): string {
  const amount = movement.amount === null ? 'whole stack' : String(movement.amount);
  const state = isSettled(movement)
    ? `${movement.state}, its double with ${partnerKey(movement) ?? ''} being flagged`
    : holdingState(movement.state);
  const age = movement.state === 'in-doubt' ? ` for ${ageText(now - movement.updatedAt)}` : '';
  return `${movement.playerName} ${movement.action} ${amount} (${state}${age}, ${movement.key})`;
}

/**
 * Settled, but not resolved: both keys of a re-send pair applied and the double is not flagged yet (the flags are
 * written just after the second answer). Closed then, the shift would count a double payment as two clean movements.
 */
function doubleNotFlagged(movement: Movement, all: readonly Movement[]): boolean {
  const key = partnerKey(movement);
  if (key === null || movement.state !== 'applied' || movement.flags.includes('both-applied')) return false;
  return all.find((other) => other.key === key)?.state === 'applied';
}

/**
 * A shift's movements at its close: those its figures count, those it carries (in doubt), and those that hold it.
 * A movement the cashier counted as applied is in the drawer: the shift may close on it, and if the venue later says
 * it did not apply, the correction is booked in the shift open then (commit.ts).
 */
function partitionAtClose(
  shiftMovements: readonly Movement[],
  all: readonly Movement[],
): { booked: Movement[]; carried: Movement[]; unsettled: Movement[] } {
  const carried = shiftMovements.filter(isCarriedAtClose);
  const unsettled = shiftMovements.filter(
    (movement) =>
      (!isSettled(movement) && !countedByCashier(movement) && !isCarriedAtClose(movement)) ||
      doubleNotFlagged(movement, all),
  );
  return { booked: shiftMovements.filter((movement) => !isCarriedAtClose(movement)), carried, unsettled };
}

/** Why the shift cannot close: its movements that are not settled, each named. */
function unsettledRefusal(unsettled: readonly Movement[], at: number): string {
  const list = unsettled.map((movement) => describeUnsettled(movement, at)).join('; ');
  return (
    `The shift cannot close while ${unsettled.length} of its movements ` +
    `${unsettled.length === 1 ? 'is' : 'are'} not settled: ${list}. Nothing was changed.${holdingHint(unsettled)}`
  );
}

/**
 * The shift log is damaged: which shift is open, and what was closed, can no longer be read from it. Nothing is
 * reopened, re-closed or admitted on that reading; the table still reads.
 */
function damageRefusal(damage: readonly BookDamage[]): string {
  const first = damage[0] as BookDamage;
  const more = damage.length > 1 ? ` (and ${damage.length - 1} more)` : '';
  return (
    `The shift records on this PC are damaged: ${first.detail}${more} ` +
    'No shift opens or closes and no money moves until a manager has checked the books. The table still shows.'
  );
}

/** The book over a damaged shift log: it reads, and refuses to open, close or admit (see damageRefusal). */
function refusing(book: ShiftBook, reason: string): ShiftBook {
  const refused = { ok: false, reason } as const;
  return {
    ...book,
    admit: () => refused,
    open: async () => refused,
    close: async () => refused,
  };
}

export async function openShiftBook(deps: ShiftBookDeps): Promise<ShiftBook> {
  const log: ShiftLog = await openShiftLog(deps.dir, deps.books);
  const book = shiftBookOver(log, deps);
  return log.damage.length === 0 ? book : refusing(book, damageRefusal(log.damage));
}

function shiftBookOver(log: ShiftLog, deps: ShiftBookDeps): ShiftBook {
  const shifts = new Map<string, ShiftRecord>(log.recovered.map((shift) => [shift.id, shift]));
  let closing = false;
  let admitted = 0;
  const drained: Array<() => void> = [];

  async function record(shift: ShiftRecord): Promise<void> {
    await log.append(shift);
    shifts.set(shift.id, shift);
    deps.onChange();
  }

  const clockSteps = [...log.clockSteps];
  const all = (): ShiftRecord[] => [...shifts.values()];
  const current = (): ShiftRecord | null => all().find((shift) => shift.close === null) ?? null;
  const firstId = (): string | null => all()[0]?.id ?? null;
  // A movement carried by a close is booked in the shift opened after it (carry.ts); the log replays the carry.
  const shiftOf = (movement: Movement): string | null => bookingShift(movement, movement.shiftId ?? firstId(), all());
  // A shift's movements, and the corrections booked in it (a count of a closed shift the venue then refused).
  const members = (shiftId: string): Movement[] =>
    deps.movements().filter((movement) => shiftOf(movement) === shiftId || correctionShift(movement) === shiftId);

  const whenDrained = (): Promise<void> =>
    admitted === 0 ? Promise.resolve() : new Promise((resolve) => drained.push(resolve));

  return {
    current,
    all,
    get: (id) => shifts.get(id),
    shiftOf,
    members,
    damaged: log.damaged,
    damage: log.damage,
    digestOf: (shiftId) => log.digestOf(shiftId),
    admit() {
      const open = current();
      if (open === null) return { ok: false, reason: 'No shift is open: open a shift (with its opening float) first.' };
      if (closing) return { ok: false, reason: 'The shift is being closed right now: try again in a moment.' };
      admitted += 1;
      let finished = false;
      return {
        ok: true,
        shiftId: open.id,
        done() {
          if (finished) return;
          finished = true;
          admitted -= 1;
          if (admitted === 0) for (const resolve of drained.splice(0)) resolve();
        },
      };
    },
    async open(openingFloat, operator = null) {
      const open = current();
      if (open !== null)
        return {
          ok: false,
          reason: `A shift is already open (since ${new Date(openedWall(open)).toISOString()}): close it first.`,
        };
      const first = shifts.size === 0;
      const wallAt = deps.wall();
      const shift: ShiftRecord = {
        id: newShiftId(wallAt),
        openedAt: deps.now(),
        openedWallAt: wallAt,
        openedBy: 'cashier',
        openingFloat: toCents(openingFloat),
        operator: operator?.trim() ?? null,
        close: null,
      };
      await record(shift);
      const adopted = first ? deps.movements().filter((movement) => movement.shiftId == null).length : 0;
      return { ok: true, shift, adopted };
    },
    async close(counted, details) {
      const open = current();
      if (open === null) return { ok: false, reason: 'No shift is open.' };
      if (closing) return { ok: false, reason: 'The shift is already being closed.' };
      closing = true;
      try {
        // A request admitted before the close may not be in the journal yet: let it land, then judge the shift.
        await whenDrained();
        const shiftMovements = members(open.id);
        const { booked, carried, unsettled } = partitionAtClose(shiftMovements, deps.movements());
        if (unsettled.length > 0) return { ok: false, reason: unsettledRefusal(unsettled, deps.now()) };
        const lines = details?.denominations ?? [];
        const closed: ShiftRecord = {
          ...open,
          close: closeFigures(
            open,
            deps.totals(booked, open.id),
            counted,
            { order: deps.now(), wall: deps.wall() },
            {
              denominations: lines.length === 0 ? null : countLines(lines),
              note: details?.note?.trim() || null,
              closedBy: details?.operator?.trim() ?? open.operator,
              carried: carried.map(carriedItem),
            },
          ),
        };
        await record(closed);
        return { ok: true, shift: closed };
      } finally {
        closing = false;
      }
    },
    clockSteps: () => clockSteps,
    async noteClockStep(step) {
      await log.appendClockStep(step);
      clockSteps.push(step);
    },
    dispose: () => log.close(),
  };
}
