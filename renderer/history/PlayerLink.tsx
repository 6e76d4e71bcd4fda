/** A player's name that opens their profile; just the name when the venue gave no player id to open it by. */
import type { HistoryRoute } from './routes';

interface PlayerLinkProps {
  readonly playerId: string | null;
  readonly name: string;
  readonly go: (route: HistoryRoute) => void;
}

export function PlayerLink({ playerId, name, go }: PlayerLinkProps) {
  if (playerId === null) return <>{name}</>;
  return (
    <button type="button" className="link" onClick={() => go({ view: 'player', playerId, name })}>
      {name}
    </button>
  );
}
