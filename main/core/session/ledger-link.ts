/**
 * The venue ledger of one venue link: opened beside the cashier's journal, fed every keeper update of the live
 * stream (while the venue is confirmed as the journal's), and read as the open shift's reconciliation or a closed
 * shift's.
 */
import type { ReconciliationView } from '../../../preload/contract';
import type { CashierSnapshot, Movement, ShiftRecord } from '../cashier';
import { reconcile, type Reconciliation } from '../cashier/reconcile/match';
import { streamNoteReader } from '../cashier/reconcile/stream-notes';
import type { Books } from '../storage/books';
import { openVenueLedger, type VenueLedger } from '../cashier/reconcile/venue-ledger';
import type { VenueConnection } from './venue-connection';
import { reconciliationView } from './reconciliation-view';
import { processOrderClock } from '../venue/clock';

/** A reconciliation is recomputed at most this often while nothing else changes (its open gap runs to now). */
const RECOMPUTE_MS = 5_000;

/** A shift's reconciliation, and its view. */
export interface ShiftReconciliation {
  readonly result: Reconciliation;
  readonly view: ReconciliationView;
  /** The shift's movements it was computed from. */
  readonly movements: readonly Movement[];
}

export interface LedgerLink {
  readonly ledger: VenueLedger;
  /**
   * Starts taking the connection's keeper records; returns the unsubscribe, which the caller owns (close does not
   * call it). Call it before the connection starts its live feed: the first connection's verdict must not be missed.
   */
  attach(connection: Pick<VenueConnection, 'subscribe'>): () => void;
  /** The open shift's reconciliation (null with no shift open). */
  current(snapshot: CashierSnapshot, now: number): ReconciliationView | null;
  /**
   * When the venue applied each of the open shift's movements its record shows (movement key -> the matched
   * `transaction_applied` event's own stamp, ms); a movement the record does not show, or shows without a stamp, is
   * not in it.
   */
  venueTimes(snapshot: CashierSnapshot, now: number): ReadonlyMap<string, number>;
  /** One shift's reconciliation, from its movements (the archive's for a closed shift). */
  forShift(shift: ShiftRecord, movements: readonly Movement[], now: number): ShiftReconciliation;
  /** The venue was confirmed after the link held it: what the stream said meanwhile was not kept. */
  confirmed(at: number): void;
  close(): Promise<void>;
}

/** Whether the venue's answer for this movement is held in memory for a full disk (the snapshot's `unsavedAnswer`). */
const hasUnsavedAnswer = (movement: Movement): boolean =>
  'unsavedAnswer' in movement && typeof movement.unsavedAnswer === 'string';

/** What of the movements a reconciliation reads changes this string. */
function movementSignature(movements: readonly Movement[]): string {
  let text = '';
  for (const movement of movements)
    text += `${movement.key}:${movement.state}:${movement.updatedAt}:${hasUnsavedAnswer(movement) ? 1 : 0};`;
  return text;
}

/** Movements whose answer is held in memory for a full disk. */
function unsavedKeys(movements: readonly Movement[]): ReadonlySet<string> {
  return new Set(movements.filter(hasUnsavedAnswer).map((movement) => movement.key));
}

/** Movement key -> the venue's own stamp of the event its record pairs it with (misdirected ones too: they applied). */
export function venueTimesOf(result: Reconciliation | null): ReadonlyMap<string, number> {
  const times = new Map<string, number>();
  for (const pair of [...(result?.matched ?? []), ...(result?.misdirected ?? [])])
    if (pair.event.venueTs !== null) times.set(pair.key, pair.event.venueTs);
  return times;
}

export async function openLedgerLink(
  cashierDir: string,
  books: Books,
  held: () => boolean,
  onChange: () => void,
): Promise<LedgerLink> {
  const ledger = await openVenueLedger(cashierDir, books);
  const kept = ledger.view(processOrderClock.now()).events;
  processOrderClock.atLeast(kept.reduce((newest, event) => Math.max(newest, event.receivedAt), -Infinity));
  // The stream's notes on the process's order clock, which the cashier's stamps share; lifted past what the
  // ledger already holds, so a restart after a step back still orders new events after old ones.
  const read = streamNoteReader(processOrderClock.now);
  let version = 0;
  const stopChanges = ledger.subscribe(() => {
    version += 1;
    onChange();
  });
  const forShift = (shift: ShiftRecord, movements: readonly Movement[], now: number): ShiftReconciliation => {
    const mine = movements.filter((movement) => movement.shiftId === shift.id);
    // The other shifts' movements still journaled take their events too: one event settles one movement, venue-wide.
    const others = movements.filter((movement) => movement.shiftId !== shift.id);
    const span = { from: shift.openedAt, to: shift.close?.at ?? null };
    const result = reconcile({
      movements: mine,
      others,
      ledger: ledger.view(now),
      span,
      now,
      unsaved: unsavedKeys(mine),
    });
    return { result, view: reconciliationView(result, mine), movements: mine };
  };
  let memo: { signature: string; at: number; current: ShiftReconciliation | null } | null = null;
  // The cashier's snapshot is new on every table push; the reconciliation changes only with the ledger, the
  // shift's movements (their states), or with time (an open gap runs to now).
  const currentShift = (snapshot: CashierSnapshot, now: number): ShiftReconciliation | null => {
    const shift = snapshot.shifts.current;
    const signature = `${version}|${shift?.id ?? '-'}|${movementSignature(snapshot.movements)}`;
    if (memo !== null && memo.signature === signature && now - memo.at < RECOMPUTE_MS) return memo.current;
    const current = shift === null ? null : forShift(shift, snapshot.movements, now);
    memo = { signature, at: now, current };
    return current;
  };
  return {
    ledger,
    attach(connection) {
      return connection.subscribe((update) => {
        if (update.type !== 'live') return;
        const note = read(update.live.update);
        // Another venue's events say nothing about this folder's movements.
        if (note !== null && !held()) void ledger.note(note).catch(() => undefined);
      });
    },
    current(snapshot, now) {
      return currentShift(snapshot, now)?.view ?? null;
    },
    venueTimes(snapshot, now) {
      return venueTimesOf(currentShift(snapshot, now)?.result ?? null);
    },
    forShift,
    confirmed(at) {
      void ledger.note({ type: 'gap', at, reason: 'venue-unconfirmed' }).catch(() => undefined);
    },
    async close() {
      stopChanges();
      await ledger.close();
    },
  };
}
