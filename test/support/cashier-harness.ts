/** Wires a cashier to a simulated host on a manual clock, journaling into a fresh temp folder. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { openCashier } from '../../main/core/cashier/index';
import { Books, defaultWitnessDir, keyFileSource } from '../../main/core/storage/books';
import { createOrderClock, systemClock, type OrderClock } from '../../main/core/venue/clock';
import type {
  Cashier,
  CashierConfig,
  CashierOptions,
  MovementView,
  RequestResult,
} from '../../main/core/cashier/index';
import { createManualClock, pumpUntil, quiesce } from './cashier-clock';
import type { ManualClock } from './cashier-clock';
import { createSimHost } from './cashier-sim-host';
import type { SimFault, SimHost, SimPlayer } from './cashier-sim-host';
import { movementRequest, parseTestRequest, type TestRequest } from './cashier-fixtures';
import { openShiftArgs } from './shift-args';

export const SIM_PLAYERS: readonly SimPlayer[] = [
  { name: 'Alice', id: '11111111-1111-4111-8111-111111111111', seat: 1, stack: 100 },
  { name: 'Bob', id: '22222222-2222-4222-8222-222222222222', seat: 2, stack: 250 },
  { name: 'Carol', id: '33333333-3333-4333-8333-333333333333', seat: 3, stack: 80.5 },
];

/** A temp folder on tmpfs when there is one (fdatasync is then cheap). */
export function tempDataDir(prefix = 'cashier-'): { readonly dir: string; readonly remove: () => void } {
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dir = mkdtempSync(join(base, prefix));
  return {
    dir,
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
      // The books' key and witness, kept beside the folder (main/core/storage/books.ts).
      rmSync(defaultWitnessDir(dir), { recursive: true, force: true });
    },
  };
}

export const TEST_CONFIG: Partial<CashierConfig> = {
  retry: { baseMs: 100, maxMs: 2_000 },
  queuedRetryMs: 1_000,
};

/** The cashier's answer, or the contract's refusal of a request that never reached it. */
export type HarnessRequestResult = RequestResult | { readonly kind: 'invalid'; readonly errors: readonly string[] };

export interface Harness {
  cashier: Cashier;
  readonly host: SimHost;
  readonly clock: ManualClock;
  readonly dataDir: string;
  /** Pushes the host's table to the cashier as the live stream would (the host's `views` decide how it lies). */
  pushTable(): void;
  /**
   * Requests a movement as the session does: parsed by the contract's schema first; a request the schema refuses
   * never reaches the cashier (`invalid`, the session's bad_arguments).
   */
  request(input: TestRequest): Promise<HarnessRequestResult>;
  movement(key: string): MovementView;
  /** Waits until the cashier has journaled everything it started. */
  settle(): Promise<void>;
  runUntil(done: () => boolean, maxSteps?: number): Promise<boolean>;
  /** Closes the cashier and reopens it on the same folder, host and clock (a restart); waits until ready. */
  restart(): Promise<void>;
  dispose(): Promise<void>;
}

export interface HarnessOptions {
  readonly faults?: SimFault[];
  readonly lateMs?: number;
  /** Whether transaction_applied events reach the cashier. Default true. */
  readonly feedEvents?: boolean;
  /**
   * Open a shift (float 0) at the first start, as a cashier does before taking money (nothing opens by itself).
   * Default true; false leaves the folder with no shift at all.
   */
  readonly openShift?: boolean;
  /**
   * The cashier keeps its own clocks (as the app runs it: none injected) and the host stamps its views and heartbeat
   * with the venue module's clock, as the live keeper does; timers stay on the manual clock. Lets a test step the
   * PC's wall clock (`vi.setSystemTime`) under the real clocks. Default false.
   */
  readonly systemClocks?: boolean;
  /**
   * With `systemClocks`: a new order clock for each open (a restart is a new process, whose clock starts from the
   * wall clock again); the host stamps with the latest one.
   */
  readonly orderClock?: () => OrderClock;
  /** Called at each phase of each attempt (the cashier's `onPhase`): lets a schedule act at every phase. */
  readonly onPhase?: CashierOptions['onPhase'];
}

