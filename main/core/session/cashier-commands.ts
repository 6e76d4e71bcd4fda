/** The cashier channels: movement requests and choices, the ledger CSV and slips, opening and closing shifts. */
import type { MovementAccepted, ParsedMovementRequest, PrintableShiftSummary } from '../../../preload/contract';
import { ledgerCsv, movementSlip, shiftSummaryText } from '../cashier';
import type { CommandResult, ShiftRecord, ShiftResult } from '../cashier';
import { CommandRefusal } from './command-error';
import type { SessionContext } from './context';
import type { CommandHandlers } from './dispatch';
import { shiftSummary } from './shift-view';

type CashierHandlers = Pick<
  CommandHandlers,
  | 'cashier:request'
  | 'cashier:send-now'
  | 'cashier:cancel'
  | 'cashier:resolve-in-doubt'
  | 'cashier:export-csv'
  | 'cashier:slip'
  | 'cashier:open-shift'
  | 'cashier:close-shift'
  | 'cashier:shift-summary'
  | 'cashier:export-shift-csv'
>;

function refusedUnlessOk(result: CommandResult): void {
  if (!result.ok) throw new CommandRefusal('blocked', result.reason);
}

/**
 * Why this request needs the operator's confirmation first, or null: an amount over the threshold in the settings
 * as they are now. A whole-stack cash-out is judged by the seat's stack; when that stack is unknown it asks too.
 */
function confirmationNeeded(request: ParsedMovementRequest, context: SessionContext): string | null {
  if (request.confirmed) return null;
  const threshold = context.settings().largeAmountThreshold;
  if (request.amount !== undefined)
    return request.amount > threshold
      ? `${request.amount} is over the confirmation threshold of ${threshold}: confirm it first.`
      : null;
  const seat = context
    .requireLink()
    .table()
    .seats.find((candidate) => candidate.seat_id === request.seatId);
  const stack = seat?.stack ?? null;
  if (stack === null)
    return `The whole stack of seat ${request.seatId} is not known right now: confirm the cash-out first.`;
  return stack > threshold
    ? `The whole stack (${stack}) is over the confirmation threshold of ${threshold}: confirm it first.`
    : null;
}

async function requestMovement(context: SessionContext, request: ParsedMovementRequest): Promise<MovementAccepted> {
  const link = context.requireLink();
  const confirm = confirmationNeeded(request, context);
  if (confirm !== null) throw new CommandRefusal('confirmation_required', confirm);
  const result = await link.cashier.request(request);
  switch (result.kind) {
    case 'accepted':
      return { id: result.movement.key };
    case 'invalid':
      throw new CommandRefusal('bad_arguments', result.errors.join(' '));
    case 'blocked':
      throw new CommandRefusal('blocked', result.reason);
    case 'duplicate':
      throw new CommandRefusal('second_confirmation_required', result.reason);
  }
}

function shiftOrRefusal(result: ShiftResult): ShiftRecord {
  if (!result.ok) throw new CommandRefusal('blocked', result.reason);
  return result.shift;
}

function isoDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

export function cashierCommands(context: SessionContext): CashierHandlers {
  const movement = (id: string) => {
    const found = context
      .requireLink()
      .cashier.snapshot()
      .movements.find((candidate) => candidate.key === id);
    if (found === undefined) throw new CommandRefusal('not_found', 'No such movement.');
    return found;
  };
  const venueName = (): string => {
    const facts = context.requireLink().facts();
    return facts.name ?? facts.venueId ?? 'Venue';
  };
  // The venue's `hidden` money mode: CSV exports leave the amount columns out (the printed shift summary keeps them:
  // it is the drawer's count, handed to whoever checks the cash, not a screen).
  const hideAmounts = (): boolean => context.requireLink().facts().moneyMode === 'hidden';
  const printable = (shift: ShiftRecord): PrintableShiftSummary => {
    const name = venueName();
    return { ...shiftSummary(shift), venueName: name, text: shiftSummaryText(shift, name) };
  };
  return {
    'cashier:request': (request) => requestMovement(context, request),
    'cashier:send-now': async (id) => {
      refusedUnlessOk(await context.requireLink().cashier.sendNow(id));
      return null;
    },
    'cashier:cancel': async (id) => {
      refusedUnlessOk(await context.requireLink().cashier.cancel(id));
      return null;
    },
    'cashier:resolve-in-doubt': async (id, choice) => {
      const result = await context.requireLink().cashier.resolveInDoubt(id, choice);
      refusedUnlessOk(result);
      return choice === 'send-again' && result.ok ? { id: result.movement.key } : null;
    },
    'cashier:export-csv': async () => {
      // The open shift's movements (with no shift open: nothing to export but the header).
      const snapshot = context.requireLink().cashier.snapshot();
      const current = snapshot.shifts.current?.id ?? null;
      return {
        filename: `shift-ledger-${isoDay(context.now())}.csv`,
        csv: ledgerCsv(
          snapshot.movements.filter((candidate) => current !== null && candidate.shiftId === current),
          { hideAmounts: hideAmounts() },
        ),
      };
    },
    'cashier:open-shift': async (openingFloat) =>
      shiftSummary(shiftOrRefusal(await context.requireLink().cashier.openShift(openingFloat))),
    'cashier:close-shift': async (counted) =>
      printable(shiftOrRefusal(await context.requireLink().cashier.closeShift(counted))),
    'cashier:shift-summary': async (id) => {
      const shift = context
        .requireLink()
        .cashier.snapshot()
        .shifts.all.find((candidate) => candidate.id === id);
      if (shift === undefined) throw new CommandRefusal('not_found', 'No such shift.');
      return printable(shift);
    },
    'cashier:export-shift-csv': async (which) => {
      const cashier = context.requireLink().cashier;
      if (which !== 'all' && !cashier.snapshot().shifts.all.some((shift) => shift.id === which))
        throw new CommandRefusal('not_found', 'No such shift.');
      return {
        filename: which === 'all' ? `shifts-all-${isoDay(context.now())}.csv` : `${which}.csv`,
        csv: ledgerCsv(await cashier.shiftMovements(which), { hideAmounts: hideAmounts() }),
      };
    },
    'cashier:slip': async (id) => {
      const slip = movementSlip(movement(id), venueName());
      if (!slip.ok) throw new CommandRefusal('no_slip', slip.error);
      const [title = 'Slip', ...lines] = slip.text.split('\n').filter((line) => line.trim() !== '');
      return { id, title, lines };
    },
  };
}
