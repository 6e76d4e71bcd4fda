/**
 * Journaling a movement's next state: reduce, attribute the event an application used, write, and only then let
 * memory (and so every decision) see it. Plus what an application means for its re-send partner.
 */
import { countedByCashier, heldEvidence } from './decision';
import { isSettled, reduceMovement, type MovementEvent } from './machine';
import { mustWithdraw, partnerKey } from './policy';
import type { CashierRuntime } from './runtime';
import type { Movement } from './types';

/**
 * Applies an event and journals the result; memory changes only once the journal took it. Every state is
 * fdatasync'd before this resolves except an attempt's outcome: the venue keeps a settled key's answer and replays
 * it, so if a power cut loses that record, recovery re-polls the same key and gets the same answer. Not waiting
 * for that fdatasync keeps a buy-in to about one fdatasync plus one round trip. Call only inside `store.exclusive`.
 */
export async function commitNow(
  runtime: CashierRuntime,
  key: string,
  event: MovementEvent,
  onWritten?: () => void,
): Promise<Movement | null> {
  const previous = runtime.store.get(key);
  if (previous === undefined) return null;
  let next = reduceMovement(previous, event);
  if (next === previous) return previous;
  next = attributeDecision(runtime, previous, next);
  if (next.state === 'applied' && previous.state !== 'applied') {
    // Attribute the event that explains this application before anything else can run, so no other movement can
    // take it as evidence. (If the write below fails, the event stays consumed: it is then evidence for nobody,
    // which fails closed.) The live stream delivers a transaction_applied event before the table view built from
    // it, so once its event has been seen the current view already shows this application; only an awaited
    // event makes it stale.
    const attributed = runtime.attribution.settledApplied(next);
    if (!attributed.seen) runtime.watch.freshness.applied(next);
    // The claimed event goes into this very record: a separate one could be overtaken by this one on disk.
    if (attributed.claimed !== null) next = reduceMovement(next, { type: 'claimed', event: attributed.claimed });
  }
  return runtime.store.put(next, { durable: event.type !== 'attempt', onWritten });
}

/**
 * The event a cashier counted a movement on is held for it until its key answers; then it goes back, so the answer's
 * own claim (an application) or nobody (a refusal: another writer's) explains it. A refusal that contradicts a count
 * made in a shift already closed is booked in the shift open now.
 */
function attributeDecision(runtime: CashierRuntime, previous: Movement, next: Movement): Movement {
  const wasCounted = countedByCashier(previous);
  if (!wasCounted && countedByCashier(next)) {
    const event = heldEvidence(next);
    if (event !== null) runtime.attribution.hold(event);
    return next;
  }
  if (!wasCounted || !isSettled(next)) return next;
  const event = heldEvidence(previous);
  if (event !== null) runtime.attribution.release(event);
  const own = runtime.shifts.shiftOf(next);
  const open = runtime.shifts.current()?.id ?? null;
  if (next.state !== 'refused' || next.decision === undefined || next.decision === null || open === own) return next;
  return { ...next, decision: { ...next.decision, correctedInShift: open } };
}

/** `commitNow` in the movement's turn: changes to one movement are journaled one at a time, in order. */
export const commit = (
  runtime: CashierRuntime,
  key: string,
  event: MovementEvent,
  onWritten?: () => void,
): Promise<Movement | null> => runtime.store.exclusive(key, () => commitNow(runtime, key, event, onWritten));

/** A movement's partner settled applied: flag a double, or withdraw a re-send that never reached the host. */
export async function afterApplied(runtime: CashierRuntime, movement: Movement): Promise<void> {
  const { store, sender, now } = runtime;
  const key = partnerKey(movement);
  const partner = key === null ? undefined : store.get(key);
  if (key === null || partner === undefined) return;
  if (partner.state === 'applied') {
    await commit(runtime, partner.key, { type: 'partner-applied', at: now(), partner: movement.key });
    await commit(runtime, movement.key, { type: 'partner-applied', at: now(), partner: partner.key });
  } else if (mustWithdraw(partner, movement) && !sender.isInFlight(key)) {
    sender.clear(key);
    await commit(runtime, key, { type: 'withdraw', at: now(), partner: movement.key });
  }
}
