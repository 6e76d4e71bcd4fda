/**
 * Which observed transaction_applied events are already explained. One event is one application by the host, so
 * it may settle at most one movement: attributing it consumes it. An event is explained (and consumed) by
 * - the movement it settled as observed evidence (journaled in that movement's `evidence.matchingEvent`, so the
 *   consumption is rebuilt from the journal after a restart), or
 * - a movement the host's own answer settled as applied: that application's event is the earliest matching one
 *   seen after its intent, or the next matching one to arrive (a pending claim).
 * Only events explained by neither are offered as evidence.
 */
import { eventIdentity, matchesMovement } from './evidence';
import type { Movement, TransactionAppliedObservation } from './types';

export interface EventAttribution {
  /** Events seen and not yet attributed to any movement, oldest first. */
  unattributed(): readonly TransactionAppliedObservation[];
  /** Takes a newly seen event: consumed at once by a pending claim, dropped if its identity was consumed before. */
  observe(event: TransactionAppliedObservation): void;
  /**
   * Records that this movement just settled applied; consumes the event that explains it (now or when it arrives).
   * True when that event had already been seen, so the table view that followed it already shows this application.
   */
  settledApplied(movement: Movement): boolean;
}

/** Starts from the journal: every event a settled movement was observed by stays consumed. */
export function createEventAttribution(journaled: Iterable<Movement>, limit: number): EventAttribution {
  const consumed = new Set<string>();
  let seen: TransactionAppliedObservation[] = [];
  let claims: Movement[] = [];

  const consume = (event: TransactionAppliedObservation): void => {
    const identity = eventIdentity(event);
    consumed.add(identity);
    seen = seen.filter((candidate) => eventIdentity(candidate) !== identity);
  };

  for (const movement of journaled) {
    const event = movement.settlement?.how === 'observed' ? movement.evidence?.matchingEvent ?? null : null;
    if (event !== null) consumed.add(eventIdentity(event));
  }

  return {
    unattributed: () => seen,
    observe(event) {
      if (consumed.has(eventIdentity(event))) return;
      const claim = claims.find((movement) => matchesMovement(movement, event));
      if (claim !== undefined) {
        claims = claims.filter((movement) => movement !== claim);
        consumed.add(eventIdentity(event));
        return;
      }
      seen = [...seen.slice(-(limit - 1)), event];
    },
    settledApplied(movement) {
      if (movement.settlement?.how === 'observed') {
        if (movement.evidence?.matchingEvent) consume(movement.evidence.matchingEvent);
        return true;
      }
      const explained = seen.find((event) => matchesMovement(movement, event));
      if (explained !== undefined) {
        consume(explained);
        return true;
      }
      // Its event has not arrived yet: the next matching one is this movement's, never evidence for another.
      claims = [...claims.slice(-(limit - 1)), movement];
      return false;
    },
  };
}
