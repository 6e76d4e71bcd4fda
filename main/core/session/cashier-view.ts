/** Projects the cashier core's snapshot onto the contract's CashierView (pure). */
import type {
  CashierView,
  InDoubtEvidence,
  LedgerEntry,
  MovementDetail,
  MovementStatus,
  MovementView,
} from '../../../preload/contract';
import { appliedAmount } from '../cashier/ledger';
import { wallTimes } from '../cashier/wall-stamps';
import { wallOf } from '../venue/clock';
import { booksView } from './books-view';
import { shiftsView } from './shift-view';
import {
  clockStepSentence,
  countedByCashier,
  isSettled,
  venueAppliedAt,
  type CashierSnapshot,
  type Movement,
  type MovementView as CoreMovement,
} from '../cashier';

/** Settled movements stay in the tray this long so the cashier sees them land. */
export const SETTLED_VISIBLE_MS = 10 * 60_000;
const TRAY_LIMIT = 30;

function status(movement: CoreMovement): MovementStatus {
  if (movement.state === 'in-doubt' && movement.flags.includes('left-in-doubt')) return 'left-in-doubt';
  if (movement.state === 'cancelled' && movement.settlement?.how === 'withdrawn') return 'withdrawn';
  return movement.state;
}

function evidence(movement: CoreMovement): InDoubtEvidence | null {
  const found = movement.evidence;
  if (found === null) {
    if (movement.state !== 'in-doubt') return null;
    return {
      stackAtRequest: movement.stackAtSend,
      stackNow: null,
      matchingEventSeen: false,
      summary: movement.message,
      shownApplied: false,
    };
  }
  return {
    stackAtRequest: found.stackCheck.stackAtSend,
    stackNow: found.stackCheck.stackNow,
    matchingEventSeen: found.matchingEvent !== null,
    summary: found.summary,
    shownApplied:
      movement.state === 'in-doubt' &&
      found.verdict === 'applied' &&
      movement.replaces === null &&
      movement.replacedBy === null,
  };
}

/** Applied twice (a re-send pair) or to another seat than asked: the tray shows the correction to make. */
const needsCorrection = (movement: CoreMovement): boolean =>
  movement.flags.includes('both-applied') || movement.flags.includes('misdirected');

function reason(movement: CoreMovement): string | null {
  const refusal = movement.settlement?.refusal;
  if (refusal !== undefined && refusal !== null) return `${refusal.code}: ${refusal.message}`;
  // A plain queued movement needs no words beyond its state; one waiting to retry says why.
  if (movement.state === 'applied' && needsCorrection(movement)) return movement.message;
  if (
    movement.state === 'applied' ||
    (movement.state === 'cancelled' && movement.settlement?.how !== 'withdrawn') ||
    (movement.state === 'queued' && movement.next === null)
  )
    return null;
  return movement.message;
}

/** The codes and statuses behind the state, for the tray's details disclosure (the renderer words the sentence). */
function detail(movement: CoreMovement): MovementDetail {
  const refusal = movement.settlement?.refusal ?? null;
  const last = movement.attempts.at(-1) ?? null;
  const waiting = isSettled(movement) ? null : (movement.next?.reason ?? null);
  return {
    refusalCode: refusal?.code ?? null,
    refusalMessage: refusal?.message ?? null,
    waitReason: waiting,
    lastStatus: last?.status ?? null,
    lastError: last === null ? null : (last.errorCode ?? last.message),
  };
}

function movementView(movement: CoreMovement): MovementView {
  const delta = appliedAmount(movement)?.delta ?? null;
  const bothApplied = movement.flags.includes('both-applied');
  return {
    id: movement.key,
    kind: movement.action === 'buy-in' ? 'buy_in' : 'cash_out',
    seatId: movement.seatId,
    playerName: movement.playerName,
    playerId: movement.playerId,
    amount: movement.amount ?? (delta === null ? null : Math.abs(delta)),
    closeSession: movement.closeSession,
    status: status(movement),
    // An answer held in memory for a full disk says so on its card: the venue acted; this PC has not saved it yet.
    reason: movement.unsavedAnswer ?? reason(movement),
    // The screen counts its age on the wall clock: the order time it is kept as, read on the wall clock.
    withHostSince: movement.withHostSince === null ? null : wallOf(movement.withHostSince),
    sendAgainBlockedBy: movement.state === 'in-doubt' ? movement.sendAgainBlockedBy : null,
    requestedAt: wallTimes(movement).createdAt,
    settledAt: wallTimes(movement).settledAt,
    stackAfter: stackAfter(movement),
    evidence: evidence(movement),
    replaces: movement.replaces,
    replacedBy: movement.replacedBy,
    bothApplied,
    misdirected: movement.flags.includes('misdirected'),
    adjustment: needsCorrection(movement) ? movement.message : null,
    stackBefore: movement.stackAtSend ?? movement.stackAtAsk,
    detail: detail(movement),
    counted: counted(movement),
  };
}

