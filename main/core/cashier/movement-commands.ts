/**
 * The cashier's commands on one movement: send it now, cancel it, and the three choices for one in doubt (send
 * again under a new key, accept what the table shows, leave it). Each one's guard is the pure modules' (machine,
 * policy, evidence); these run them at the right moment, under the movement's lock where the decision needs it.
 */
import type { CommandResult, InDoubtChoice } from './api';
import { commit, commitNow } from './commit';
import { countedByCashier } from './decision';
import { sendingFacts } from './evidence';
import { deliveredThrough, evidenceOn, gatherEvidence } from './in-doubt';
import { newIdempotencyKey } from './key';
import { cancelBlocker, isPaired, isSettled } from './machine';
import { newMovement } from './new-movement';
import { sendAgainBlocker } from './policy';
import { ACCESS_WITHDRAWN, isClosed, missing, type CashierRuntime } from './runtime';
import type { Movement } from './types';

/** The cashier pressed "send now": one attempt now, even while queued or mid-hand. */
export function sendNow(runtime: CashierRuntime, key: string): CommandResult {
  const { store, sender } = runtime;
  const movement = store.get(key);
  if (movement === undefined) return missing(key);
  if (isSettled(movement)) return { ok: false, reason: `It is already ${movement.state}.` };
  if (runtime.access === 'withdrawn') return { ok: false, reason: ACCESS_WITHDRAWN };
  if (sender.isInFlight(key)) return { ok: true, movement };
  void sender.runAttempt(key, true);
  return { ok: true, movement: store.get(key) ?? movement };
}

export async function cancelMovement(runtime: CashierRuntime, key: string): Promise<CommandResult> {
  const { store, sender, now } = runtime;
  const movement = store.get(key);
  if (movement === undefined) return missing(key);
  const early = cancelBlocker(movement);
  if (early !== null) return { ok: false, reason: early };
  // Held like an attempt, in this same step: no attempt can start while the cancel is being journaled.
  const release = sender.hold(key);
  if (release === null) return { ok: false, reason: 'It is being sent right now.' };
  try {
    const next = await commit(runtime, key, { type: 'cancel', at: now() });
    if (next === null) return missing(key);
    return next.state === 'cancelled'
      ? { ok: true, movement: next }
      : { ok: false, reason: cancelBlocker(next) ?? 'It could not be cancelled.' };
  } finally {
    release();
    sender.schedule(key);
  }
}

/** "Send again": a table read at this moment must show the old key did not apply, after its outcome_unknown. */
async function sendAgain(runtime: CashierRuntime, key: string): Promise<CommandResult> {
  const { store, shifts, now, ready } = runtime;
  if (runtime.access === 'withdrawn') return { ok: false, reason: ACCESS_WITHDRAWN };
  const early = store.get(key);
  if (early === undefined) return missing(key);
  // After a restart the old key is asked again first (`recovering`): the host may have answered it meanwhile.
  const earlyBlocker = early.state === 'in-doubt' && ready ? null : sendAgainBlocker(early, now(), !ready);
  if (earlyBlocker !== null) return { ok: false, reason: earlyBlocker };
  const reading = await runtime.watch.read(true);
  if (reading === null || !reading.ok)
    return {
      ok: false,
      reason: `Cannot read the table now${reading === null ? '' : `: ${reading.reason}`}. Nothing was sent.`,
    };
  await deliveredThrough(runtime, reading.table.receivedAt);
  await gatherEvidence(runtime, key, reading.table);
  let replacement: Movement | null = null;
  const blocker = await store.exclusive(key, async () => {
    // Closed while the table was read: a replacement journaled now could not be linked to the movement it replaces,
    // and a restart would send it anyway.
    if (isClosed(runtime)) return 'The cashier is closed. Nothing was sent.';
    const checked = store.get(key);
    if (checked === undefined) return `No movement ${key}.`;
    const why = sendAgainBlocker(checked, now());
    if (why !== null) return why;
    // The decision rests on the reading taken at the press, whatever else arrived while its evidence was being
    // journaled: a live view that came in meanwhile must not override a press-time reading that cannot vouch.
    const atPress = evidenceOn(runtime, checked, reading.table);
    if (atPress.verdict !== 'not-applied') return atPress.summary;
    // The re-send asks for exactly what the movement asked for, under a new key.
    // It is the same request, so it stays in the movement's shift (which cannot close while that one is in doubt).
    const fresh = newMovement(checked, newIdempotencyKey(), now(), null, checked.key, shifts.shiftOf(checked));
    const leaving = sendingFacts(fresh, reading.table, runtime.watch.freshness.isStale(fresh));
    replacement = await runtime.sender.start(fresh, { stream: runtime.watch.stream(), leaving }, () =>
      commitNow(runtime, key, {
        type: 'replaced',
        at: now(),
        wallAt: runtime.wall(),
        by: fresh.key,
        operator: operatorNow(runtime),
      }),
    );
    return null;
  });
  if (blocker !== null || replacement === null) return blocker === null ? missing(key) : { ok: false, reason: blocker };
  return { ok: true, movement: store.get((replacement as Movement).key) ?? replacement };
}

/** Who decides: the open shift's operator (null when none was recorded). */
const operatorNow = (runtime: CashierRuntime): string | null => runtime.shifts.current()?.operator ?? null;

/**
 * The cashier counts an in-doubt movement as applied, on evidence that shows it applied. Journaled with who and when;
 * it stays in doubt and its key keeps being asked (the sender goes on polling it) until the venue answers.
 */
async function acceptShown(runtime: CashierRuntime, key: string): Promise<CommandResult> {
  const movement = runtime.store.get(key);
  if (movement === undefined) return missing(key);
  if (movement.state !== 'in-doubt') return { ok: false, reason: `It is ${movement.state}, not in doubt.` };
  if (isPaired(movement))
    return { ok: false, reason: "It was sent again: only the host's answer to each request can settle it." };
  if (movement.evidence?.verdict !== 'applied')
    return { ok: false, reason: 'The table does not show it applied; nothing to accept.' };
  if (countedByCashier(movement)) return { ok: true, movement };
  const next = await commit(runtime, key, {
    type: 'accept-shown',
    at: runtime.now(),
    wallAt: runtime.wall(),
    operator: operatorNow(runtime),
  });
  if (next === null) return missing(key);
  if (!countedByCashier(next)) {
    if (isSettled(next)) return { ok: false, reason: `The venue answered meanwhile: it is ${next.state}.` };
    return { ok: false, reason: 'The table no longer shows it applied.' };
  }
  return { ok: true, movement: next };
}

/** The cashier's choice for an in-doubt movement. */
export async function resolveInDoubt(
  runtime: CashierRuntime,
  key: string,
  choice: InDoubtChoice,
): Promise<CommandResult> {
  if (choice === 'send-again') return sendAgain(runtime, key);
  if (choice === 'accept-shown') return acceptShown(runtime, key);
  const movement = runtime.store.get(key);
  if (movement === undefined) return missing(key);
  if (movement.state !== 'in-doubt') return { ok: false, reason: `It is ${movement.state}, not in doubt.` };
  if (countedByCashier(movement))
    return { ok: false, reason: 'It is counted as applied by the cashier until the venue answers this request.' };
  const next = await commit(runtime, key, {
    type: 'leave-in-doubt',
    at: runtime.now(),
    wallAt: runtime.wall(),
    operator: operatorNow(runtime),
  });
  return next === null ? missing(key) : { ok: true, movement: next };
}
