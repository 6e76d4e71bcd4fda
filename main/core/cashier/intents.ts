/**
 * One press, one movement. A double-click or a bounced Enter sends the same request twice within milliseconds; the
 * journal write of the first takes longer than that, so "is there already one?" must also see the movements that are
 * still on their way to the journal. The gate holds them from the synchronous step that admits a request until the
 * journal has it, and remembers which press (intent id) made which movement.
 */
import { sameMoney } from '../venue/money';
import { sameVenueName } from '../../../preload/contract/player-name';
import type { RequestResult } from './api';
import type { Movement, MovementRequestFields } from './types';

export interface IntentGate {
  /** The answer to the press that already carried this intent id (being journaled, or journaled), else null. */
  earlier(intentId: string, journaled: Iterable<Movement>): Promise<RequestResult> | null;
  /** Movements admitted but not yet in the journal's memory. */
  pending(): readonly Movement[];
  /** Holds an admitted movement (synchronously, before any await) until `answer` resolves. */
  hold(movement: Movement, answer: Promise<RequestResult>): void;
}

export function createIntentGate(): IntentGate {
  const answers = new Map<string, Promise<RequestResult>>();
  const admitted = new Map<string, Movement>();
  return {
    earlier(intentId, journaled) {
      const held = answers.get(intentId);
      if (held !== undefined) return held;
      for (const movement of journaled)
        if (movement.intentId === intentId) return Promise.resolve({ kind: 'accepted', movement });
      return null;
    },
    pending: () => [...admitted.values()],
    hold(movement, answer) {
      admitted.set(movement.key, movement);
      const intentId = movement.intentId ?? null;
      if (intentId !== null) answers.set(intentId, answer);
      const release = (): void => {
        admitted.delete(movement.key);
        // A refused or failed press leaves its intent free: the cashier may press again after fixing the cause.
        if (intentId !== null)
          void answer.then(
            (result) => {
              if (result.kind !== 'accepted') answers.delete(intentId);
            },
            () => answers.delete(intentId),
          );
      };
      void answer.then(release, release);
    },
  };
}

/**
 * The movement this request repeats: the same player (by the venue's name), kind and amount, asked within
 * `windowMs`, and not refused or cancelled (those moved nothing, so asking again is no repeat). Null when none.
 */
export function recentIdentical(
  movements: Iterable<Movement>,
  request: MovementRequestFields,
  now: number,
  windowMs: number,
): Movement | null {
  for (const movement of movements) {
    if (movement.state === 'refused' || movement.state === 'cancelled' || movement.replaces !== null) continue;
    if (now - movement.createdAt > windowMs || movement.action !== request.action) continue;
    if (!sameVenueName(movement.playerName, request.playerName)) continue;
    const sameAmount =
      movement.amount === null || request.amount === null
        ? movement.amount === request.amount
        : sameMoney(movement.amount, request.amount);
    if (sameAmount) return movement;
  }
  return null;
}
