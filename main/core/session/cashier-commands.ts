/** The paper's last line: when it was produced and by which software (a reprint is not the original). */
const printedLine = (at: number): string => `Printed        ${localDateTime(at)} by Venue Cashier ${APP_VERSION}`;

/** The cashier channels: movement requests and choices, the ledger CSV and slips, opening and closing shifts. */
import type { MovementAccepted, ParsedMovementRequest, PrintableShiftSummary } from '../../../preload/contract';
import { cashUnit } from '../../../preload/contract/cash-text';
import { localDate, localDateTime } from '../../../preload/contract/local-time';
import { ledgerCsv, shiftSummaryText } from '../cashier';
import type { ShiftRecord, ShiftResult } from '../cashier';
import { CommandRefusal } from './command-error';
import type { MoneyDesk, SessionContext } from './context';
import type { CommandHandlers } from './dispatch';
import { reconciliationSummary } from './reconciliation-summary';
import { exceptionLines, shiftSummary, summaryMovements } from './shift-view';
import { roomModeOf } from './venue-link';
import { decisionCommands } from './decision-commands';
import { wallOf } from '../venue/clock';
import { APP_VERSION } from './app-version';
import { booksLines, booksView, shortDigest } from './books-view';
import { shiftCsvExport } from './shift-export';
import { slipCommands } from './slip-commands';

type CashierHandlers = Pick<
  CommandHandlers,
  | 'cashier:request'
  | 'cashier:send-now'
  | 'cashier:cancel'
  | 'cashier:resolve-in-doubt'
  | 'cashier:export-csv'
  | 'cashier:slip'
  | 'cashier:reprint-slip'
  | 'cashier:shift-ledger'
  | 'cashier:player-movements'
  | 'cashier:open-shift'
  | 'cashier:close-shift'
  | 'cashier:shift-summary'
  | 'cashier:export-shift-csv'
>;

/**
 * Why this request needs the operator's confirmation first, or null: an amount over the threshold. A whole-stack
 * cash-out is judged by the seat's stack on the link's table; when that stack is unknown it asks too.
 */
function confirmationNeeded(request: ParsedMovementRequest, desk: MoneyDesk): string | null {
  const { threshold } = desk;
  if (request.amount !== undefined)
    return request.amount > threshold
      ? `${request.amount} is over the confirmation threshold of ${threshold}: confirm it first.`
      : null;
  const seat = desk.link.connection.live.table.seats.find((candidate) => candidate.seat_id === request.seatId);
  const stack = seat?.stack ?? null;
  if (stack === null)
    return `The whole stack of seat ${request.seatId} is not known right now: confirm the cash-out first.`;
  return stack > threshold
    ? `The whole stack (${stack}) is over the confirmation threshold of ${threshold}: confirm it first.`
    : null;
}

async function requestMovement(
  desk: MoneyDesk,
  approve: SessionContext['approve'],
  request: ParsedMovementRequest,
): Promise<MovementAccepted> {
  const large = confirmationNeeded(request, desk);
  if (large !== null && !request.confirmed) throw new CommandRefusal('confirmation_required', large);
  // Dual control: a large cash-out needs a second operator too (after the confirmation, before anything is journaled).
  if (large !== null && request.kind === 'cash_out')
    await approve(request.approval, `A large cash-out for ${request.playerName}`);
  const result = await desk.link.cashier.request(request);
  switch (result.kind) {
    case 'accepted':
      return { id: result.movement.key };
    case 'blocked':
      throw new CommandRefusal(result.code ?? 'blocked', result.reason);
    case 'duplicate':
      throw new CommandRefusal('second_confirmation_required', result.reason);
  }
}

function shiftOrRefusal(result: ShiftResult): ShiftRecord {
  if (!result.ok) throw new CommandRefusal('blocked', result.reason);
  return result.shift;
}

export function cashierCommands(context: SessionContext): CashierHandlers {
  const venueName = (): string => {
    const facts = context.requireLink().facts();
    return facts.name ?? facts.venueId ?? 'Venue';
  };
  // The venue's `hidden` money mode, and an unknown mode (fails closed): CSV exports leave the amount columns out and
  // slips print no amount (the printed shift summary keeps them: it is the drawer's count, handed to whoever checks
  // the cash, not a screen).
  const hideAmounts = (): boolean => roomModeOf(context.requireLink().facts()) === 'hidden';
  const unit = () => cashUnit(context.requireLink().facts().moneyMode);
  const printable = async (shift: ShiftRecord): Promise<PrintableShiftSummary> => {
    const name = venueName();
    const link = context.requireLink();
    const movements = await link.cashier.shiftMovements(shift.id);
    const shifts = link.cashier.snapshot().shifts.all;
    const integrity = await link.cashier.shiftIntegrity(shift.id);
    const books = booksView([...integrity.damage, ...link.ledgerDamage()]);
    const digest = shortDigest(shift.close === null ? null : integrity.digest);
    // For people: the PC's wall time now (the summary's own times are wall times too).
    const generatedAt = wallOf(context.now());
    const text = shiftSummaryText(shift, name, unit(), exceptionLines(shift, movements, shifts));
    const summary = {
      ...shiftSummary(shift),
      venueName: name,
      digest,
      books,
      generatedAt,
      appVersion: APP_VERSION,
      text: `${text}${[...booksLines(books, digest, localDateTime), printedLine(generatedAt), ''].join('\n')}`,
      movements: summaryMovements(shift, movements, shifts),
    };
    return reconciliationSummary(context, summary, shift);
  };
  const shiftRecord = (id: string): ShiftRecord | undefined =>
    context
      .requireLink()
      .cashier.snapshot()
      .shifts.all.find((candidate) => candidate.id === id);
  const csvOptions = () => ({ hideAmounts: hideAmounts(), unit: unit(), shift: shiftRecord });
  return {
    'cashier:request': (request) =>
      // The link and the threshold are read from the session once, here, and handed down.
      requestMovement(context.moneyDesk(), (approval, what) => context.approve(approval, what), request),
    ...decisionCommands(context),
    'cashier:export-csv': async () => {
      // The open shift's movements (with no shift open: nothing to export but the header).
      const snapshot = context.requireLink().cashier.snapshot();
      const current = snapshot.shifts.current?.id ?? null;
      return {
        filename: `shift-ledger-${localDate(context.now())}.csv`,
        csv: ledgerCsv(
          snapshot.movements.filter((candidate) => current !== null && candidate.shiftId === current),
          csvOptions(),
        ),
      };
    },
    'cashier:open-shift': async (openingFloat, details) => {
      await context.checkOperatorPin(details.operator, details.pin);
      const result = await context.requireLink().cashier.openShift(openingFloat, details.operator);
      return { ...shiftSummary(shiftOrRefusal(result)), adopted: result.ok ? (result.adopted ?? 0) : 0 };
    },
    'cashier:close-shift': async (counted, details) => {
      // Who closes proves it where the venue asks for PINs ("closed by" is then not just any name).
      if (context.settings().operatorPin) await context.checkOperatorPin(details?.operator ?? '', details?.pin);
      return printable(shiftOrRefusal(await context.requireLink().cashier.closeShift(counted, details)));
    },
    'cashier:shift-summary': async (id) => {
      const shift = shiftRecord(id);
      if (shift === undefined) throw new CommandRefusal('not_found', 'No such shift.');
      return printable(shift);
    },
    'cashier:export-shift-csv': (which) => shiftCsvExport(context, which, csvOptions()),
    ...slipCommands(context),
  };
}
