/**
 * The cashier's movements in memory, kept behind the journal: a state reaches memory (and so the snapshot and every
 * decision) only after the journal accepted it, so a failed write changes nothing. Changes to one movement run one
 * at a time, in order (`exclusive`), so each one reduces from the latest journaled state and none is lost.
 */
import type { Journal } from './journal';
import type { Movement } from './types';
import { stampWall } from './wall-stamps';

export interface WriteOptions {
  /** Wait for fdatasync (true) or only for the write (false: an attempt's outcome; see journal.ts). */
  readonly durable: boolean;
  /** Called after the write, before the fdatasync (a crash-test phase). */
  readonly onWritten?: (() => void) | undefined;
}

export interface MovementStore {
  get(key: string): Movement | undefined;
  values(): Movement[];
  readonly size: number;
  /** Runs `task` with no other exclusive task of this key interleaving; tasks of a key run in call order. */
  exclusive<T>(key: string, task: () => Promise<T>): Promise<T>;
  /**
   * Journals a movement's state with its wall times (stamped here, the one place every state passes), then keeps it
   * and returns it as kept. Call inside `exclusive` for that key.
   */
  put(movement: Movement, options: WriteOptions): Promise<Movement>;
  /** Forgets movements (after they were compacted out of the journal). */
  forget(keys: Iterable<string>): void;
  /** True while a state is being journaled. */
  isBusy(): boolean;
}

export function createMovementStore(
  journal: Journal,
  initial: Iterable<Movement>,
  onChange: (movement: Movement) => void,
  wall: () => number,
): MovementStore {
  const movements = new Map<string, Movement>();
  for (const movement of initial) movements.set(movement.key, movement);
  const queues = new Map<string, Promise<unknown>>();
  let writes = 0;

  return {
    get: (key) => movements.get(key),
    values: () => [...movements.values()],
    get size() {
      return movements.size;
    },
    exclusive(key, task) {
      const previous = queues.get(key) ?? Promise.resolve();
      const run = previous.then(task, task);
      const settled = run.then(
        () => undefined,
        () => undefined,
      );
      queues.set(key, settled);
      void settled.then(() => {
        if (queues.get(key) === settled) queues.delete(key);
      });
      return run;
    },
    async put(state, options) {
      const movement = stampWall(movements.get(state.key), state, wall());
      writes += 1;
      try {
        await journal.append(movement, { durable: options.durable, onWritten: options.onWritten });
      } finally {
        writes -= 1;
      }
      movements.set(movement.key, movement);
      onChange(movement);
      return movement;
    },
    forget(keys) {
      for (const key of keys) movements.delete(key);
    },
    isBusy: () => writes > 0,
  };
}

/**
 * Runs `run` in the same synchronous step that found no state on its way to the journal (each turn of the event loop
 * lets a pending fdatasync finish). A rewrite of the journal from memory takes its list and queues itself inside
 * `run`: a write queued before the rewrite would land in the old file while memory does not show it yet. (Checking
 * first and running after an await would let another write start in between.)
 */
export async function whenIdle<T>(store: MovementStore, run: () => T): Promise<T> {
  while (store.isBusy()) await new Promise((resolve) => setImmediate(resolve));
  return run();
}
