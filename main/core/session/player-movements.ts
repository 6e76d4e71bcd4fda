/**
 * A player's buy-ins and cash-outs through this cashier, for the profile a dispute reads: every applied movement of
 * theirs in the journal and the closed shifts' archives, oldest first by the venue's own time (this PC's only where the
 * venue gave none, said so), with the venue's hand number from its record. No amount in `hidden` mode.
 */
import type { PlayerMovement } from '../../../preload/contract';
import { sameVenueName } from '../../../preload/contract/player-name';
import { appliedDelta, venueAppliedAt, type Movement } from '../cashier';
import { wallTimes } from '../cashier/wall-stamps';

/** The player's movement: the same id when both are known, else the venue's own name rule. */
function isTheirs(movement: Movement, playerId: string | null, name: string): boolean {
  if (playerId !== null && movement.playerId !== null) return movement.playerId === playerId;
  return sameVenueName(movement.playerName, name);
}

export function playerMovements(
  movements: readonly Movement[],
  player: { readonly playerId: string | null; readonly name: string },
  hideAmounts: boolean,
): PlayerMovement[] {
  const seen = new Set<string>();
  const rows: PlayerMovement[] = [];
  for (const movement of movements) {
    if (movement.state !== 'applied' || seen.has(movement.key)) continue;
    if (!isTheirs(movement, player.playerId, player.name)) continue;
    seen.add(movement.key);
    const venueAt = venueAppliedAt(movement);
    const delta = appliedDelta(movement);
    const event = movement.settlement?.claimedEvent ?? movement.evidence?.matchingEvent ?? null;
    rows.push({
      id: movement.key,
      kind: movement.action === 'buy-in' ? 'buy_in' : 'cash_out',
      at: venueAt ?? wallTimes(movement).settledAt ?? wallTimes(movement).createdAt,
      venueTime: venueAt !== null,
      amount: hideAmounts || delta === null ? null : Math.abs(delta),
      handNumber: event?.hand_number ?? null,
    });
  }
  return rows.sort((a, b) => a.at - b.at);
}
