/** Where the history screen is: one of its four lists, or a player, a night or a hand opened from one. */

/** Which hands the hand list shows; the labels name the filter for the cashier. */
export interface HandFilter {
  readonly sessionUid?: string;
  readonly sessionLabel?: string;
  readonly playerId?: string;
  readonly playerName?: string;
}

export type HistoryRoute =
  | { readonly view: 'players'; readonly search?: string }
  | { readonly view: 'player'; readonly playerId: string; readonly name: string }
  | { readonly view: 'leaderboard' }
  | { readonly view: 'sessions' }
  | { readonly view: 'session'; readonly sessionUid: string }
  | { readonly view: 'hands'; readonly filter: HandFilter }
  | { readonly view: 'hand'; readonly handId: string; readonly handNumber: number | null };

/** The tab a route belongs to. */
export type HistoryTab = 'players' | 'leaderboard' | 'sessions' | 'hands';

export function tabOf(route: HistoryRoute): HistoryTab {
  switch (route.view) {
    case 'players':
    case 'player':
      return 'players';
    case 'leaderboard':
      return 'leaderboard';
    case 'sessions':
    case 'session':
      return 'sessions';
    case 'hands':
    case 'hand':
      return 'hands';
  }
}

/** Someone to look up from the table (a seat, the cashier dialog, a tray movement): the dispute tool. */
export interface PlayerLookup {
  readonly playerId: string | null;
  readonly name: string;
}

/** Where a lookup lands: the player's profile and last hands, or the roster searched by name when no id is known. */
export function lookupRoute(lookup: PlayerLookup): HistoryRoute {
  return lookup.playerId === null
    ? { view: 'players', search: lookup.name }
    : { view: 'player', playerId: lookup.playerId, name: lookup.name };
}