/** A cashier's count: still asked, or contradicted by the venue (the message says the correction). */
function counted(movement: CoreMovement): MovementView['counted'] {
  if (countedByCashier(movement)) return { state: 'asking', note: movement.message };
  if (movement.flags.includes('counted-not-applied')) return { state: 'contradicted', note: movement.message };
  return null;
}

/** The stack after an applied movement, from its own live event when one was seen. */
function stackAfter(movement: Movement): number | null {
  return (movement.settlement?.claimedEvent ?? movement.evidence?.matchingEvent)?.stack_after ?? null;
}

/**
 * Kept at the top of the tray: not settled, or a cashier's count the venue contradicted (an exception that stays on
 * screen until its shift's movements leave the journal, not ten minutes).
 */
const isUnsettled = (movement: CoreMovement): boolean =>
  !isSettled(movement) || movement.flags.includes('counted-not-applied');

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

/** The latest step of the PC's wall clock, said once by the screen (its id: the order time it was seen at). */
function clockNotice(snapshot: CashierSnapshot): CashierView['clockNotice'] {
  const step = snapshot.clockSteps.at(-1);
  return step === undefined ? null : { id: `clock-step-${step.orderAt}`, text: clockStepSentence(step) };
}

/** A cashier view with nothing in it: no link yet (with the reason shown), or a screen that may not see the cashier. */
export function emptyCashierView(notReadyReason: string | null): CashierView {
  return {
    ready: false,
    notReadyReason,
    tray: [],
    ledger: { totals: { buyIns: 0, cashOuts: 0, net: 0, count: 0, toConfirm: 0, doubles: 0 }, entries: [] },
    shifts: { current: null, past: [], firstShift: false, beforeShifts: 0 },
  };
}

/**
 * The tray (unsettled first, then recently settled, newest first), the open shift's ledger and the shifts; the same
 * object while unchanged.
 */
export function cashierView(snapshot: CashierSnapshot, now: number, notReadyReason: string | null): CashierView {
  const cached = views.get(snapshot);
  if (cached !== undefined && cached.notReadyReason === notReadyReason && now < cached.validUntil) return cached.view;
  const built = buildCashierView(snapshot, now, notReadyReason);
  views.set(snapshot, { ...built, notReadyReason });
  return built.view;
}

/** One applied movement as a ledger row (the open shift's, or a past shift's read from its archive). */
export function ledgerEntry(movement: Movement): LedgerEntry {
  const amount = appliedAmount(movement);
  return {
    id: movement.key,
    at: wallTimes(movement).settledAt ?? wallTimes(movement).createdAt,
    venueAt: venueAppliedAt(movement),
    kind: movement.action === 'buy-in' ? 'buy_in' : 'cash_out',
    playerName: movement.playerName,
    playerId: movement.playerId,
    seatId: movement.seatId,
    amount: amount === null ? null : Math.abs(amount.delta),
    amountSource: amount?.source ?? null,
    stackAfter: stackAfter(movement),
    bothApplied: movement.flags.includes('both-applied'),
  };
}

function buildCashierView(
  snapshot: CashierSnapshot,
  now: number,
  notReadyReason: string | null,
): { view: CashierView; validUntil: number } {
  const newestFirst = [...snapshot.movements].sort((a, b) => b.createdAt - a.createdAt);
  const unsettled = newestFirst.filter(isUnsettled);
  const recent = newestFirst.filter(
    (movement) => !isUnsettled(movement) && now - settledAt(movement) < SETTLED_VISIBLE_MS,
  );
  const validUntil = Math.min(
    Number.POSITIVE_INFINITY,
    ...recent.map((movement) => settledAt(movement) + SETTLED_VISIBLE_MS),
  );
  // Every applied movement is listed: one whose amount nothing reported yet shows as "amount to confirm".
  const entries: LedgerEntry[] = [];
  const currentShift = snapshot.shifts.current?.id ?? null;
  for (const movement of newestFirst) {
    if (movement.state !== 'applied' || movement.shiftId !== currentShift) continue;
    entries.push(ledgerEntry(movement));
  }
  const ready = snapshot.ready && snapshot.access === 'ok' && notReadyReason === null;
  const view: CashierView = {
    ready,
    notReadyReason: ready
      ? null
      : (notReadyReason ??
        (snapshot.access === 'withdrawn'
          ? 'the venue withdrew access for the venue key in use'
          : 'recovering unfinished movements from the journal')),
    tray: [...unsettled, ...recent].slice(0, TRAY_LIMIT).map(movementView),
    ledger: {
      totals: {
        buyIns: snapshot.totals.moneyIn,
        cashOuts: snapshot.totals.moneyOut,
        net: snapshot.totals.net,
        count: snapshot.totals.applied,
        toConfirm: snapshot.totals.unknownAmounts,
        doubles: snapshot.totals.flagged,
      },
      entries,
    },
    shifts: shiftsView(snapshot),
    clockNotice: clockNotice(snapshot),
    books: booksView(snapshot.books.damage, snapshot.books.held.length),
  };
  return { view, validUntil };
}
