/**
 * The cashier's public contract: its options, commands, results and snapshot. The runtime (cashier.ts) implements
 * it; the app wires the transport, the live inputs and the access state.
 */
import type { BookDamageNote } from '../storage/book-file';
import type { Books } from '../storage/books';
import type { TransactionAction, TransactionAttempt, TransactionRequest } from '../venue/transaction';
import { DEFAULT_RETRY_BOUNDS } from './backoff';
import type { RetryBounds } from './backoff';
import type { RecoveryReport } from './journal';
import type { LedgerTotals } from './ledger';
import type { CashAmount, CloseDetails, OperatorName, ShiftRecord } from './shift';
import type { ShiftResult } from './shift-book';
import type { StorageFs } from '../storage/storage-fs';
import type { TransactionApplied } from '../venue/schemas-live';
import type { OrderClock } from '../venue/clock';
import type { ClockStep } from './clock-steps';
import type {
  Movement,
  MovementRequest,
  StreamCoverage,
  StreamPosition,
  TableObservation,
  TableReadingFacts,
} from './types';

/** Sends one attempt (main/core/venue/transaction.ts `postTransaction`, bound to a venue). Never throws. */
export type CashierTransport = (
  action: TransactionAction,
  request: TransactionRequest,
  signal: AbortSignal,
) => Promise<TransactionAttempt>;

/** Injectable timers so tests run fast and deterministic. */
export interface CashierTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Crash-test phases of one attempt, in order. */
export type CashierPhase = 'intent-written' | 'intent-synced' | 'request-sent' | 'answer-received' | 'answer-journaled';

export interface CashierConfig {
  readonly retry: RetryBounds;
  /** With no live view, how often a queued movement is tried again. */
  readonly queuedRetryMs: number;
}

export const DEFAULT_CASHIER_CONFIG: CashierConfig = {
  retry: DEFAULT_RETRY_BOUNDS,
  queuedRetryMs: 5_000,
};

export interface CashierOptions {
  readonly dataDir: string;
  /**
   * The books that seal and witness the journal, shift log and archive, kept outside the data folder (the session
   * passes the data root's; without it the folder's own, beside it: `booksFor`).
   */
  readonly books?: Books;
  readonly transport: CashierTransport;
  readonly config?: Partial<CashierConfig>;
  /**
   * The clocks (venue/clock.ts): order time for every comparison, the wall clock for what people read. Share the
   * live keeper's, so the stream's coverage and the cashier's stamps are on one line. Default: the process's.
   */
  readonly clock?: OrderClock;
  /**
   * Without `clock`: a monotonic source of order time (ms; tests' manual clocks), with `wallNow` the wall clock
   * (default: `now` itself).
   */
  readonly now?: () => number;
  readonly wallNow?: () => number;
  /** In [0, 1): the backoff jitter. */
  readonly random?: () => number;
  readonly timers?: CashierTimers;
  /**
   * Reads the live table now (the app wires GET /live/state): `{live, venueTs, betweenHands, handNumber, seats}`;
   * the cashier stamps when the answer arrived. Used for fresh stack evidence when a movement is in doubt, and read
   * again whenever the cashier presses "send again" (without it, "send again" is never possible). Throws when the
   * table cannot be read.
   */
  readonly readTable?: (signal: AbortSignal) => Promise<TableReadingFacts>;
  /** Called at each phase of each attempt (crash tests kill the process here). */
  readonly onPhase?: (phase: CashierPhase, key: string) => void;
  /** Runs after a closed shift's movements are archived and before the journal is compacted (crash tests). */
  readonly afterArchive?: () => void | Promise<void>;
  /** The journal's file system (default node:fs); tests pass one whose disk fills. */
  readonly storage?: StorageFs;
  /**
   * Whether the data folder's disk can take a movement's intent and answer now (default: free bytes against
   * MOVEMENT_RESERVE_BYTES). Asked before every new movement; a no refuses it with nothing journaled or sent.
   */
  readonly hasSpace?: (dataDir: string) => Promise<boolean>;
}

export type RequestResult =
  | { readonly kind: 'accepted'; readonly movement: Movement }
  /** `code` 'disk_full': the disk cannot take the movement's intent and answer (nothing was journaled or sent). */
  | { readonly kind: 'blocked'; readonly reason: string; readonly code?: 'disk_full' }
  /**
   * An identical movement (same player by the venue's name, kind and amount) was just made or is unsettled: refused,
   * naming it, unless the cashier confirms a second one (`confirmSecond`).
   */
  | { readonly kind: 'duplicate'; readonly reason: string; readonly first: Movement };

export type CommandResult =
  { readonly ok: true; readonly movement: Movement } | { readonly ok: false; readonly reason: string };

/** A movement as the cashier sees it, with what it may do next. */
export interface MovementView extends Movement {
  /** The shift it belongs to (resolved for movements journaled before shifts). */
  readonly shiftId: string | null;
  readonly attemptCount: number;
  /** Since when the key may have been with the host (with-host or in doubt), for "with the host for 1 min 20 s". */
  readonly withHostSince: number | null;
  /** Why it cannot be cancelled, or null. */
  readonly cancelBlockedBy: string | null;
  /** Why it cannot be sent again under a new key, or null. */
  readonly sendAgainBlockedBy: string | null;
  /** Its answer arrived but is not yet journaled (the disk is full), in words; null otherwise. */
  readonly unsavedAnswer: string | null;
}

