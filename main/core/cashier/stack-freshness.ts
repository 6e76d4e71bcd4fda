/**
 * Whether the table view still predates an application the host answered for a player. A stack read from such a
 * view already misses that application, so if it were taken as the stack a new movement left with, the earlier
 * movement's stack change would later look like the new one applying: one application counted twice.
 */
import { samePlayer } from './evidence';
import type { Movement } from './types';

export interface StackFreshness {
  /** A movement of this player just settled applied: the current view's stack for them is stale. */
  applied(movement: Movement): void;
  /** The generation to hand to `viewTaken` for a view read from now on. */
  generation(): number;
  /** A view read at `generation` arrived: it shows every application settled before that read. */
  viewTaken(generation: number): void;
  /** Whether the current view's stack for this movement's player predates one of their applications. */
  isStale(movement: Movement): boolean;
}

export function createStackFreshness(): StackFreshness {
  let counter = 0;
  let stale: { readonly movement: Movement; readonly generation: number }[] = [];
  return {
    applied(movement) {
      counter += 1;
      stale = [...stale, { movement, generation: counter }];
    },
    generation: () => counter,
    viewTaken(generation) {
      stale = stale.filter((entry) => entry.generation > generation);
    },
    isStale: (movement) => stale.some((entry) => samePlayer(entry.movement, movement.playerId, movement.playerName)),
  };
}
