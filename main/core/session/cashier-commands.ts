/** The cashier channels: movement requests and choices, the ledger CSV and slips. */
import type { MovementAccepted, ParsedMovementRequest } from '../../../preload/contract';
import { ledgerCsv, movementSlip } from '../cashier';
import type { CommandResult } from '../cashier/cashier';
import { CommandRefusal } from './command-error';
import type { SessionContext } from './context';
import type { CommandHandlers } from './dispatch';

type CashierHandlers = Pick<
  CommandHandlers,
  'cashier:request' | 'cashier:send-now' | 'cashier:cancel' | 'cashier:resolve-in-doubt' | 'cashier:export-csv' | 'cashier:slip'
>;

function refusedUnlessOk(result: CommandResult): void {
  if (!result.ok) throw new CommandRefusal('blocked', result.reason);
}

/** The amount the confirmation rule looks at: the asked amount, or the stack for a whole-stack cash-out. */
function amountAtStake(request: ParsedMovementRequest, context: SessionContext): number | null {
  if (request.amount !== undefined) return request.amount;
  const seat = context.requireLink().table().seats.find((candidate) => candidate.seat_id === request.seatId);
  return seat?.stack ?? null;
}

async function requestMovement(context: SessionContext, request: ParsedMovementRequest): Promise<MovementAccepted> {
  const link = context.requireLink();
  const threshold = context.settings().largeAmountThreshold;
  const stake = amountAtStake(request, context);
  if (!request.confirmed && stake !== null && stake > threshold) {
    throw new CommandRefusal('confirmation_required', `${stake} is over the confirmation threshold of ${threshold}: confirm it first.`);
  }
  const result = await link.cashier.request({
    action: request.kind === 'buy_in' ? 'buy-in' : 'cash-out',
    playerName: request.playerName,
    playerId: request.playerId,
    seatId: request.seatId,
    ...(request.amount !== undefined ? { amount: request.amount } : {}),
    ...(request.kind === 'cash_out' ? { closeSession: request.closeSession } : {}),
    confirmed: request.confirmed,
  });
  switch (result.kind) {
    case 'accepted':
      return { id: result.movement.key };
    case 'needs-confirmation':
      throw new CommandRefusal('confirmation_required', result.message);
    case 'invalid':
      throw new CommandRefusal('bad_arguments', result.errors.join(' '));
    case 'blocked':
      throw new CommandRefusal('blocked', result.reason);
  }
}

function isoDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

export function cashierCommands(context: SessionContext): CashierHandlers {
  const movement = (id: string) => {
    const found = context.requireLink().cashier.snapshot().movements.find((candidate) => candidate.key === id);
    if (found === undefined) throw new CommandRefusal('not_found', 'No such movement.');
    return found;
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
    'cashier:export-csv': async () => ({
      filename: `shift-ledger-${isoDay(context.now())}.csv`,
      csv: ledgerCsv(context.requireLink().cashier.snapshot().movements),
    }),
    'cashier:slip': async (id) => {
      const link = context.requireLink();
      const slip = movementSlip(movement(id), link.facts().name ?? link.facts().venueId ?? 'Venue');
      if (!slip.ok) throw new CommandRefusal('no_slip', slip.error);
      const [title = 'Slip', ...lines] = slip.text.split('\n').filter((line) => line.trim() !== '');
      return { id, title, lines };
    },
  };
}
