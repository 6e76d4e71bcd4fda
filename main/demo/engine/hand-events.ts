/** The payloads of start_hand, payout_applied and end_hand, in chips, exactly as the spec's Events table lists them. */
import type { DemoStakes } from '../played-hand';
import { toChips } from './cents';
import { isOccupied } from './seating';
import type { EngineSeat, HandInProgress, HandPlayer } from './types';

export interface TableLabels {
  readonly tableName: string;
  readonly stakes: DemoStakes;
}

/** start_hand: each seat's stack is what it started with (blinds added back); posted is what the blinds took. */
export function startHandPayload(
  hand: HandInProgress,
  seats: readonly EngineSeat[],
  labels: TableLabels,
): Record<string, unknown> {
  const { stakes } = labels;
  return {
    hand_number: hand.handNumber,
    button_seat: hand.buttonSeat,
    blinds: {
      small_blind: stakes.small_blind,
      big_blind: stakes.big_blind,
      ante: stakes.ante,
      straddle: stakes.straddle,
    },
    game_mode: 'cash',
    table_name: labels.tableName,
    betting_structure: 'no_limit',
    tournament: null,
    seats: seats.filter(isOccupied).map((seat) => {
      const player = hand.players.find((candidate) => candidate.seatId === seat.seatId);
      return {
        seat_id: seat.seatId,
        player_id: seat.playerId,
        name: seat.name,
        stack: toChips(player?.stackStart ?? seat.stack ?? 0),
        posted: toChips(player?.posted ?? 0),
        position: player?.position ?? null,
        in_hand: player !== undefined,
      };
    }),
  };
}

/** payout_applied for one winning seat; beforeCents is the stack just before this credit. */
export function payoutPayload(
  hand: HandInProgress,
  player: HandPlayer,
  wonCents: number,
  beforeCents: number,
): Record<string, unknown> {
  return {
    hand_number: hand.handNumber,
    winner_seat: player.seatId,
    amount: toChips(wonCents),
    seat_id: player.seatId,
    player_id: player.playerId,
    name: player.name,
    delta: toChips(wonCents),
    stack_before: toChips(beforeCents),
    stack_after: toChips(beforeCents + wonCents),
  };
}

/** end_hand: per-seat contributed, won and net (won - contributed); the nets sum to minus the rake. */
export function endHandPayload(
  hand: HandInProgress,
  won: ReadonlyMap<number, number>,
  totalCents: number,
  rakeCents: number,
  stackOf: (seatId: number) => number,
): Record<string, unknown> {
  const winnerSeats = [...won.entries()]
    .filter(([, cents]) => cents > 0)
    .map(([seatId]) => seatId)
    .sort((a, b) => a - b);
  return {
    hand_number: hand.handNumber,
    winner_seats: winnerSeats,
    total_pot: toChips(totalCents),
    street: hand.street,
    board: [...hand.board],
    boards: [[...hand.board]],
    rake: toChips(rakeCents),
    seats: hand.players.map((player) => {
      const cents = won.get(player.seatId) ?? 0;
      return {
        seat_id: player.seatId,
        player_id: player.playerId,
        name: player.name,
        stack: toChips(stackOf(player.seatId)),
        in_hand: !player.folded,
        position: player.position,
        contributed: toChips(player.contributed),
        won: toChips(cents),
        net: toChips(cents - player.contributed),
      };
    }),
  };
}
