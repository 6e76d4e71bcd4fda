/**
 * Slips and a shift's ledger rows: the slip of a movement in the tray, a reprint from any ledger row of any shift
 * (the open one's, or a closed one's read from its archive), marked REPRINT with when, and a shift's applied
 * movements as ledger rows (each with the venue's own time where its record shows the movement); a player's
 * movements for their profile.
 */
import type { LedgerEntry, MovementSlip } from '../../../preload/contract';
import { movementSlip, type Movement, type ShiftRecord } from '../cashier';
import { wallOf } from '../venue/clock';
import { ledgerEntry } from './cashier-view';
import { CommandRefusal } from './command-error';
import type { SessionContext } from './context';
import type { CommandHandlers } from './dispatch';
import { venueTimesOf } from './ledger-link';
import { playerMovements } from './player-movements';
import { roomModeOf } from './venue-link';

type SlipHandlers = Pick<
  CommandHandlers,
  'cashier:slip' | 'cashier:reprint-slip' | 'cashier:shift-ledger' | 'cashier:player-movements'
>;

export function slipCommands(context: SessionContext): SlipHandlers {
  const shifts = (): readonly ShiftRecord[] => context.requireLink().cashier.snapshot().shifts.all;
  const shiftRecord = (id: string): ShiftRecord => {
    const found = shifts().find((shift) => shift.id === id);
    if (found === undefined) throw new CommandRefusal('not_found', 'No such shift.');
    return found;
  };
  /** The slip as the original was worded: its shift's operator, the room's mode now (hidden fails closed). */
  const slipOf = (movement: Movement, shift: ShiftRecord | undefined, reprintedAt: number | null): MovementSlip => {
    const link = context.requireLink();
    const facts = link.facts();
    const slip = movementSlip(movement, {
      venueName: facts.name ?? facts.venueId ?? 'Venue',
      tableName: link.connection.live.table.tableName,
      mode: roomModeOf(facts),
      operator: shift?.operator ?? null,
      reprintedAt,
    });
    if (!slip.ok) throw new CommandRefusal('no_slip', slip.error);
    return { id: movement.key, ...slip.slip };
  };
  /** The shift's movements: a closed shift's from its archive, plus any still journaled. */
  const movementsOf = (shift: ShiftRecord): Promise<readonly Movement[]> =>
    context.requireLink().cashier.shiftMovements(shift.id);
  return {
    'cashier:slip': async (id) => {
      const found = context
        .requireLink()
        .cashier.snapshot()
        .movements.find((candidate) => candidate.key === id);
      if (found === undefined) throw new CommandRefusal('not_found', 'No such movement.');
      const ofShift = found.shiftId ?? shifts()[0]?.id;
      return slipOf(
        found,
        shifts().find((shift) => shift.id === ofShift),
        null,
      );
    },
    'cashier:reprint-slip': async (shiftId, id) => {
      const shift = shiftRecord(shiftId);
      const found = (await movementsOf(shift)).find((candidate) => candidate.key === id);
      if (found === undefined) throw new CommandRefusal('not_found', 'No such movement in that shift.');
      // For people: the PC's wall time now.
      return slipOf(found, shift, wallOf(context.now()));
    },
    'cashier:shift-ledger': async (shiftId) => {
      const shift = shiftRecord(shiftId);
      const movements = await movementsOf(shift);
      const times = venueTimesOf(context.requireLink().shiftReconciliation(shift, movements, context.now()).result);
      const entries: LedgerEntry[] = movements
        .filter((movement) => movement.state === 'applied' && movement.shiftId === shift.id)
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((movement) => {
          const entry = ledgerEntry(movement);
          return { ...entry, venueAt: entry.venueAt ?? times.get(entry.id) ?? null };
        });
      return entries;
    },
    'cashier:player-movements': async (playerId, name) => {
      const link = context.requireLink();
      const hidden = roomModeOf(link.facts()) === 'hidden';
      return playerMovements(await link.cashier.shiftMovements('all'), { playerId, name }, hidden);
    },
  };
}
