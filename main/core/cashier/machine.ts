/**
 * The movement state machine: a pure reducer `(movement, event) -> movement` over readonly data. An event that
 * does not apply to the movement's state returns the movement unchanged; the runtime asks the guards
 * (`cancelBlocker` here, `sendAgainBlocker` in policy.ts) first so the cashier gets a reason. An attempt's answer is
 * applied by `machine-attempts.ts`, the facts recorded in any state by `machine-facts.ts`.
 */
import type { TransactionAttempt } from '../venue/transaction';
import { countedByCashier, countedMessage } from './decision';
import { applyAttempt } from './machine-attempts';
import { addFlag, isFact, keepCountedVisible, recordFact, type FactEvent } from './machine-facts';
import type { Evidence, IntentPosition, Movement, TransactionAppliedObservation } from './types';
import { SETTLED_STATES } from './types';

export type MovementEvent =
  /**
   * The intent to send is being journaled: queued -> sending. Carries the stack and hand number seen as it leaves
   * (null when the view could not vouch for them).
   */
  | {
      readonly type: 'send';
      readonly at: number;
      readonly stack: number | null;
      readonly handNumber: number | null;
      /** Where the live stream stood as this intent was journaled (kept only with the first intent). */
      readonly position?: IntentPosition | null;
    }
  | { readonly type: 'attempt'; readonly at: number; readonly attempt: TransactionAttempt }
  | { readonly type: 'evidence'; readonly evidence: Evidence }
  /** `operator`: the open shift's operator (who decided), null when none was recorded. */
  /** `wallAt`: the PC's wall clock then, for people (every `at` is an order time). */
  | { readonly type: 'leave-in-doubt'; readonly at: number; readonly wallAt?: number; readonly operator: string | null }
  /** The cashier chose "send again": the new movement's key (`operator`: who chose; absent when recovery re-links). */
  | {
      readonly type: 'replaced';
      readonly at: number;
      readonly wallAt?: number;
      readonly by: string;
      readonly operator?: string | null;
    }
  | { readonly type: 'cancel'; readonly at: number }
  /** Its re-send partner applied and this one never reached the host: it must never be sent. */
  | { readonly type: 'withdraw'; readonly at: number; readonly partner: string }
  /** The movement it replaced (or that replaced it) also applied. */
  | { readonly type: 'partner-applied'; readonly at: number; readonly partner: string }
  /** The live event of an application the host's answer settled: journaled so a replay of it is never evidence. */
  | { readonly type: 'claimed'; readonly event: TransactionAppliedObservation }
  /**
   * The cashier counts this movement as applied, on the evidence shown (the table shows it applied). A decision, not
   * an answer: it stays in doubt and its key keeps being asked (an event or stack change another writer could have
   * made is not our key's); it is counted in the drawer meanwhile, as an exception (decision.ts).
   */
  | { readonly type: 'accept-shown'; readonly at: number; readonly wallAt?: number; readonly operator: string | null }
  /** Loaded from the journal after a restart: an attempt may have left just before the crash. */
  | { readonly type: 'recovered'; readonly at: number };

export const isSettled = (movement: Movement): boolean => SETTLED_STATES.has(movement.state);

/**
 * A movement that was sent again, or is a re-send: the pair has the same player, kind and amount, so their events
 * and stack changes are indistinguishable. Only each key's own answer from the host settles it.
 */
export const isPaired = (movement: Movement): boolean => movement.replaces !== null || movement.replacedBy !== null;

/** The pure reducer. */
export function reduceMovement(movement: Movement, event: MovementEvent): Movement {
  if (isFact(event)) return recordFact(movement, event);
  if (isSettled(movement)) return movement;
  return keepCountedVisible(movement, reduceUnsettled(movement, event));
}

