/**
 * The live events that open and close one hand for a single seated player, as the venue's stream sends them: what
 * the tonight-hands tests feed to see a finished hand recorded (pot 4, blind 1 posted, 2 put in).
 */
import type { LiveEvent } from '../../main/core/venue/schemas-live';

export interface HandSeat {
  readonly seat_id: number;
  readonly player_id: string;
  readonly name: string;
}

/** Where an event stands: its hand, its stream sequence number and its venue time (Unix seconds). */
export interface EventAt {
  readonly handNumber: number;
  readonly seq: number;
  readonly ts: number;
}

/** start_hand with `seat` alone at the table, holding `stack` and posting 1. */
export function startHandEvent(at: EventAt, seat: HandSeat, stack: number): LiveEvent {
  return {
    kind: 'start_hand',
    seq: at.seq,
    ts: at.ts,
    payload: { hand_number: at.handNumber, seats: [{ ...seat, stack, posted: 1 }] },
  };
}

/** end_hand for `seat`, who started with `stack` and ended `net` up (the winner when `net` is above 0). */
export function endHandEvent(at: EventAt, seat: HandSeat, stack: number, net: number): LiveEvent {
  return {
    kind: 'end_hand',
    seq: at.seq,
    ts: at.ts,
    payload: {
      hand_number: at.handNumber,
      winner_seats: net > 0 ? [seat.seat_id] : [],
      total_pot: 4,
      rake: 0,
      seats: [{ ...seat, stack: stack + net, contributed: 2, won: 2 + net, net }],
    },
  };
}
