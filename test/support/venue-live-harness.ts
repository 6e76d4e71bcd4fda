/**
 * Helpers for integration tests of the live keeper against the demo venue: start a keeper with test-sized
 * timings, record what it emitted, wait for conditions, and project both the model and the venue's truth onto
 * the facts that must agree (stacks, board, pot, seats).
 */
import {
  DEFAULT_BACKOFF,
  LiveKeeper,
  type KeeperCoverage,
  type KeeperStatus,
  type KeeperUpdate,
  type LiveKeeperOptions,
  type LiveView,
  type TableState,
} from '../../main/core/venue/index';
import type { DemoTableTruth } from '../../main/demo/index';
import { ManualTimers, seededRandom } from './venue-manual-timers';

/**
 * The keeper's latest publication, held the way a subscriber holds it: a test reads what the keeper published, never
 * the keeper itself. `runEpoch` is the engine run the stream last announced (a reset or a gap; 0 before any).
 */
export interface HeldView {
  readonly table: TableState;
  readonly status: KeeperStatus;
  readonly coverage: KeeperCoverage;
  readonly cursor: { readonly seq: number | null; readonly runEpoch: number };
}

/** Subscribes to `keeper` and holds its latest publication; reading it before the first one fails the test. */
export function holdLatest(keeper: LiveKeeper): HeldView {
  let latest: LiveView | null = null;
  let runEpoch = 0;
  keeper.subscribe((view) => {
    latest = view;
    if (view.update.type === 'reset') runEpoch = view.update.runEpoch;
    if (view.update.type === 'gap') runEpoch = view.update.gap.runEpoch;
  });
  const held = (): LiveView => {
    if (latest === null) throw new Error('the keeper has published nothing yet');
    return latest;
  };
  const coverage = (): KeeperCoverage => {
    const value = held().coverage;
    if (value === null) throw new Error('the keeper published no coverage');
    return value;
  };
  return {
    get table() {
      return held().table;
    },
    get status() {
      return held().status;
    },
    get coverage() {
      return coverage();
    },
    get cursor() {
      return { seq: coverage().seq, runEpoch };
    },
  };
}

export interface RecordedKeeper {
  readonly keeper: LiveKeeper;
  /** Its latest publication. */
  readonly live: HeldView;
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
  const live = holdLatest(keeper);
  const updates: KeeperUpdate[] = [];
  const seenSeqs: string[] = [];
  keeper.subscribe(({ update }) => {
    updates.push(update);
    if (update.type === 'event') seenSeqs.push(`${live.cursor.runEpoch}:${update.event.seq}`);
  });
  return { keeper, live, updates, seenSeqs };
}

/** A reconnect wait the keeper announced (its `reconnecting` status). */
export type ReconnectWait = Extract<KeeperStatus, { phase: 'reconnecting' }>;

export interface ManualClockKeeper {
  readonly keeper: LiveKeeper;
  /** Its latest publication. */
  readonly live: HeldView;
  /** Its clock and timer queue: a reconnect wait passes only when the test fires it. */
  readonly timers: ManualTimers;
  /** Every reconnect wait it announced, in order. */
  readonly waits: ReconnectWait[];
}

/**
 * Starts the real keeper on a manual clock, with the spec's backoff and a jitter seeded by `seed`, and records every
 * reconnect wait it announces. Its stop joins `cleanups` before it starts, so a failed start is still cleaned up.
 */
export async function startManualClockKeeper(
  target: { readonly wsUrl: string; readonly key: string; readonly seed: number },
  cleanups: Array<() => Promise<void>>,
  extra: Partial<LiveKeeperOptions> = {},
): Promise<ManualClockKeeper> {
  const timers = new ManualTimers();
  const keeper = new LiveKeeper({
    wsUrl: target.wsUrl,
    key: target.key,
    clock: timers,
    timers,
    random: seededRandom(target.seed),
    backoff: DEFAULT_BACKOFF,
    ...extra,
  });
  cleanups.push(() => keeper.stop());
  const live = holdLatest(keeper);
  const waits: ReconnectWait[] = [];
  keeper.subscribe(({ update }) => {
    if (update.type === 'status' && update.status.phase === 'reconnecting') waits.push(update.status);
  });
  await keeper.start();
  return { keeper, live, timers, waits };
}

/**
 * Heartbeats on the real clock that never fire within a test: a manual clock's jumps must not end a connection by
 * a missed pong.
 */
export const QUIET_HEARTBEAT = { pingIntervalMs: 600_000, pongTimeoutMs: 1_200_000 } as const;

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
  live: HeldView,
  truth: () => DemoTableTruth,
  timeoutMs = 10_000,
): Promise<[unknown, unknown]> {
  const same = (): boolean => JSON.stringify(modelView(live.table)) === JSON.stringify(truthView(truth()));
  await waitFor(same, 'the model to match the venue', timeoutMs).catch(() => undefined);
  return [modelView(live.table), truthView(truth())];
}

/** Fails when any `${run}:${seq}` repeats. */
export function duplicates(seqs: readonly string[]): string[] {
  const seen = new Set<string>();
  return seqs.filter((seq) => (seen.has(seq) ? true : (seen.add(seq), false)));
}
