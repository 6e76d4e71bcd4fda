/**
 * What a synthetic hand is derived from: shared by the simulator (hand-sim.ts) and its projection (log-projection.ts).
 */
import type { DemoStakes } from '../played-hand';
import type { DemoPlayer } from '../roster';

export interface SyntheticSeat {
  readonly seat_id: number;
  readonly player: DemoPlayer;
}

/** Everything a synthetic hand is derived from. */
export interface SyntheticHandSpec {
  readonly hand_id: string;
  readonly hand_number: number;
  readonly session_uid: string;
  /** Unix seconds. */
  readonly started_at: number;
  readonly stakes: DemoStakes;
  /** 2 to 10 seats, ascending seat_id. */
  readonly seats: readonly SyntheticSeat[];
  readonly button_seat: number;
  readonly seed: number;
}
