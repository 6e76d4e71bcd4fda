/** Projects a reconciliation (cashier/reconcile) onto the contract's ReconciliationView (pure; chips from cents). */
import type { ReconciliationItem, ReconciliationView } from '../../../preload/contract';
import type { Movement } from '../cashier';
import { appliedDelta } from '../cashier/ledger';
import { wallTimes } from '../cashier/wall-stamps';
import type { Reconciliation } from '../cashier/reconcile/match';
import {
  eventKindText,
  gapText,
  misdirectedText,
  reconciliationStatus,
  uncheckedMovementText,
} from '../cashier/reconcile/report';
import type { VenueEvent } from '../cashier/reconcile/types';
import { wallOf } from '../venue/clock';
import { addCents, fromCents, toCents, type Cents } from '../venue/money';

function eventItem(event: VenueEvent, note: string): ReconciliationItem {
  const elsewhere = event.source === 'transaction' || event.source === null;
  return {
    // For people: the venue's own time, else when it arrived here on the wall clock (never an order time).
    at: event.venueTs ?? wallOf(event.receivedAt),
    kind: event.kind,
    source: elsewhere ? 'other-writer' : 'correction',
    playerName: event.name,
    seatId: event.seat_id,
    amount: event.delta,
    note:
      note !== ''
        ? note
        : elsewhere
          ? 'another writer: another cashier PC, the venue’s own cashier or the table operator'
          : `the table operator’s correction (${eventKindText(event)})`,
  };
}

function movementItem(movement: Movement | undefined, key: string, note: string): ReconciliationItem {
  return {
    at: movement === undefined ? 0 : (wallTimes(movement).settledAt ?? wallTimes(movement).createdAt),
    kind: movement?.action === 'cash-out' ? 'cash_out' : 'buy_in',
    source: 'ours',
    playerName: movement?.playerName ?? null,
    seatId: movement?.seatId ?? null,
    amount: movement === undefined ? null : appliedDelta(movement),
    note: note === '' ? key : note,
  };
}

function tone(reconciliation: Reconciliation): ReconciliationView['tone'] {
  const { oursUnmatched, theirs, misdirected } = reconciliation;
  if (oursUnmatched.length > 0 || theirs.length > 0 || misdirected.length > 0) return 'attention';
  const gaps = reconciliation.gaps.some((gap) => gap.reason !== 'not-watched');
  if (reconciliation.uncheckedMovements.length > 0 || reconciliation.uncheckedEvents.length > 0 || gaps)
    return 'unknown';
  return 'ok';
}

/** The view of one shift's reconciliation; `movements` are the shift's (for names and amounts). */
export function reconciliationView(reconciliation: Reconciliation, movements: readonly Movement[]): ReconciliationView {
  const byKey = new Map(movements.map((movement) => [movement.key, movement]));
  let oursNet = 0 as Cents;
  // A misdirected movement went through this drawer too (to another seat): counted here once, with the matched.
  for (const pair of [...reconciliation.matched, ...reconciliation.misdirected]) {
    const delta = pair.event.delta ?? appliedDelta(byKey.get(pair.key) as Movement);
    if (delta !== null) oursNet = addCents(oursNet, toCents(delta));
  }
  const theirsNet = addCents(reconciliation.otherWriters.net, reconciliation.corrections.net);
  return {
    status: reconciliationStatus(reconciliation),
    tone: tone(reconciliation),
    matched: reconciliation.matched.length,
    misdirected: reconciliation.misdirected.map(({ key, event }) => ({
      ...eventItem(event, misdirectedText(byKey.get(key), event, '')),
      source: 'ours' as const,
    })),
    oursUnmatched: reconciliation.oursUnmatched.map((key) =>
      movementItem(byKey.get(key), key, 'applied by the venue’s answer; no venue event seen'),
    ),
    theirs: reconciliation.theirs.map((event) => eventItem(event, '')),
    unchecked: [
      ...reconciliation.uncheckedMovements.map((item) =>
        movementItem(byKey.get(item.key), item.key, uncheckedMovementText(item)),
      ),
      ...reconciliation.uncheckedEvents.map((item) =>
        eventItem(
          item.event,
          item.why === 'ambiguous' ? 'fits more than one movement' : 'may be a movement not settled yet',
        ),
      ),
    ],
    gaps: reconciliation.gaps.map((gap) => ({ from: gap.from, to: gap.to, reason: gapText(gap.reason) })),
    otherWriters: {
      count: reconciliation.otherWriters.count,
      net: fromCents(reconciliation.otherWriters.net),
      unknownAmounts: reconciliation.otherWriters.unknownAmounts,
    },
    corrections: {
      count: reconciliation.corrections.count,
      net: fromCents(reconciliation.corrections.net),
      unknownAmounts: reconciliation.corrections.unknownAmounts,
    },
    tableNet: fromCents(addCents(oursNet, theirsNet)),
    oursNet: fromCents(oursNet),
  };
}
