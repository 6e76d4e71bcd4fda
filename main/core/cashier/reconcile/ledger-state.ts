/**
 * The venue ledger's state and its rules, without the disk: what each stream note adds to the ledger (records to
 * append, decided from the state), and how a record changes the state (the same code reads the file back at start,
 * so what was decided live and what is rebuilt after a restart cannot differ).
 *
 * Continuity: the ledger starts watching at its first connection. A drop opens an unconfirmed stretch; the next
 * connection's replay closes it as covered (`complete`) or as a gap with the venue's reason (evicted buffer, engine
 * reset, no cursor). A gap whose reason means the seq counter began again starts a new ledger run, which changes how
 * events are told apart (event-identity.ts). A stretch still open (the stream is down, or the app was not running
 * and has not resumed yet) is reported as a gap up to now.
 */
import { EventIndex } from './event-identity';
import type { GapReason, LedgerView, StreamGap, StreamNote, VenueEvent } from './types';

/** What the ledger file holds, one record per line. */
export type LedgerRecord =
  | { readonly type: 'watch'; readonly at: number }
  | { readonly type: 'event'; readonly event: VenueEvent }
  | { readonly type: 'gap'; readonly gap: StreamGap }
  | { readonly type: 'drop'; readonly at: number }
  /** A stretch from `from` (a drop) to `at` proved covered by the replay. */
  | { readonly type: 'resumed'; readonly at: number; readonly from: number };

/**
 * Every gap reason, once, with whether the venue's seq counter may have begun again after it (a new ledger run). The
 * file's reader takes its list of reasons from here (ledger-file.ts), so a reason cannot be known to one and not the
 * other: the compiler holds this to exactly the reasons of `GapReason`.
 */
export const STARTS_NEW_RUN = {
  'buffer-evicted': false,
  'engine-reset': true,
  'seq-regression': true,
  'hand-regression': true,
  'unknown-position': true,
  'hands-skipped': true,
  'no-cursor': true,
  disconnected: false,
  'venue-unconfirmed': false,
  'not-watched': false,
} as const satisfies Record<GapReason, boolean>;

export interface LedgerState {
  watchingSince: number | null;
  run: number;
  /** Start of the stretch not yet confirmed continuous (a drop, or the app's last record before a restart). */
  pendingSince: number | null;
  /** The latest time the ledger knows of (its newest record). */
  lastAt: number;
  /**
   * Where the latest stretch the replay called covered began: a replay that said complete but then skipped hands
   * (`hands-skipped`) missed events in that stretch, not after it.
   */
  resumedFrom: number | null;
  readonly events: VenueEvent[];
  readonly gaps: StreamGap[];
  readonly index: EventIndex;
}

export function emptyLedgerState(): LedgerState {
  return {
    watchingSince: null,
    run: 0,
    pendingSince: null,
    lastAt: 0,
    resumedFrom: null,
    events: [],
    gaps: [],
    index: new EventIndex(),
  };
}

/** The records one note adds (none for a replayed event already stored). Reads the state, changes nothing. */
export function recordsFor(state: LedgerState, note: StreamNote): LedgerRecord[] {
  const watching = state.watchingSince !== null;
  switch (note.type) {
    case 'event': {
      if (state.index.has(state.run, note.seq, note.fields, note.venueTs)) return [];
      const event: VenueEvent = {
        ...note.fields,
        run: state.run,
        seq: note.seq,
        venueTs: note.venueTs,
        receivedAt: note.at,
        catchUp: note.catchUp,
      };
      return watching
        ? [{ type: 'event', event }]
        : [
            { type: 'watch', at: note.at },
            { type: 'event', event },
          ];
    }
    case 'gap': {
      if (!watching) return [{ type: 'watch', at: note.at }];
      const since = note.reason === 'hands-skipped' ? (state.resumedFrom ?? state.lastAt) : state.lastAt;
      const from = Math.min(state.pendingSince ?? since, note.at);
      return [{ type: 'gap', gap: { from, to: note.at, reason: note.reason } }];
    }
    case 'resume': {
      if (!watching) return [{ type: 'watch', at: note.at }];
      if (state.pendingSince === null) return [];
      if (note.verdict === 'complete') return [{ type: 'resumed', at: note.at, from: state.pendingSince }];
      if (note.verdict === 'no-cursor')
        return [{ type: 'gap', gap: { from: state.pendingSince, to: note.at, reason: 'no-cursor' } }];
      return [];
    }
    case 'drop':
      return watching && state.pendingSince === null ? [{ type: 'drop', at: note.at }] : [];
  }
}

/** Applies one record (live, or read back from the file). */
export function applyRecord(state: LedgerState, record: LedgerRecord): void {
  switch (record.type) {
    case 'watch':
      state.watchingSince ??= record.at;
      state.lastAt = Math.max(state.lastAt, record.at);
      return;
    case 'event':
      state.events.push(record.event);
      state.index.add(record.event);
      if (record.event.run > state.run) state.run = record.event.run;
      state.lastAt = Math.max(state.lastAt, record.event.receivedAt);
      return;
    case 'gap':
      state.gaps.push(record.gap);
      state.pendingSince = null;
      if (STARTS_NEW_RUN[record.gap.reason]) state.run += 1;
      state.lastAt = Math.max(state.lastAt, record.gap.to);
      return;
    case 'drop':
      state.pendingSince ??= record.at;
      state.lastAt = Math.max(state.lastAt, record.at);
      return;
    case 'resumed':
      state.pendingSince = null;
      state.resumedFrom = record.from;
      state.lastAt = Math.max(state.lastAt, record.at);
      return;
  }
}

/**
 * After reading the file back at start: the app was not watching since its newest record, so that stretch stays
 * unconfirmed until the stream's next replay says whether anything was missed.
 */
export function afterRestart(state: LedgerState): void {
  if (state.watchingSince !== null) state.pendingSince ??= state.lastAt;
}

/** The ledger as matching reads it at `now`: the stretch before it watched and any open stretch are gaps too. */
export function ledgerView(state: LedgerState, now: number): LedgerView {
  const gaps: StreamGap[] = [{ from: 0, to: state.watchingSince ?? now, reason: 'not-watched' }, ...state.gaps];
  if (state.pendingSince !== null) gaps.push({ from: state.pendingSince, to: now, reason: 'disconnected' });
  return { events: state.events, gaps, watchingSince: state.watchingSince };
}
