/** Projects the cashier core's snapshot onto the contract's CashierView (pure). */
import type { CashierView, InDoubtEvidence, LedgerEntry, MovementStatus, MovementView } from '../../../preload/contract';
import { appliedDelta } from '../cashier/ledger';
import type { CashierSnapshot, MovementView as CoreMovement } from '../cashier/cashier';

/** Settled movements stay in the tray this long so the cashier sees them land. */
export const SETTLED_VISIBLE_MS = 10 * 60_000;
const TRAY_LIMIT = 30;

function status(movement: CoreMovement): MovementStatus {
  if (movement.state === 'in-doubt' && movement.flags.includes('left-in-doubt')) return 'left-in-doubt';
  return movement.state;
}

function evidence(movement: CoreMovement): InDoubtEvidence | null {
  const found = movement.evidence;
  if (found === null) {
    if (movement.state !== 'in-doubt') return null;
    return { stackAtRequest: movement.stackAtSend, stackNow: null, matchingEventSeen: false, summary: movement.message };
  }
  return {
    stackAtRequest: found.stackCheck.stackAtSend,
    stackNow: found.stackCheck.stackNow,
    matchingEventSeen: found.matchingEvent !== null,
    summary: found.summary,
  };
}

function reason(movement: CoreMovement): string | null {
  const refusal = movement.settlement?.refusal;
  if (refusal !== undefined && refusal !== null) return `${refusal.code}: ${refusal.message}`;
  // A plain queued movement needs no words beyond its state; one waiting to retry says why.
  if (movement.state === 'applied' || movement.state === 'cancelled' || (movement.state === 'queued' && movement.next === null)) return null;
  return movement.message;
}

function movementView(movement: CoreMovement): MovementView {
  const delta = appliedDelta(movement);
  return {
    id: movement.key,
    kind: movement.action === 'buy-in' ? 'buy_in' : 'cash_out',
    seatId: movement.seatId ?? 0,
    playerName: movement.playerName,
    playerId: movement.playerId,
    amount: movement.amount ?? (delta === null ? null : Math.abs(delta)),
    closeSession: movement.closeSession,
    status: status(movement),
    reason: reason(movement),
    requestedAt: movement.createdAt,
    settledAt: movement.settlement?.at ?? null,
    stackAfter: movement.evidence?.matchingEvent?.stack_after ?? null,
    evidence: evidence(movement),
    replaces: movement.replaces,
    replacedBy: movement.replacedBy,
    bothApplied: movement.flags.includes('both-applied'),
  };
}

function isUnsettled(movement: CoreMovement): boolean {
  return movement.state !== 'applied' && movement.state !== 'refused' && movement.state !== 'cancelled';
}

interface CachedView {
  readonly view: CashierView;
  readonly notReadyReason: string | null;
  /** The view changes by itself when a settled movement leaves the tray; until then it can be reused. */
  readonly validUntil: number;
}

// The cashier core hands out the same snapshot object while nothing changed, so a table-only change (the common
// case: every poker event) reuses the cashier's view instead of rebuilding the tray and ledger.
const views = new WeakMap<CashierSnapshot, CachedView>();

const settledAt = (movement: CoreMovement): number => movement.settlement?.at ?? movement.updatedAt;

/** The tray (unsettled first, then recently settled, newest first) and the shift ledger; the same object while unchanged. */
export function cashierView(snapshot: CashierSnapshot, now: number, notReadyReason: string | null): CashierView {
  const cached = views.get(snapshot);
  if (cached !== undefined && cached.notReadyReason === notReadyReason && now < cached.validUntil) return cached.view;
  const built = buildCashierView(snapshot, now, notReadyReason);
  views.set(snapshot, { ...built, notReadyReason });
  return built.view;
}

function buildCashierView(snapshot: CashierSnapshot, now: number, notReadyReason: string | null): { view: CashierView; validUntil: number } {
  const newestFirst = [...snapshot.movements].sort((a, b) => b.createdAt - a.createdAt);
  const unsettled = newestFirst.filter(isUnsettled);
  const recent = newestFirst.filter((movement) => !isUnsettled(movement) && now - settledAt(movement) < SETTLED_VISIBLE_MS);
  const validUntil = Math.min(Number.POSITIVE_INFINITY, ...recent.map((movement) => settledAt(movement) + SETTLED_VISIBLE_MS));
  const entries: LedgerEntry[] = [];
  for (const movement of newestFirst) {
    const delta = appliedDelta(movement);
    if (delta === null) continue;
    entries.push({
      id: movement.key,
      at: movement.settlement?.at ?? movement.updatedAt,
      kind: movement.action === 'buy-in' ? 'buy_in' : 'cash_out',
      playerName: movement.playerName,
      seatId: movement.seatId ?? 0,
      amount: Math.abs(delta),
      stackAfter: movement.evidence?.matchingEvent?.stack_after ?? null,
    });
  }
  const ready = snapshot.ready && snapshot.access === 'ok' && notReadyReason === null;
  const view: CashierView = {
    ready,
    notReadyReason: ready ? null : (notReadyReason ?? (snapshot.access === 'withdrawn' ? 'the venue withdrew access for this key' : 'recovering unfinished movements from the journal')),
    tray: [...unsettled, ...recent].slice(0, TRAY_LIMIT).map(movementView),
    ledger: {
      totals: { buyIns: snapshot.totals.moneyIn, cashOuts: snapshot.totals.moneyOut, net: snapshot.totals.net, count: snapshot.totals.applied },
      entries,
    },
  };
  return { view, validUntil };
}
