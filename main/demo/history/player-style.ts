/** Each synthetic player's habits, fixed by their id, so their published stats differ the way real regulars' do. */
import { createRng } from '../rng';

export interface PlayerStyle {
  /** Share of hands played voluntarily (about their VPIP), 0.15 to 0.5. */
  readonly looseness: number;
  /** Inclination to bet and raise rather than call, 0.2 to 0.8. */
  readonly aggression: number;
  /** Inclination to call down after the flop, 0 to 1. */
  readonly stickiness: number;
}

const hashId = (id: string): number => {
  let hash = 2166136261;
  for (let i = 0; i < id.length; i += 1) hash = Math.imul(hash ^ id.charCodeAt(i), 16777619);
  return hash >>> 0;
};

const styles = new Map<string, PlayerStyle>();

export function playerStyle(playerId: string): PlayerStyle {
  const known = styles.get(playerId);
  if (known !== undefined) return known;
  const rng = createRng(hashId(playerId));
  const style = { looseness: 0.15 + rng.next() * 0.35, aggression: 0.2 + rng.next() * 0.6, stickiness: rng.next() };
  styles.set(playerId, style);
  return style;
}