function reduceUnsettled(movement: Movement, event: Exclude<MovementEvent, FactEvent>): Movement {
  switch (event.type) {
    case 'send': {
      if (movement.state !== 'queued') return movement;
      // While the key is unused (never sent, or proven unused), what it leaves with is what the table shows now.
      const unused = !movement.mayHaveReachedHost;
      return {
        ...movement,
        state: 'sending',
        updatedAt: event.at,
        next: null,
        firstSentAt: movement.firstSentAt ?? event.at,
        // The first intent's place in the stream: a later one would make events between the two look earlier.
        sentPosition: movement.firstSentAt === null ? (event.position ?? null) : (movement.sentPosition ?? null),
        stackAtSend: unused ? event.stack : movement.stackAtSend,
        handAtSend: unused ? event.handNumber : movement.handAtSend,
        message: 'Sending.',
      };
    }
    case 'attempt':
      if (movement.state === 'queued') return movement;
      return applyAttempt(movement, event.at, event.attempt);
    case 'evidence': {
      // A counted movement keeps the evidence it was counted on: only its key's answer changes it now.
      if (movement.state !== 'in-doubt' || isPaired(movement) || countedByCashier(movement)) return movement;
      const { evidence } = event;
      // Evidence never settles on its own: another writer (the venue's cashier, another PC, an operator) can make
      // the same event or stack change. The key keeps being asked; the cashier may decide on what is shown.
      if (evidence.verdict === 'applied')
        return {
          ...movement,
          evidence,
          updatedAt: evidence.checkedAt,
          message: `Shown applied by the table, not confirmed by the venue for this request: ${evidence.summary}`,
        };
      return { ...movement, evidence, updatedAt: evidence.checkedAt };
    }
    case 'accept-shown': {
      if (
        movement.state !== 'in-doubt' ||
        isPaired(movement) ||
        movement.evidence?.verdict !== 'applied' ||
        countedByCashier(movement)
      )
        return movement;
      const { evidence } = movement;
      const decision = {
        choice: 'accept-shown' as const,
        at: event.at,
        wallAt: event.wallAt ?? event.at,
        by: event.operator,
        evidenceEvent: evidence.matchingEvent,
      };
      return {
        ...movement,
        updatedAt: event.at,
        decision,
        message: countedMessage(decision, `The table showed: ${evidence.summary}`),
      };
    }
    case 'leave-in-doubt':
      // A count stands until the venue answers: leaving it in doubt would silently take it out of the drawer.
      if (movement.state !== 'in-doubt' || countedByCashier(movement)) return movement;
      return {
        ...movement,
        flags: addFlag(movement.flags, 'left-in-doubt'),
        updatedAt: event.at,
        decision: {
          choice: 'leave',
          at: event.at,
          wallAt: event.wallAt ?? event.at,
          by: event.operator,
          evidenceEvent: null,
        },
        message: 'Left in doubt by the cashier; the venue is still asked for its answer.',
      };
    case 'withdraw':
      if (movement.mayHaveReachedHost) return movement;
      return {
        ...movement,
        state: 'cancelled',
        next: null,
        updatedAt: event.at,
        message: `Withdrawn: ${event.partner} applied first and this one never reached the host.`,
        settlement: { at: event.at, how: 'withdrawn', body: null, refusal: null },
      };
    case 'cancel':
      if (cancelBlocker(movement) !== null) return movement;
      return {
        ...movement,
        state: 'cancelled',
        next: null,
        updatedAt: event.at,
        message: 'Cancelled before anything was sent.',
        settlement: { at: event.at, how: 'cancelled', body: null, refusal: null },
      };
    case 'recovered':
      // A journal from before doubt needed outcome_unknown put a merely unanswered key in doubt: it is with the host.
      if (movement.state === 'in-doubt' && movement.doubt?.reason === 'unanswered') {
        return {
          ...movement,
          state: 'with-host',
          doubt: null,
          evidence: null,
          updatedAt: event.at,
          message: "Resumed after a restart; asking for the host's answer.",
        };
      }
      if (movement.state !== 'sending') return movement;
      return {
        ...movement,
        mayHaveReachedHost: true,
        updatedAt: event.at,
        message: 'Resumed after a restart; sending again (it cannot apply twice).',
      };
  }
}

/**
 * Why this movement cannot be cancelled, or null when it can: only a key whose bytes never left this machine (queued,
 * or every attempt so far refused before sending or answered "nothing applied", like a venue that is down). The
 * runtime also refuses while an attempt is under way.
 */
export function cancelBlocker(movement: Movement): string | null {
  if (isSettled(movement)) return `It is already ${movement.state}.`;
  if (movement.mayHaveReachedHost)
    return "It was sent and may still apply: only the venue's answer to this request can settle it.";
  if (movement.state !== 'queued' && movement.state !== 'sending')
    return 'It is with the host; only a movement that never left can be cancelled.';
  return null;
}