export interface CashierSnapshot {
  readonly version: number;
  /** False until every unfinished movement from the journal has resumed. */
  readonly ready: boolean;
  readonly access: 'ok' | 'withdrawn';
  readonly betweenHands: boolean | null;
  readonly movements: readonly MovementView[];
  /** Totals of the open shift's movements (all zero while no shift is open). */
  readonly totals: LedgerTotals;
  readonly recovery: RecoveryReport;
  readonly shifts: {
    /** The open shift, or null. */
    readonly current: ShiftRecord | null;
    /** Every shift, oldest first. */
    readonly all: readonly ShiftRecord[];
    /** Damaged shift-log records skipped at open. */
    readonly damaged: number;
    /** Each shift's seal in the shift log (its close, once closed), hex, by shift id; absent when not sealed. */
    readonly digests: Readonly<Record<string, string>>;
  };
  /** Steps of the PC's wall clock seen while this cashier runs, oldest first: each to be said once (clock-steps.ts). */
  readonly clockSteps: readonly ClockStep[];
  readonly books: CashierBooks;
}

/** What the books found wrong with this cashier's files (journal, shift log), and what it holds back because of it. */
export interface CashierBooks {
  readonly damage: readonly BookDamageNote[];
  /** Movements a damaged record names: nothing is sent, cancelled or decided for them. */
  readonly held: readonly string[];
}

/** Whether one shift's books verify: its sealed close (the digest its paper carries) and any damage touching it. */
export interface ShiftIntegrity {
  /** The seal of the shift's latest record in the shift log (its close, once closed), hex; null when not sealed. */
  readonly digest: string | null;
  readonly damage: readonly BookDamageNote[];
}

export type InDoubtChoice = 'send-again' | 'leave' | 'accept-shown';

export interface Cashier {
  /** Journals and starts a new movement (parsed by the contract's schema). Resolves once its intent is on disk. */
  request(input: MovementRequest): Promise<RequestResult>;
  /** Sends a queued (or waiting) movement now. */
  sendNow(key: string): Promise<CommandResult>;
  /** Cancels a movement whose bytes never left this machine (queued, or refused before sending, venue down). */
  cancel(key: string): Promise<CommandResult>;
  /**
   * The cashier's choice for an in-doubt movement, journaled as theirs (the open shift's operator, when). 'send-again'
   * returns the NEW movement; 'accept-shown' counts it as applied on the evidence shown (in the expected cash, as an
   * exception) without settling it: its key is still asked until the venue answers (decision.ts).
   */
  resolveInDoubt(key: string, choice: InDoubtChoice): Promise<CommandResult>;
  /** The live table (the venue's table model as the cashier reads it), with its provenance (see TableObservation). */
  observeTable(table: TableObservation): void;
  /** What the live stream proves it delivered (the keeper's heartbeat): "not applied" is re-judged when it moves. */
  observeStream(coverage: StreamCoverage): void;
  /**
   * A live transaction_applied event's payload as the live feed parsed it, with its frame's `ts` (venue clock,
   * seconds) when it had one, and its place in the stream (its seq, in the keeper's run) when known.
   */
  observeTransactionApplied(
    payload: TransactionApplied,
    venueTs?: number | null,
    position?: StreamPosition | null,
  ): void;
  /** Whether the app has a working key; 'withdrawn' stops every send. */
  observeAccess(access: 'ok' | 'withdrawn'): void;
  snapshot(): CashierSnapshot;
  subscribe(listener: (snapshot: CashierSnapshot) => void): () => void;
  /** Resolves when the movement settles (applied, refused or cancelled). */
  whenSettled(key: string): Promise<Movement>;
  /** Resolves once recovery has finished and new movements are accepted. */
  whenReady(): Promise<void>;
  /** True while a state change is being journaled (waiting on the venue does not count). */
  isBusy(): boolean;
  /**
   * Opens a shift with the opening float the cashier typed (chips) and who is at the drawer, both as the contract
   * parsed them; refused while one is open.
   */
  openShift(openingFloat: CashAmount, operator?: OperatorName | null): Promise<ShiftResult>;
  /**
   * Closes the open shift against the cash the cashier counted (chips, with what goes with it, as the contract parsed
   * them); refused while any of its movements is not settled. Then archives its movements and compacts them out of
   * the journal.
   */
  closeShift(counted: CashAmount, details?: CloseDetails): Promise<ShiftResult>;
  /** One shift's movements (or every shift's), from the archive and the journal, each once, oldest first. */
  shiftMovements(shiftId: string | 'all'): Promise<Movement[]>;
  /** One shift's digest and the damage the books show for it (the shift log, its archive, the journal). */
  shiftIntegrity(shiftId: string): Promise<ShiftIntegrity>;
  /**
   * Rewrites the journal with each movement's latest state; optionally drops settled movements settled before a time.
   */
  compact(options?: { readonly dropSettledBefore?: number }): Promise<void>;
  close(): Promise<void>;
}
