/**
 * The cashier runtime's one state record: its parts (journal, movement store, shift book, table watch, event
 * attribution, sender) and the few values that change while it runs. Every command and reaction is a plain function
 * over this record (commit.ts, in-doubt.ts, admission.ts, movement-commands.ts, recovery.ts, housekeeping.ts);
 * open-runtime.ts builds it; cashier.ts exposes the commands.
 */
import type { ClockStep } from './clock-steps';
import type { CashierConfig, CashierOptions, CashierPhase, CashierSnapshot, CashierTimers, CommandResult } from './api';
import type { EventAttribution } from './attribution';
import type { IntentGate } from './intents';
import type { Journal } from './journal';
import type { MovementStore } from './movement-store';
import type { Sender } from './sender';
import type { ShiftBook } from './shift-book';
import type { TableWatch } from './table-watch';
import type { Movement, StreamCoverage } from './types';

export interface CashierRuntime {
  readonly options: CashierOptions;
  readonly config: CashierConfig;
  /** Order time (venue/clock.ts): every stamp and comparison. Never shown. */
  readonly now: () => number;
  /** The PC's wall clock: only for what people read. */
  readonly wall: () => number;
  readonly phase: (phase: CashierPhase, key: string) => void;
  readonly timers: CashierTimers;
  readonly journal: Journal;
  readonly store: MovementStore;
  readonly shifts: ShiftBook;
  readonly watch: TableWatch;
  readonly attribution: EventAttribution;
  readonly sender: Sender;
  readonly intents: IntentGate;
  /** Aborts the transport and table reads when the cashier closes; aborted is what "closed" means. */
  readonly abort: AbortController;
  readonly listeners: Set<(snapshot: CashierSnapshot) => void>;
  readonly settledWaiters: Map<string, Array<(movement: Movement) => void>>;
  readonly readyWaiters: Array<() => void>;
  /** "Send again" presses waiting for the stream to prove it delivered past their reading. */
  readonly deliveryWaiters: Set<() => void>;
  access: 'ok' | 'withdrawn';
  /** Bumped each time access comes back: a 401 to a request sent before that says nothing about the new key. */
  accessEpoch: number;
  /** False until every unfinished movement from the journal has resumed. */
  ready: boolean;
  /** Bumped on every change the snapshot shows; `cached` is the snapshot of this version once built. */
  version: number;
  cached: CashierSnapshot | null;
  /** What the live stream proves it delivered (the keeper's heartbeat); null until it says. */
  coverage: StreamCoverage | null;
  /** The closed shifts' archiving in progress: one run at a time. */
  compacting: Promise<unknown>;
  /** Steps of the wall clock seen while this runtime runs (the snapshot says each once). */
  readonly clockSteps: ClockStep[];
}

export const ACCESS_WITHDRAWN = 'The venue withdrew access: set a working venue key first.';

/** Whether the cashier was closed (its abort fired): nothing new starts after that. */
export const isClosed = (runtime: CashierRuntime): boolean => runtime.abort.signal.aborted;

export const missing = (key: string): CommandResult => ({ ok: false, reason: `No movement ${key}.` });
