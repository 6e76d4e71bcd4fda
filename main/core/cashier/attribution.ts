/**
 * Which observed transaction_applied events are already explained. One event is one application by the host, so
 * it may settle at most one movement: attributing it consumes it. An event is explained (and consumed) by
 * - the movement it settled as observed evidence (journaled in that movement's `evidence.matchingEvent`; journals
 *   written before decisions were kept apart from answers), or
 * - a movement the cashier counted as applied on it (`decision.evidenceEvent`), held only until that movement's key
 *   answers: then it is released, and the answer's own claim (below) decides whose it is, or

 * - a movement the host's own answer settled as applied: that application's event is the earliest matching one
 *   seen after its intent, or the next matching one to arrive (a pending claim). Once found it is handed to
 *   `onClaim`, which journals it in the movement's `settlement.claimedEvent`.
 * Both kinds are rebuilt from the journal after a restart, pending claims included (the most recent `limit`), so an
 * event the feed replays after a restart is still known for whose it is. Only events explained by neither are
 * offered as evidence.
 */
import { countedByCashier, heldEvidence } from './decision';
import { eventIdentity, matchesMovement } from './evidence';
import type { Movement, TransactionAppliedObservation } from './types';

export interface EventAttribution {
  /** Events seen and not yet attributed to any movement, oldest first. */
  unattributed(): readonly TransactionAppliedObservation[];
  /**
   * Takes a newly seen event: consumed at once by a pending claim (reported to onClaim), dropped if consumed before.
   */
  observe(event: TransactionAppliedObservation): void;
  /**
   * Records that this movement just settled applied; consumes the event that explains it (now or when it arrives).
   * `seen`: that event had already been seen, so the table view that followed it already shows this application.
   * `claimed`: the event a host-answered movement claimed just now (the caller journals it with the movement).
   */
  settledApplied(movement: Movement): {
    readonly seen: boolean;
    readonly claimed: TransactionAppliedObservation | null;
  };
  /** A cashier counted a movement as applied on this event: held (consumed) for it until its key answers. */
  hold(event: TransactionAppliedObservation): void;
  /**
   * The key of a movement counted on this event answered: the event goes back to the unexplained ones (oldest first),
   * for the answer's own claim, or, if that claims another, as another writer's.
   */
  release(event: TransactionAppliedObservation): void;
}

const answeredApplied = (movement: Movement): boolean =>
  movement.state === 'applied' && movement.settlement !== null && movement.settlement.how !== 'observed';

/**
 * Starts from the journal: every event a settled movement was observed by or claimed stays consumed, and host-answered
 * applications whose event was never seen wait for it again. `onClaim` hears of each pending claim met later.
 */
export function createEventAttribution(
  journaled: Iterable<Movement>,
  limit: number,
  onClaim: (movement: Movement, event: TransactionAppliedObservation) => void = () => undefined,
): EventAttribution {
  const consumed = new Set<string>();
  let seen: TransactionAppliedObservation[] = [];
  let claims: Movement[] = [];

  const consume = (event: TransactionAppliedObservation): void => {
    const identity = eventIdentity(event);
    consumed.add(identity);
    seen = seen.filter((candidate) => eventIdentity(candidate) !== identity);
  };

  const waiting: Movement[] = [];
  for (const movement of journaled) {
    const event =
      movement.settlement?.how === 'observed'
        ? (movement.evidence?.matchingEvent ?? null)
        : ((countedByCashier(movement) ? heldEvidence(movement) : null) ?? movement.settlement?.claimedEvent ?? null);
    if (event !== null) consumed.add(eventIdentity(event));
    else if (answeredApplied(movement)) waiting.push(movement);
  }
  claims = waiting.sort((a, b) => (a.settlement?.at ?? 0) - (b.settlement?.at ?? 0)).slice(-limit);

  return {
    unattributed: () => seen,
    observe(event) {
      if (consumed.has(eventIdentity(event))) return;
      const claim = claims.find((movement) => matchesMovement(movement, event));
      if (claim !== undefined) {
        claims = claims.filter((movement) => movement !== claim);
        consumed.add(eventIdentity(event));
        onClaim(claim, event);
        return;
      }
      seen = [...seen.slice(-(limit - 1)), event];
    },
    settledApplied(movement) {
      if (movement.settlement?.how === 'observed') {
        if (movement.evidence?.matchingEvent) consume(movement.evidence.matchingEvent);
        return { seen: true, claimed: null };
      }
      const explained = seen.find((event) => matchesMovement(movement, event));
      if (explained !== undefined) {
        consume(explained);
        return { seen: true, claimed: explained };
      }
      // Its event has not arrived yet: the next matching one is this movement's, never evidence for another.
      claims = [...claims.slice(-(limit - 1)), movement];
      return { seen: false, claimed: null };
    },
    hold: consume,
    release(event) {
      const identity = eventIdentity(event);
      if (!consumed.delete(identity)) return;
      seen = [...seen, event].sort((a, b) => a.observedAt - b.observedAt).slice(-limit);
    },
  };
}
