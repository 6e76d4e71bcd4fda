/**
 * The table model projected back into the spec's LiveState shape, for persistence: an app that restarts offline
 * shows the newest picture it had (as of the last applied seq), not the possibly much older frame it got on connect.
 */
import type { LiveState } from './schemas-live';
import type { TableState } from './table-types';

/** The table as a LiveState (whitelist fields only). */
export function tableToLiveState(table: TableState): LiveState {
  return {
    hand_number: table.handNumber,
    table_name: table.tableName,
    street: table.street,
    board: [...table.board],
    button: table.button,
    action_on: table.actionOn,
    pot: table.pot,
    current_bet: table.currentBet,
    game_mode: table.gameMode,
    betting_structure: table.bettingStructure,
    blinds: table.blinds,
    num_seats: table.numSeats,
    seats: table.seats.map((seat) => ({ ...seat })),
  };
}
