/**
 * Whether the table view still predates an application the host answered for a player. A stack read from such a
 * view already misses that application, so if it were taken as the stack a new movement left with, the earlier
 * movement's stack change would later look like the new one applying: one application counted twice (or a movement
 * the host never applied read as applied).
 *
 * The host's answer and the live stream's transaction_applied travel separately, and the live table changes its
 * stacks only on that event (or a new connection's state frame): until the event arrives, every view the stream
 * pushes (another seat's action, a status change) still shows the old stack, however new its data. So a pushed view
 * ends the staleness only once the application's own event has been seen; a GET /live/state asked after the answer
 * ends it by itself.
 */
import { samePlayer } from './evidence';
import type { Movement } from './types';

export interface StackFreshness {
  /** A movement of this player settled applied before its event was seen: the current view's stack is stale. */
  applied(movement: Movement): void;
  /** The transaction_applied of a movement `applied` was waiting for arrived: views pushed from now on show it. */
  eventSeen(movement: Movement): void;
  /** The generation to hand to `viewTaken` for a read asked from now on. */
  generation(): number;
  /** A read asked at `generation` arrived: it shows every application settled before it was asked. */
  viewTaken(generation: number): void;
  /** The stream pushed a view: it shows the applications whose event had been seen when it was pushed. */
  viewPushed(): void;
  /** Whether the current view's stack for this movement's player predates one of their applications. */
  isStale(player: Pick<Movement, 'playerId' | 'playerName'>): boolean;
}

interface StaleEntry {
  readonly movement: Movement;
  readonly generation: number;
  /** Its event has arrived: the next pushed view shows the application. */
  readonly eventSeen: boolean;
}

export function createStackFreshness(): StackFreshness {
  let counter = 0;
  let stale: readonly StaleEntry[] = [];
  return {
    applied(movement) {
      counter += 1;
      stale = [...stale, { movement, generation: counter, eventSeen: false }];
    },
    eventSeen(movement) {
      stale = stale.map((entry) => (entry.movement.key === movement.key ? { ...entry, eventSeen: true } : entry));
    },
    generation: () => counter,
    viewTaken(generation) {
      stale = stale.filter((entry) => entry.generation > generation);
    },
    viewPushed() {
      stale = stale.filter((entry) => !entry.eventSeen);
    },
    isStale: (player) => stale.some((entry) => samePlayer(entry.movement, player.playerId, player.playerName)),
  };
}
