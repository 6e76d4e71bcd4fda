/**
 * The venue ledger kept by the app: every `transaction_applied` the stream delivered, stored once, and where the
 * stream was not continuous. An append-only framed file beside the journal (`venue-ledger.log`, under the journal's
 * lock), every append fdatasync'd; a torn tail is cut at open and a damaged record skipped (counted).
 *
 * Memory changes in the same step the note arrives (so a replay burst is de-duplicated against itself before its
 * writes land); the records go to disk in that order. A record that did not reach the disk before a crash is
 * delivered again by the stream's since_seq replay, unless the stream's own saved place had already passed it (see
 * README: the live cursor is saved on its own schedule).
 */
import { join } from 'node:path';
import { openBookFile, type BookDamage } from '../../storage/book-file';
import { booksFor, type Books } from '../../storage/books';
import { decodeLedgerRecord, encodeLedgerRecord, VENUE_LEDGER_FILE } from './ledger-file';

/** The ledger's role in the books. */
export const VENUE_LEDGER_ROLE = 'venue-ledger';
import { afterRestart, applyRecord, emptyLedgerState, ledgerView, recordsFor, type LedgerState } from './ledger-state';
import type { LedgerView, StreamNote } from './types';

export interface VenueLedger {
  /** Records damaged on disk (skipped) when it was opened. */
  readonly damaged: number;
  /** What the books found wrong with the file (said, never repaired). */
  readonly damage: readonly BookDamage[];
  /** Takes one note from the stream; resolves once its records are durable. */
  note(note: StreamNote): Promise<void>;
  /** What the ledger knows now (an open stretch reaches `now`). */
  view(now: number): LedgerView;
  /** Subscribes to changes (a new event or gap); returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  close(): Promise<void>;
}

/** Opens (creating durably if absent) the venue ledger in `dir` (the cashier's folder, whose lock the caller holds). */
export async function openVenueLedger(dir: string, books?: Books): Promise<VenueLedger> {
  const ledgerBooks = books ?? (await booksFor(dir));
  const { log, payloads, damage } = await openBookFile(join(dir, VENUE_LEDGER_FILE), VENUE_LEDGER_ROLE, ledgerBooks, {
    lazyWitness: true,
  });
  const state: LedgerState = emptyLedgerState();
  let invalid = 0;
  for (const payload of payloads) {
    const record = decodeLedgerRecord(payload);
    if (record === null) invalid += 1;
    else applyRecord(state, record);
  }
  afterRestart(state);
  const listeners = new Set<() => void>();
  let closed = false;
  return {
    damaged: invalid + damage.length,
    damage,
    async note(note) {
      if (closed) return;
      const records = recordsFor(state, note);
      if (records.length === 0) return;
      for (const record of records) applyRecord(state, record);
      for (const listener of listeners) listener();
      await log.append(records.map(encodeLedgerRecord), { durable: true });
    },
    view: (now) => ledgerView(state, now),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      await log.close();
    },
  };
}