/** The operator the harness opens its shift as. */
export const HARNESS_OPERATOR = 'Test cashier';

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const temp = tempDataDir();
  // The clock watches whichever cashier the harness holds now (tests may swap in one they opened themselves).
  let cashier: Cashier | null = null;
  const active = (): Cashier | null => (harnessReady ? harness.cashier : cashier);
  let harnessReady = false;
  const clock = createManualClock(
    1_700_000_000_000,
    () => (active()?.snapshot().version ?? 0) * 100_000 + host.requests,
    () => active()?.isBusy() ?? false,
  );
  let orderClock: OrderClock | null = null;
  const systemNow = (): number => (orderClock === null ? systemClock.now() : orderClock.now());
  // On the manual clock: one order clock for the harness (restarts are reopenings in one process, as a venue switch
  // is), advanced by the manual time and anchored to its wall clock, which tests may step (`clock.stepWall`). The
  // host stamps its views and heartbeat with it, as the live keeper shares the cashier's.
  const manualOrder = createOrderClock(
    () => clock.wall(),
    () => clock.now(),
  );
  const host = createSimHost({
    timers: clock.timers,
    now: options.systemClocks === true ? systemNow : () => manualOrder.now(),
    players: SIM_PLAYERS,
    faults: options.faults ?? [],
    lateMs: options.lateMs,
  });
  const open = async (): Promise<Cashier> => {
    orderClock = options.orderClock?.() ?? null;
    const opened = await openCashier({
      dataDir: temp.dir,
      // Read afresh at every open, as a restarted process does (a test may have altered the witness meanwhile).
      books: await Books.open(temp.dir, defaultWitnessDir(temp.dir), keyFileSource(defaultWitnessDir(temp.dir))),
      transport: host.transport,
      readTable: async () => host.readView(),
      config: TEST_CONFIG,
      ...(options.systemClocks === true ? (orderClock === null ? {} : { clock: orderClock }) : { clock: manualOrder }),
      random: () => 0.5,
      timers: clock.timers,
      onPhase: options.onPhase,
    });
    cashier = opened;
    if (options.feedEvents ?? true) host.eventSink = (payload) => opened.observeTransactionApplied(payload);
    host.streamSink = (coverage) => opened.observeStream(coverage);
    opened.observeStream(host.coverage());
    opened.observeTable(host.pushView());
    // Recovery does real file I/O that the fake clock cannot see, so keep pumping timers until the cashier says it
    // is ready rather than trusting one quiet spell (a loaded machine can be quiet for longer than the I/O takes).
    let isReady = false;
    void opened.whenReady().then(() => {
      isReady = true;
    });
    await pumpUntil(clock, () => isReady);
    return opened;
  };
  const first = await open();
  if ((options.openShift ?? true) && first.snapshot().shifts.all.length === 0) {
    const opened = await first.openShift(...openShiftArgs(0, HARNESS_OPERATOR));
    if (!opened.ok) throw new Error(`the harness could not open a shift: ${opened.reason}`);
  }
  const harness: Harness = {
    cashier: first,
    host,
    clock,
    dataDir: temp.dir,
    pushTable: () => harness.cashier.observeTable(host.pushView()),
    request: async (input) => {
      const parsed = parseTestRequest(input);
      return parsed.ok ? harness.cashier.request(parsed.request) : { kind: 'invalid', errors: parsed.errors };
    },
    movement(key) {
      const found = harness.cashier.snapshot().movements.find((movement) => movement.key === key);
      if (found === undefined) throw new Error(`no movement ${key}`);
      return found;
    },
    runUntil: (done, maxSteps) => clock.runUntil(done, maxSteps),
    settle: () =>
      quiesce(
        () => harness.cashier.snapshot().version * 100_000 + host.requests,
        () => harness.cashier.isBusy(),
      ),
    async restart() {
      await harness.cashier.close();
      harness.cashier = await open();
    },
    async dispose() {
      await harness.cashier.close();
      temp.remove();
    },
  };
  harnessReady = true;
  return harness;
}

/**
 * Options that open another cashier on the harness's folder, through its host, on its clock (as its restart does),
 * for tests that reopen it themselves with hooks of their own.
 */
export function reopenOptions(h: Harness): CashierOptions {
  return {
    dataDir: h.dataDir,
    transport: h.host.transport,
    readTable: async () => h.host.readView(),
    config: TEST_CONFIG,
    now: h.clock.now,
    random: () => 0.5,
    timers: h.clock.timers,
  };
}

/** `harness(options)` for a test file: the harness it creates is disposed of after each test. */
export function harnessPerTest(): (options?: HarnessOptions) => Promise<Harness> {
  let current: Harness | null = null;
  afterEach(async () => {
    await current?.dispose();
    current = null;
  });
  return async (options = {}) => {
    current = await createHarness(options);
    return current;
  };
}

/** Requests a movement that must be accepted; its key. */
export async function acceptedKey(cashier: Cashier, input: TestRequest): Promise<string> {
  const result: RequestResult = await cashier.request(movementRequest(input));
  if (result.kind !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(result)}`);
  return result.movement.key;
}

/**
 * Carol's whole-stack cash-out is spent at the venue (504, outcome unknown) and the venue's own cashier cashes her
 * out meanwhile (same kind, amount and stack): the table shows it applied, and the cashier counts it as applied
 * (accept-shown). Returns the key. The harness's host must hold the key (a timeout fault).
 */
export async function countedOnAnotherWritersEvent(h: Harness): Promise<string> {
  const key = await acceptedKey(h.cashier, { action: 'cash-out', playerName: 'Carol', amount: 80.5 });
  expect(await h.runUntil(() => h.movement(key).state === 'in-doubt')).toBe(true);
  h.host.otherWriter('Carol', -80.5);
  h.pushTable();
  expect(await h.runUntil(() => h.movement(key).evidence?.verdict === 'applied')).toBe(true);
  const decided = await h.cashier.resolveInDoubt(key, 'accept-shown');
  expect(decided.ok).toBe(true);
  return key;
}
