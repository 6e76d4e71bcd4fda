/** The dispute tool's entry point: from a seat or a movement, jump to that player's last hands in the history. */
import type { PlayerLookup } from './routes';

interface LastHandsButtonProps {
  readonly player: PlayerLookup;
  readonly onLastHands: ((player: PlayerLookup) => void) | undefined;
}

export function LastHandsButton({ player, onLastHands }: LastHandsButtonProps) {
  if (onLastHands === undefined) return null;
  return (
    <button
      type="button"
      className="last-hands"
      aria-label={`Last hands of ${player.name}`}
      onClick={() => onLastHands(player)}
    >
      Last hands
    </button>
  );
}
