/**
 * What the cashier may do with a movement, and why not: pure rules over a movement, its partner and the newest
 * table reading. The runtime asks these before it acts; the tray shows their reasons.
 *
 * A new key for the same money (send again) is allowed only when the venue answered outcome_unknown for the old
 * key AND a live reading taken after that answer shows it did not apply. `in_progress`, no answer, network errors,
 * a 504: the key stays with the host, however long, because the host may still apply it.
 */
import { countedByCashier } from './decision';
import { isSettled } from './machine';
import type { Movement } from './types';
import { ageText } from '../../../preload/contract/age-text';
import { sameVenueName } from '../../../preload/contract/player-name';

/** Since when the key may have been with the host: its first attempt that could have reached it. */
export function withHostSince(movement: Movement): number | null {
  const reached = movement.attempts.find((entry) =>
    entry.kind === 'no-response'
      ? entry.phase === 'unknown'
      : entry.status !== 503 && entry.status !== 429 && entry.status !== 409,
  );
  const told = movement.attempts.find(
    (entry) => entry.status === 409 && (entry.errorCode === 'in_progress' || entry.errorCode === 'outcome_unknown'),
  );
  const first = [reached?.at, told?.at].filter((at): at is number => at !== undefined);
  return first.length > 0 ? Math.min(...first) : movement.firstSentAt;
}

/** Until recovery after a start has asked every unfinished key again, no new key: the host may have answered. */
export const RECOVERING_REASON = 'Recovering unfinished movements: the ones already sent are asked about again first.';

/**
 * Why this movement cannot be sent again under a new key at `now`, or null when it can. `recovering`: the cashier
 * has not yet re-asked the keys left unfinished by the last run.
 */
export function sendAgainBlocker(movement: Movement, now: number, recovering = false): string | null {
  if (isSettled(movement)) return `It is already ${movement.state}.`;
  if (recovering) return RECOVERING_REASON;
  if (movement.state === 'queued') return 'It has not been sent yet.';
  if (movement.state === 'sending')
    return 'It is still being delivered; the venue has not said it does not know the outcome.';
  if (movement.state === 'with-host') {
    const since = withHostSince(movement);
    const age = since === null ? '' : ` (for ${ageText(now - since)} so far)`;
    return `The venue still has it${age}: only the host's answer to this request can settle it.`;
  }
  if (movement.replacedBy !== null) return `It was already sent again as ${movement.replacedBy}.`;
  if (countedByCashier(movement))
    return "The cashier counted it as applied: only the venue's answer to this request can change that now.";
  if (movement.replaces !== null)
    return `It is itself a re-send of ${movement.replaces}: only the host's answer to that request can settle it.`;
  if (movement.doubt?.reason !== 'outcome_unknown') return 'The venue has not said it cannot tell whether it applied.';
  const evidence = movement.evidence;
  if (evidence === null) return 'No reading of the table since the venue said it does not know whether this applied.';
  if (evidence.checkedAt < movement.doubt.since)
    return 'The reading is older than the venue\'s "do not know"; check again.';
  if (evidence.verdict === 'applied')
    return `The table shows it applied (the venue has not confirmed this request): ${evidence.summary}`;
  if (evidence.verdict !== 'not-applied') return evidence.summary;
  return null;
}

/** Why this movement cannot be cancelled, or null when it can (only a queued key that never reached the host). */
export { cancelBlocker } from './machine';

/** Whether a movement must be withdrawn: its re-send partner applied, and it never reached the host. */
export function mustWithdraw(movement: Movement, partner: Movement | undefined): boolean {
  return partner !== undefined && partner.state === 'applied' && !isSettled(movement) && !movement.mayHaveReachedHost;
}

/** The partner of a re-send pair: the movement it replaces, or the one that replaced it. */
export function partnerKey(movement: Movement): string | null {
  return movement.replaces ?? movement.replacedBy;
}

/** The stack and hand number a movement leaves with: evidence's rule (read with the seat, `seatReading`). */
export { sendingFacts } from './evidence';

/** One unsettled movement per player, so stack evidence is never blurred by another of ours. */
export function unsettledFor(
  movements: Iterable<Movement>,
  player: Pick<Movement, 'playerId' | 'playerName'>,
  except: string | null,
): Movement | null {
  for (const movement of movements) {
    if (movement.key === except || isSettled(movement)) continue;
    const same =
      player.playerId !== null && movement.playerId !== null
        ? player.playerId === movement.playerId
        : sameVenueName(movement.playerName, player.playerName);
    if (same) return movement;
  }
  return null;
}
