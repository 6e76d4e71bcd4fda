/**
 * Helpers for integration tests of the live keeper against the demo venue: start a keeper with test-sized
 * timings, record what it emitted, wait for conditions, and project both the model and the venue's truth onto
 * the facts that must agree (stacks, board, pot, seats).
 */
import { LiveKeeper, type KeeperUpdate, type LiveKeeperOptions, type TableState } from '../../main/core/venue/index';
import type { DemoTableTruth } from '../../main/demo/index';

export interface RecordedKeeper {
  readonly keeper: LiveKeeper;
  readonly updates: KeeperUpdate[];
  /** `${runEpoch}:${seq}` of every event the keeper emitted (applied or catch-up), in order. */
  readonly seenSeqs: string[];
}

/** A keeper with fast reconnects (first retry immediate) and a short heartbeat, recording every update. */
export function recordedKeeper(wsUrl: string, key: string, extra: Partial<LiveKeeperOptions> = {}): RecordedKeeper {
  const keeper = new LiveKeeper({
    wsUrl,
    key,
    random: () => 0.05,
    backoff: { baseMs: 100, capMs: 400, stableMs: 60_000 },
    heartbeat: { pingIntervalMs: 100, pongTimeoutMs: 300 },
    ...extra,
  });
  const updates: KeeperUpdate[] = [];
  const seenSeqs: string[] = [];
  keeper.subscribe(({ update }) => {
    updates.push(update);
    if (update.type === 'event') seenSeqs.push(`${keeper.cursor.runEpoch}:${update.event.seq}`);
  });
  return { keeper, updates, seenSeqs };
}

/** Polls `condition` every 10 ms until it holds; rejects with `what` after `timeoutMs`. */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The facts a client model and the engine must agree on: stacks, board, pot, bet and seats. The button is left
 * out: an engine may move it between hands without an event, and the next start_hand states it.
 */
export function truthView(truth: DemoTableTruth): unknown {
  return {
    hand_number: truth.hand_number,
    between_hands: truth.between_hands,
    board: truth.board,
    pot: truth.pot,
    current_bet: truth.current_bet,
    seats: truth.seats.map((seat) => ({ ...seat })),
  };
}

export function modelView(table: TableState): unknown {
  return {
    hand_number: table.handNumber,
    between_hands: table.betweenHands,
    board: table.board,
    pot: table.pot,
    current_bet: table.currentBet,
    seats: table.seats.map((seat) => ({ ...seat })),
  };
}

/** Waits until the model equals the truth (the venue must be paused), then returns both views. */
export async function settledViews(
  keeper: LiveKeeper,
  truth: () => DemoTableTruth,
  timeoutMs = 10_000,
): Promise<[unknown, unknown]> {
  const same = (): boolean => JSON.stringify(modelView(keeper.table)) === JSON.stringify(truthView(truth()));
  await waitFor(same, 'the model to match the venue', timeoutMs).catch(() => undefined);
  return [modelView(keeper.table), truthView(truth())];
}

/** Fails when any `${run}:${seq}` repeats. */
export function duplicates(seqs: readonly string[]): string[] {
  const seen = new Set<string>();
  return seqs.filter((seq) => (seen.has(seq) ? true : (seen.add(seq), false)));
}
