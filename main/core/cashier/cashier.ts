/**
 * The cashier runtime: composes the journal-backed movement store, the table watch, the sender and the evidence
 * checks, and takes the cashier's commands. The money rules are the pure modules' (machine, outcome, evidence,
 * policy); this file decides nothing on its own.
 *
 * Exactly-once rests on three rules kept here:
 * 1. A movement's intent is on disk (fdatasync) before its first request leaves, and every retry, after any
 *    failure or restart, reuses the same idempotency key. Memory follows the journal, never leads it.
 * 2. A new key for the same money is only ever minted by `resolveInDoubt(key, 'send-again')`, which reads the table
 *    at that moment and requires the venue's outcome_unknown for the old key plus that live reading showing it did
 *    NOT apply. The old key keeps being polled; if it applies after all, a re-send that never reached the host is
 *    withdrawn, and one that applied too is flagged (never silently).
 * 3. One unsettled movement per player, so stack evidence is never blurred by another movement of ours, and one
 *    transaction_applied event settles at most one movement (attribution consumes it).
 */
import { DEFAULT_CASHIER_CONFIG } from './api';
import type {
  Cashier,
  CashierConfig,
  CashierOptions,
  CashierSnapshot,
  CashierTimers,
  CommandResult,
  RequestResult,
} from './api';
import { createEventAttribution } from './attribution';
import { assessEvidence, findSeat, seatsOf, viewUnusableReason } from './evidence';
import { createIntentGate, recentIdentical } from './intents';
import { openJournal } from './journal';
import { newIdempotencyKey } from './key';
import { readArchive } from './archive';
import { centsTotals, ledgerTotals } from './ledger';
import { cancelBlocker, isPaired, isSettled, reduceMovement } from './machine';
import type { MovementEvent } from './machine';
import { createMovementStore, whenIdle } from './movement-store';
import { parseTransactionApplied } from './observations';
import { mustWithdraw, partnerKey, sendAgainBlocker, unsettledFor, withHostSince } from './policy';
import { createSender } from './sender';
import { openShiftBook, type ShiftBook } from './shift-book';
import { compactClosedShifts } from './shift-compaction';
import { createTableWatch } from './table-watch';
import type {
  Evidence,
  Movement,
  MovementRequest,
  MovementRequestFields,
  ObservedSeat,
  StreamCoverage,
  TableObservation,
} from './types';
import { checkMovementRequest, walkInBlocker } from './request';

const RECENT_EVENTS = 500;
const realTimers: CashierTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

function newMovement(
  request: MovementRequestFields,
  key: string,
  at: number,
  seat: ObservedSeat | null,
  replaces: string | null,
  shiftId: string | null,
  intentId: string | null = null,
): Movement {
  return {
    key,
    action: request.action,
    playerName: request.playerName,
    playerId: request.playerId ?? seat?.player_id ?? null,
    seatId: request.seatId ?? seat?.seat_id ?? null,
    amount: request.amount,
    closeSession: request.closeSession,
    stackAtAsk: seat?.stack ?? null,
    stackAtSend: null,
    handAtSend: null,
    state: 'queued',
    createdAt: at,
    updatedAt: at,
    firstSentAt: null,
    mayHaveReachedHost: false,
    attempts: [],
    next: null,
    doubt: null,
    evidence: null,
    settlement: null,
    replaces,
    replacedBy: null,
    flags: [],
    message: 'Queued.',
    shiftId,
    intentId,
  };
}

function requestFields(request: MovementRequest): MovementRequestFields {
  return {
    action: request.kind === 'buy_in' ? 'buy-in' : 'cash-out',
    playerName: request.playerName,
    playerId: request.playerId,
    seatId: request.seatId,
    amount: request.amount ?? null,
    closeSession: request.kind === 'cash_out' && request.closeSession,
  };
}

const ACCESS_WITHDRAWN = 'The venue withdrew access (401): set a working key first.';

const missing = (key: string): CommandResult => ({ ok: false, reason: `No movement ${key}.` });

/** How long an identical movement (player, kind, amount) counts as "just made": a second one needs confirming. */
export const DUPLICATE_WINDOW_MS = 60_000;

/** How long "send again" waits for the stream's heartbeat after its reading (the keeper pings every 15 s). */
const HEARTBEAT_WAIT_MS = 20_000;

