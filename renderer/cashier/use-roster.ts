/** The venue's roster for the walk-in's suggestions, read once per opening. */
import { useEffect, useState } from 'react';
import type { VenueBridge } from '../../preload/contract';
import { rosterIndex, type RosterIndex } from './roster-search';

const EMPTY: RosterIndex = { entries: [] };

/** The roster once per opening (from history's offline store; empty while it was never published or fetched). */
export function useRoster(venue: VenueBridge): { index: RosterIndex; note: string | null } {
  const [state, setState] = useState<{ index: RosterIndex; note: string | null }>({ index: EMPTY, note: null });
  useEffect(() => {
    let live = true;
    void venue.listPlayers({}).then(
      (outcome) => {
        if (!live) return;
        if (!outcome.ok || outcome.value.data === null) {
          setState({ index: EMPTY, note: 'No roster to suggest from yet: type the full name.' });
          return;
        }
        setState({ index: rosterIndex(outcome.value.data), note: null });
      },
      () => live && setState({ index: EMPTY, note: 'No roster to suggest from yet: type the full name.' }),
    );
    return () => {
      live = false;
    };
  }, [venue]);
  return state;
}
