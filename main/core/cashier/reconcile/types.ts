import type { TransactionAppliedObservation } from '../types';

/**
 * The venue ledger's shapes: the `transaction_applied` events the stream delivered (each stored once), the stretches
 * where the stream was not continuous, and what matching our movements against them found. Plain readonly data.
 */

/** Why a stretch of the stream could not be checked. */
export type GapReason =
  /** The venue's replay buffer no longer held the events after our cursor (`complete: false`). */
  | 'buffer-evicted'
  /** The venue's engine restarted (`reset: true`): the old run's events after our cursor died with it. */
  | 'engine-reset'
  /** seq went backwards on an open socket (an engine restart under us). */
  | 'seq-regression'
  /** hand_number went backwards on an open socket. */
  | 'hand-regression'
  /** The stream resumed without knowing its place (a saved place without a seq). */
  | 'unknown-position'
  /** A replay claimed to be complete but skipped hands. */
  | 'hands-skipped'
  /** The stream resumed without a cursor after the ledger had been watching: nothing was replayed. */
  | 'no-cursor'
  /** The app was disconnected (or not running) and the stream has not resumed yet. */
  | 'disconnected'
  /** The venue's identity was not confirmed yet (GET /key), so its events were not taken as this venue's. */
  | 'venue-unconfirmed'
  /** Before this ledger began watching the stream. */
  | 'not-watched';

/** A stretch of time (this machine's clock, ms) in which events may have been missed. */
export interface StreamGap {
  readonly from: number;
  readonly to: number;
  readonly reason: GapReason;
}

/** The payload fields of one `transaction_applied`, as the venue sent them (nulls where it sent none). */
export type VenueEventFields = Omit<TransactionAppliedObservation, 'observedAt'>;

/** One venue event as the ledger stores it. */
export interface VenueEvent extends VenueEventFields {
  /** The ledger's run: seqs are comparable only within one run (see event-identity.ts). */
  readonly run: number;
  readonly seq: number;
  /** The venue's own stamp (ms), or null. */
  readonly venueTs: number | null;
  /** When this machine first received it (ms). */
  readonly receivedAt: number;
  /** Delivered by a since_seq replay (it happened before this connection), not live. */
  readonly catchUp: boolean;
}

/** What the live stream told the ledger, in order. */
export type StreamNote =
  | {
      readonly type: 'event';
      readonly at: number;
      readonly seq: number;
      readonly venueTs: number | null;
      readonly catchUp: boolean;
      readonly fields: VenueEventFields;
    }
  | { readonly type: 'gap'; readonly at: number; readonly reason: GapReason }
  /**
   * A connection resumed: `complete` when its replay proved nothing was missed since our cursor; `incomplete` when
   * it did not (its gap note says why); `no-cursor` when it connected without one (nothing could be replayed).
   */
  | { readonly type: 'resume'; readonly at: number; readonly verdict: 'complete' | 'incomplete' | 'no-cursor' }
  /** The stream stopped being connected and caught up. */
  | { readonly type: 'drop'; readonly at: number };

/** What the ledger knows at one moment: its events, its gaps, and how far the stream is known continuous. */
export interface LedgerView {
  readonly events: readonly VenueEvent[];
  /** Closed gaps, and the open one (to = now) while the stream is down or unconfirmed. */
  readonly gaps: readonly StreamGap[];
  /** When the ledger began watching, or null if it never has. */
  readonly watchingSince: number | null;
}