/** The refusal when two seats carry one name as the venue matches names: it cannot tell which seat is meant. */
function namesakeRefusal(name: string, seats: readonly ObservedSeat[]): string {
  const where = seats.map((seat) => `seat ${seat.seat_id ?? '?'} (${seat.name ?? '?'})`).join(' and ');
  return (
    `${where} carry the same name as the venue reads names, and the venue applies money by name: it cannot tell ` +
    `which seat is meant. Nothing was sent; ask the table to rename one of them, then try again.`
  );
}

/** Opens the journal, recovers, resumes every unfinished movement (same key), then accepts new ones. */
export async function openCashier(options: CashierOptions): Promise<Cashier> {
  const config: CashierConfig = { ...DEFAULT_CASHIER_CONFIG, ...options.config };
  const now = options.now ?? Date.now;
  const phase = options.onPhase ?? (() => undefined);
  const journal = await openJournal(options.dataDir);
  const abort = new AbortController();
  const listeners = new Set<(snapshot: CashierSnapshot) => void>();
  const settledWaiters = new Map<string, Array<(movement: Movement) => void>>();
  const readyWaiters: Array<() => void> = [];
  let access: 'ok' | 'withdrawn' = 'ok';
  // Bumped each time access comes back: a 401 to a request sent before that says nothing about the new key.
  let accessEpoch = 0;
  let ready = false;
  let closed = false;
  let version = 0;
  let cached: CashierSnapshot | null = null;
  // What the live stream proves it delivered (the keeper's heartbeat); null until it says.
  let coverage: StreamCoverage | null = null;
  const deliveryWaiters = new Set<() => void>();
  const intents = createIntentGate();
  const timers = options.timers ?? realTimers;

  /**
   * Waits (at most HEARTBEAT_WAIT_MS) until the stream proves it delivered everything up to `at`: a reading taken at
   * a press can only say "not applied" once a heartbeat sent after it was answered. At once when the stream is not
   * delivering (nothing to wait for: the verdict is "cannot tell").
   */
  function deliveredThrough(at: number): Promise<void> {
    const done = (): boolean =>
      closed || coverage === null || coverage.unbrokenSince === null || (coverage.deliveredThrough ?? -1) >= at;
    if (done()) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = (): void => {
        deliveryWaiters.delete(check);
        timers.clearTimeout(handle);
        resolve();
      };
      const check = (): void => {
        if (done()) finish();
      };
      const handle = timers.setTimeout(finish, HEARTBEAT_WAIT_MS);
      deliveryWaiters.add(check);
    });
  }

  const store = createMovementStore(journal, journal.recovered.movements, (movement) => {
    changed();
    if (!isSettled(movement)) return;
    for (const resolve of settledWaiters.get(movement.key) ?? []) resolve(movement);
    settledWaiters.delete(movement.key);
  });
  // The shift log lives beside the journal, under the same lock. Until it is open the cashier is not returned.
  let shifts: ShiftBook;
  // The last closed shift's archived movements still explain their transaction_applied events: the feed's replay
  // after a restart must not offer those events as evidence for a movement of the new shift.
  let lastArchived: readonly Movement[];
  try {
    shifts = await openShiftBook({
      dir: journal.dataDir,
      now,
      movements: () => store.values(),
      totals: centsTotals,
      onChange: () => changed(),
    });
    const lastClosed = shifts
      .all()
      .filter((shift) => shift.close !== null)
      .at(-1);
    // Unreadable, it only loses this extra guard (evidence still needs a later hand and the stack it left with).
    lastArchived =
      lastClosed === undefined
        ? []
        : await readArchive(journal.dataDir, lastClosed.id).catch((error: unknown) => {
            process.emitWarning(
              `cashier: last shift's archive unreadable: ${error instanceof Error ? error.message : String(error)}`,
            );
            return [];
          });
  } catch (error) {
    await journal.close();
    throw error;
  }
  const watch = createTableWatch({
    readTable: options.readTable,
    now,
    signal: abort.signal,
    onBetweenHandsChange(betweenHands, previous) {
      // The snapshot shows only betweenHands of the table; stacks feed evidence, which publishes through commit.
      changed();
      if (betweenHands === true && previous !== true)
        for (const movement of store.values())
          if (movement.state === 'queued') void sender.runAttempt(movement.key, false);
    },
  });
  // One transaction_applied event is one application: it may be evidence for at most one movement. A claim met
  // after its movement settled is journaled with it (best effort: if the write fails, the claim still holds in
  // memory, as the stack_before rule does for a replay).
  const attribution = createEventAttribution(
    [...lastArchived, ...journal.recovered.movements],
    RECENT_EVENTS,
    (movement, event) => {
      watch.freshness.eventSeen(movement);
      void commit(movement.key, { type: 'claimed', event }).catch(() => undefined);
    },
  );

  function changed(): void {
    version += 1;
    cached = null;
    if (listeners.size === 0) return;
    const current = snapshot();
    for (const listener of listeners) listener(current);
  }

  function snapshot(): CashierSnapshot {
    if (cached !== null) return cached;
    const list = store.values();
    const at = now();
    const current = shifts.current();
    cached = {
      version,
      ready,
      access,
      betweenHands: watch.stream()?.betweenHands ?? null,
      movements: list.map((movement) => ({
        ...movement,
        shiftId: shifts.shiftOf(movement),
        attemptCount: movement.attempts.reduce((sum, entry) => sum + entry.count, 0),
        withHostSince: movement.state === 'with-host' || movement.state === 'in-doubt' ? withHostSince(movement) : null,
        cancelBlockedBy: cancelBlocker(movement),
        sendAgainBlockedBy: sendAgainBlocker(movement, at, !ready),
      })),
      totals: ledgerTotals(current === null ? [] : shifts.members(current.id)),
      recovery: journal.recovered.report,
      shifts: { current, all: shifts.all(), damaged: shifts.damaged },
    };
    return cached;
  }

  /**
   * Applies an event and journals the result; memory changes only once the journal took it. Every state is
   * fdatasync'd before this resolves except an attempt's outcome: the venue keeps a settled key's answer and replays
   * it, so if a power cut loses that record, recovery re-polls the same key and gets the same answer. Not waiting
   * for that fdatasync keeps a buy-in to about one fdatasync plus one round trip. Call only inside `store.exclusive`.
   */
  async function commitNow(key: string, event: MovementEvent, onWritten?: () => void): Promise<Movement | null> {
    const previous = store.get(key);
    if (previous === undefined) return null;
    let next = reduceMovement(previous, event);
    if (next === previous) return previous;
    if (next.state === 'applied' && previous.state !== 'applied') {
      // Attribute the event that explains this application before anything else can run, so no other movement can
      // take it as evidence. (If the write below fails, the event stays consumed: it is then evidence for nobody,
      // which fails closed.) The live stream delivers a transaction_applied event before the table view built from
      // it, so once its event has been seen the current view already shows this application; only an awaited
      // event makes it stale.
      const attributed = attribution.settledApplied(next);
      if (!attributed.seen) watch.freshness.applied(next);
      // The claimed event goes into this very record: a separate one could be overtaken by this one on disk.
      if (attributed.claimed !== null) next = reduceMovement(next, { type: 'claimed', event: attributed.claimed });
    }
    await store.put(next, { durable: event.type !== 'attempt', onWritten });
    return next;
  }

  const commit = (key: string, event: MovementEvent, onWritten?: () => void): Promise<Movement | null> =>
    store.exclusive(key, () => commitNow(key, event, onWritten));

  /** A movement's partner settled applied: flag a double, or withdraw a re-send that never reached the host. */
  async function afterApplied(movement: Movement): Promise<void> {
    const key = partnerKey(movement);
    const partner = key === null ? undefined : store.get(key);
    if (key === null || partner === undefined) return;
    if (partner.state === 'applied') {
      await commit(partner.key, { type: 'partner-applied', at: now(), partner: movement.key });
      await commit(movement.key, { type: 'partner-applied', at: now(), partner: partner.key });
    } else if (mustWithdraw(partner, movement) && !sender.isInFlight(key)) {
      sender.clear(key);
      await commit(key, { type: 'withdraw', at: now(), partner: movement.key });
    }
  }

  const inDoubtUnpaired = (movement: Movement | undefined): movement is Movement =>
    movement !== undefined && movement.state === 'in-doubt' && !isPaired(movement) && !closed;

  /** The evidence for a movement on the best reading there is, or on exactly `table` (the reading taken at a press). */
  function evidenceOn(movement: Movement, table: TableObservation | undefined): Evidence {
    const since = movement.doubt?.since ?? movement.firstSentAt;
    return assessEvidence(movement, {
      now: now(),
      table: table === undefined ? watch.best(since) : watch.fillHand(table, since),
      readFailure: table === undefined ? watch.readFailure() : null,
      events: attribution.unattributed(),
      otherMovementForPlayer: unsettledFor(store.values(), movement, movement.key) !== null,
      stream: coverage,
      stackMovedAt: watch.stackMovedAt(movement),
    });
  }

  /**
   * Rechecks an in-doubt movement's evidence: on the best reading there is, reading the table first when no usable
   * reading is newer than the doubt. `table`: decide on exactly this reading (the one taken when the cashier pressed).
   */
  async function gatherEvidence(key: string, table?: TableObservation): Promise<void> {
    const before = store.get(key);
    if (!inDoubtUnpaired(before)) return;
    const best = watch.best();
    if (
      table === undefined &&
      (best === null || best.receivedAt < (before.doubt?.since ?? 0) || viewUnusableReason(best) !== null)
    )
      await watch.read(false);
    const applied = await store.exclusive(key, async () => {
      const movement = store.get(key);
      if (!inDoubtUnpaired(movement)) return null;
      const evidence = evidenceOn(movement, table);
      const previous = movement.evidence;
      if (
        table === undefined &&
        previous !== null &&
        previous.verdict === evidence.verdict &&
        previous.summary === evidence.summary
      )
        return null;
      const next = await commitNow(key, { type: 'evidence', evidence });
      return next?.state === 'applied' ? next : null;
    });
    if (applied !== null) await afterApplied(applied);
  }

  const sender = createSender({
    store,
    commit,
    transport: options.transport,
    watch,
    timers,
    random: options.random ?? Math.random,
    retry: config.retry,
    queuedRetryMs: config.queuedRetryMs,
    now,
    phase,
    signal: abort.signal,
    accessOk: () => access === 'ok',
    accessEpoch: () => accessEpoch,
    withdrawAccess,
    closed: () => closed,
    async afterAttempt(key) {
      const movement = store.get(key);
      if (movement?.state === 'applied') await afterApplied(movement);
      await gatherEvidence(key);
    },
  });

  function withdrawAccess(): void {
    if (access === 'withdrawn') return;
    access = 'withdrawn';
    sender.clearAll();
    changed();
  }

  /**
   * Settled movements of closed shifts leave the journal for the archive (archive first, then compact). One run at
   * a time (a close during start-up recovery would otherwise race the recovery's run).
   */
  let compacting: Promise<unknown> = Promise.resolve();
  function compactShifts(): Promise<number> {
    const run = () =>
      compactClosedShifts({
        dir: journal.dataDir,
        store,
        shifts,
        compact: (keep) => journal.compact(keep),
        afterArchive: options.afterArchive,
      });
    const next = compacting.then(run, run);
    compacting = next.catch(() => undefined);
    return next;
  }

  /**
   * Housekeeping only: if archiving fails, the closed shifts' movements stay in the journal (counted once) and the
   * next start retries.
   */
  const compactShiftsOrDefer = (): Promise<unknown> =>
    compactShifts().catch((error: unknown) =>
      process.emitWarning(`cashier: shift archive deferred: ${error instanceof Error ? error.message : String(error)}`),
    );

  async function recover(): Promise<void> {
    // A crash between archiving a closed shift and compacting the journal left its movements in both: finish it.
    await compactShiftsOrDefer();
    changed();
    // Superseded snapshots pile up while keys are polled: rewrite when most of the file is history.
    // (A send again pressed meanwhile may be journaling: the list is taken once nothing is on its way; see whenIdle.)
    if (journal.recovered.report.records > 2 * store.size + 64)
      await whenIdle(store, () => journal.compact(store.values()));
    const at = now();
    for (const movement of store.values()) {
      await commit(movement.key, { type: 'recovered', at });
      // A crash between journaling a re-send and linking the old movement leaves the link on one side only.
      const old = movement.replaces === null ? undefined : store.get(movement.replaces);
      if (old !== undefined && old.replacedBy === null)
        await commit(old.key, { type: 'replaced', at, by: movement.key });
    }
    // A crash between a pair's application and its flag (or withdrawal) leaves that undone.
    for (const movement of store.values()) if (movement.state === 'applied') await afterApplied(movement);
    const unfinished = store.values().filter((movement) => !isSettled(movement) && movement.state !== 'queued');
    await Promise.all(unfinished.map((movement) => sender.runAttempt(movement.key, true)));
    ready = true;
    changed();
    for (const resolve of readyWaiters.splice(0)) resolve();
    sender.scheduleAll();
  }

  /**
   * Journals a new movement; when it can go now, the intent is its first record (one fdatasync before the send).
   * `link` writes whatever else must be durable before the first request leaves (a re-send's link).
   */
  async function start(
    fresh: Movement,
    table: TableObservation | null,
    link?: () => Promise<unknown>,
  ): Promise<Movement> {
    const sendNow = sender.canAutoSend();
    const movement = sendNow ? reduceMovement(fresh, sender.sendEvent(fresh, table)) : fresh;
    await store.exclusive(movement.key, () =>
      store.put(movement, { durable: true, onWritten: () => phase('intent-written', movement.key) }),
    );
    await link?.();
    if (sendNow) phase('intent-synced', movement.key);
    sender.schedule(movement.key);
    return store.get(movement.key) ?? movement;
  }

  async function request(input: MovementRequest): Promise<RequestResult> {
    if (closed) return { kind: 'blocked', reason: 'The cashier is closed.' };
    if (!ready)
      return {
        kind: 'blocked',
        reason: 'Recovering unfinished movements; new movements are accepted once they have resumed.',
      };
    if (access === 'withdrawn') return { kind: 'blocked', reason: ACCESS_WITHDRAWN };
    const problems = checkMovementRequest(input);
    if (problems.length > 0) return { kind: 'invalid', errors: problems };
    // The same press twice (a double-click, a bounced Enter) is one intent: the first press's movement.
    const earlier = input.intentId === undefined ? null : intents.earlier(input.intentId, store.values());
    if (earlier !== null) return earlier;
    const fields = requestFields(input);
    const table = watch.stream();
    const seated = walkInBlocker(input, table?.seats ?? []);
    if (seated !== null) return { kind: 'blocked', reason: seated };
    // The venue applies by name: two seats that carry one name (as the venue matches names) cannot be told apart.
    const namesakes = seatsOf(fields, table);
    if (namesakes.length > 1) return { kind: 'blocked', reason: namesakeRefusal(fields.playerName, namesakes) };
    // The same seat the evidence will read.
    const seat = findSeat(fields, table);
    const playerId = fields.playerId ?? seat?.player_id ?? null;
    // From here to `intents.hold` nothing awaits: the check and the claim are one step, so a second press arriving
    // while the first is being journaled sees it.
    const known = [...store.values(), ...intents.pending()];
    const busy = unsettledFor(known, { playerId, playerName: fields.playerName }, null);
    if (busy !== null)
      return {
        kind: 'blocked',
        reason:
          `${fields.playerName} already has a ${busy.action} that is ${busy.state} ` +
          `(${busy.key}); it must settle first.`,
      };
    const first = recentIdentical(known, fields, now(), DUPLICATE_WINDOW_MS);
    if (first !== null && input.confirmSecond !== true)
      return {
        kind: 'duplicate',
        first,
        reason:
          `The same ${first.action} (${first.amount ?? 'whole stack'}) for ${first.playerName} was made moments ago ` +
          `(${first.key}, ${first.state}). Confirm to make a second one.`,
      };
    // The movement belongs to the shift open now; a close waits until it is journaled.
    const admission = shifts.admit();
    if (!admission.ok) return { kind: 'blocked', reason: admission.reason };
    const fresh = newMovement(
      fields,
      newIdempotencyKey(),
      now(),
      seat,
      null,
      admission.shiftId,
      input.intentId ?? null,
    );
    const answer = (async (): Promise<RequestResult> => {
      try {
        return { kind: 'accepted', movement: await start(fresh, table) };
      } finally {
        admission.done();
      }
    })();
    intents.hold(fresh, answer);
    return answer;
  }

  /** "Send again": a table read at this moment must show the old key did not apply, after its outcome_unknown. */
  async function sendAgain(key: string): Promise<CommandResult> {
    if (access === 'withdrawn') return { ok: false, reason: ACCESS_WITHDRAWN };
    const early = store.get(key);
    if (early === undefined) return missing(key);
    // After a restart the old key is asked again first (`recovering`): the host may have answered it meanwhile.
    const earlyBlocker = early.state === 'in-doubt' && ready ? null : sendAgainBlocker(early, now(), !ready);
    if (earlyBlocker !== null) return { ok: false, reason: earlyBlocker };
    const reading = await watch.read(true);
    if (reading === null || !reading.ok)
      return {
        ok: false,
        reason: `Cannot read the table now${reading === null ? '' : `: ${reading.reason}`}. Nothing was sent.`,
      };
    await deliveredThrough(reading.table.receivedAt);
    await gatherEvidence(key, reading.table);
    let replacement: Movement | null = null;
    const blocker = await store.exclusive(key, async () => {
      const checked = store.get(key);
      if (checked === undefined) return `No movement ${key}.`;
      const why = sendAgainBlocker(checked, now());
      if (why !== null) return why;
      // The decision rests on the reading taken at the press, whatever else arrived while its evidence was being
      // journaled: a live view that came in meanwhile must not override a press-time reading that cannot vouch.
      const atPress = evidenceOn(checked, reading.table);
      if (atPress.verdict !== 'not-applied') return atPress.summary;
      // The re-send asks for exactly what the movement asked for, under a new key.
      // It is the same request, so it stays in the movement's shift (which cannot close while that one is in doubt).
      const fresh = newMovement(checked, newIdempotencyKey(), now(), null, checked.key, shifts.shiftOf(checked));
      replacement = await start(fresh, reading.table, () =>
        commitNow(key, { type: 'replaced', at: now(), by: fresh.key }),
      );
      return null;
    });
    if (blocker !== null || replacement === null)
      return blocker === null ? missing(key) : { ok: false, reason: blocker };
    return { ok: true, movement: store.get((replacement as Movement).key) ?? replacement };
  }

  /** The cashier's decision that an in-doubt movement applied, on evidence that shows it applied. Journaled. */
  async function acceptShown(key: string): Promise<CommandResult> {
    const movement = store.get(key);
    if (movement === undefined) return missing(key);
    if (movement.state !== 'in-doubt') return { ok: false, reason: `It is ${movement.state}, not in doubt.` };
    if (isPaired(movement))
      return { ok: false, reason: "It was sent again: only each key's own answer from the host can settle it." };
    if (movement.evidence?.verdict !== 'applied')
      return { ok: false, reason: 'The table does not show it applied; nothing to accept.' };
    const next = await commit(key, { type: 'accept-shown', at: now() });
    if (next === null) return missing(key);
    if (next.state !== 'applied') return { ok: false, reason: 'The table no longer shows it applied.' };
    sender.clear(key);
    await afterApplied(next);
    return { ok: true, movement: next };
  }

  const cashier: Cashier = {
    request,
    async sendNow(key) {
      const movement = store.get(key);
      if (movement === undefined) return missing(key);
      if (isSettled(movement)) return { ok: false, reason: `It is already ${movement.state}.` };
      if (access === 'withdrawn') return { ok: false, reason: ACCESS_WITHDRAWN };
      if (sender.isInFlight(key)) return { ok: true, movement };
      void sender.runAttempt(key, true);
      return { ok: true, movement: store.get(key) ?? movement };
    },
    async cancel(key) {
      const movement = store.get(key);
      if (movement === undefined) return missing(key);
      const early = cancelBlocker(movement);
      if (early !== null) return { ok: false, reason: early };
      // Held like an attempt, in this same step: no attempt can start while the cancel is being journaled.
      const release = sender.hold(key);
      if (release === null) return { ok: false, reason: 'It is being sent right now.' };
      try {
        const next = await commit(key, { type: 'cancel', at: now() });
        if (next === null) return missing(key);
        return next.state === 'cancelled'
          ? { ok: true, movement: next }
          : { ok: false, reason: cancelBlocker(next) ?? 'It could not be cancelled.' };
      } finally {
        release();
        sender.schedule(key);
      }
    },
    async resolveInDoubt(key, choice) {
      if (choice === 'send-again') return sendAgain(key);
      if (choice === 'accept-shown') return acceptShown(key);
      const movement = store.get(key);
      if (movement === undefined) return missing(key);
      if (movement.state !== 'in-doubt') return { ok: false, reason: `It is ${movement.state}, not in doubt.` };
      const next = await commit(key, { type: 'leave-in-doubt', at: now() });
      return next === null ? missing(key) : { ok: true, movement: next };
    },
    observeTable(input) {
      if (closed || !watch.take(input)) return;
      for (const movement of store.values()) if (movement.state === 'in-doubt') void gatherEvidence(movement.key);
    },
    observeStream(next) {
      if (closed) return;
      coverage = next;
      for (const check of [...deliveryWaiters]) check();
      for (const movement of store.values()) if (movement.state === 'in-doubt') void gatherEvidence(movement.key);
    },
    observeTransactionApplied(payload, venueTs) {
      const parsed = parseTransactionApplied(payload, now(), venueTs ?? null);
      if (parsed === null || closed) return;
      attribution.observe(parsed);
      for (const movement of store.values()) if (movement.state === 'in-doubt') void gatherEvidence(movement.key);
    },
    observeAccess(next) {
      if (next === 'withdrawn') withdrawAccess();
      else if (access !== 'ok') {
        access = 'ok';
        accessEpoch += 1;
        changed();
        sender.scheduleAll();
      }
    },
    snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    whenSettled(key) {
      const movement = store.get(key);
      if (movement === undefined) return Promise.reject(new Error(`No movement ${key}.`));
      if (isSettled(movement)) return Promise.resolve(movement);
      return new Promise((resolve) => settledWaiters.set(key, [...(settledWaiters.get(key) ?? []), resolve]));
    },
    isBusy: () => store.isBusy(),
    whenReady() {
      return ready ? Promise.resolve() : new Promise((resolve) => readyWaiters.push(resolve));
    },
    async compact(compactOptions) {
      const cutoff = compactOptions?.dropSettledBefore;
      const droppable = (movement: Movement | undefined): boolean =>
        movement === undefined ||
        (cutoff !== undefined && isSettled(movement) && (movement.settlement?.at ?? movement.updatedAt) < cutoff);
      // The kept list is taken, and the rewrite queued, once no state is on its way to the journal (see whenIdle).
      let listed: Movement[] = [];
      let keep: Movement[] = [];
      await whenIdle(store, () => {
        listed = store.values();
        // A re-send pair leaves together: while one key may still apply, the other must be there to withdraw or flag.
        keep = listed.filter((movement) => {
          const partner = partnerKey(movement);
          return !droppable(movement) || (partner !== null && !droppable(store.get(partner)));
        });
        return journal.compact(keep);
      });
      if (cutoff !== undefined) {
        // Only what this rewrite left out: a movement requested while it ran is in the new file and stays.
        const kept = new Set(keep.map((movement) => movement.key));
        store.forget(listed.map((movement) => movement.key).filter((key) => !kept.has(key)));
        changed();
      }
    },
    async openShift(openingFloat, operator) {
      if (closed) return { ok: false, reason: 'The cashier is closed.' };
      return shifts.open(openingFloat, operator);
    },
    async closeShift(counted, details) {
      if (closed) return { ok: false, reason: 'The cashier is closed.' };
      const result = await shifts.close(counted, details);
      // The close is recorded; moving its movements to the archive is housekeeping that the next start retries.
      if (result.ok) await compactShiftsOrDefer();
      return result;
    },
    async shiftMovements(shiftId) {
      const wanted = shiftId === 'all' ? shifts.all().map((shift) => shift.id) : [shiftId];
      const byKey = new Map<string, Movement>();
      for (const id of wanted)
        for (const movement of await readArchive(journal.dataDir, id))
          byKey.set(movement.key, { ...movement, shiftId: id });
      // The journal's state is the newest: a movement in both (a crash before the compaction) counts once.
      for (const movement of store.values()) {
        const id = shifts.shiftOf(movement);
        if (id !== null && wanted.includes(id)) byKey.set(movement.key, { ...movement, shiftId: id });
      }
      return [...byKey.values()].sort((a, b) => a.createdAt - b.createdAt);
    },
    async close() {
      if (closed) return;
      closed = true;
      abort.abort();
      for (const check of [...deliveryWaiters]) check();
      sender.clearAll();
      try {
        await shifts.dispose();
      } finally {
        await journal.close();
      }
    },
  };

  void recover().catch((error: unknown) =>
    process.emitWarning(`cashier: recovery paused: ${error instanceof Error ? error.message : String(error)}`),
  );
  return cashier;
}
