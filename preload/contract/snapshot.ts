/** The immutable snapshot main pushes to the renderer: everything the screens show, nothing they decide. */
import { z } from 'zod';
import type { CashierView } from './cashier';
import { channel } from './define';
import type { HistorySyncView } from './history';
import type { KeyView, Settings } from './settings';
import type { ConnectionStatus, TableView, TickerEntry, VenueView } from './table';

export interface SessionSnapshot {
  /** Increases by one per pushed snapshot: a jump shows the renderer skipped coalesced ones. */
  readonly version: number;
  /** Random per main-process start: versions compare only within one epoch. */
  readonly epoch: string;
  /** Unix ms when main produced it. */
  readonly at: number;
  readonly connection: ConnectionStatus;
  readonly venue: VenueView;
  readonly key: KeyView;
  /** null until the first state frame (or the persisted last frame) is known. */
  readonly table: TableView | null;
  /** Recent table activity, newest first. */
  readonly ticker: readonly TickerEntry[];
  readonly cashier: CashierView;
  readonly settings: Settings;
  /** The history sync's progress and the local copy's age. */
  readonly history: HistorySyncView;
  /** Whether the data folder's disk takes writes, and what the screens say while it does not. */
  readonly disk: DiskView;
  /** The latest significant events of the cage (the event log, newest first). */
  readonly events?: readonly EventLogEntry[];
  /** The enrolled operators (never a PIN or its hash), for Settings › Operators. */
  readonly operators?: OperatorsView;
}

export interface OperatorsView {
  readonly list: readonly { readonly name: string; readonly manager: boolean; readonly locked: boolean }[];
  /** The operator records are damaged: no PIN can be checked (in words), or null. */
  readonly damaged: string | null;
}

/** One significant event, as the event log keeps it (its file is sealed like the rest of the books). */
export interface EventLogEntry {
  /** Wall time, ms. */
  readonly at: number;
  readonly kind:
    | 'start'
    | 'key-changed'
    | 'address-changed'
    | 'access-withdrawn'
    | 'access-restored'
    | 'money-mode-changed'
    | 'clock-step'
    | 'disk-full'
    | 'disk-ok'
    | 'books-damaged'
    | 'books-chained'
    | 'pin-failed'
    | 'pin-locked'
    | 'pin-unlocked'
    | 'operator-enrolled'
    | 'approval'
    | 'settings-changed';
  /** What happened, in words. */
  readonly text: string;
  /** Who, when an operator did it. */
  readonly operator: string | null;
}

/** The disk as the last write found it: full is a state the app lives through (reading goes on, money waits). */
export interface DiskView {
  readonly full: boolean;
  /** The sentence every screen shows while full, or null. */
  readonly message: string | null;
}

/**
 * What "Reconnect now" did: `trying` (an attempt started now, the wait forgotten), `already-trying` (one is under way:
 * a second press starts no second one), `connected` (the socket is open: nothing to do), `venue-asked-to-wait` (the
 * venue's own "retry after" is not over), `stopped` (the venue refused the key: a new key is needed).
 */
export type ReconnectAnswer = 'trying' | 'already-trying' | 'connected' | 'venue-asked-to-wait' | 'stopped';

/** The snapshot on request (a page that starts, or reconnects, asks once; later ones are pushed). */
export const snapshotChannels = {
  'session:get-snapshot': channel<SessionSnapshot>()(z.tuple([])),
  /** Try the venue's socket now instead of waiting out the backoff (one attempt, however often pressed). */
  'session:reconnect-now': channel<ReconnectAnswer>()(z.tuple([])),
} as const;
