/** Table section of the contract: what the renderer sees of the live table and the connection to the venue. */

/** How the venue displays money (venue policy). `null` until the venue has published its stats. */
export type MoneyMode = 'bb' | 'dollars' | 'hidden';

/** Where the data on screen stands. The badge always shows one of these. */
export type ConnectionStatus =
  | { readonly kind: 'connecting' }
  | { readonly kind: 'live' }
  /** The venue's host machine is not streaming; the table shows its last frame. */
  | { readonly kind: 'host-offline'; readonly lastFrameAt: number | null }
  /**
   * Our socket to the service dropped; the next attempt is at `retryAt` (Unix ms). `unreachable`: the last attempt
   * got no answer at all (the venue is offline or the network is down), as opposed to a refused or closed socket.
   */
  | {
      readonly kind: 'reconnecting';
      readonly retryAt: number | null;
      readonly lastFrameAt: number | null;
      readonly unreachable?: boolean;
    }
  /** The key was refused (401): no retries until the key changes. */
  | { readonly kind: 'access-withdrawn' }
  /** No venue key is configured. */
  | { readonly kind: 'no-key' }
  /**
   * The page lost the app's core (the web runtime stopped, or stopped answering its heartbeat): everything on screen
   * is the last thing it sent, and nothing can be done until it is back. Set by the page's bridge, never by main.
   */
  | { readonly kind: 'app-not-running'; readonly since: number };

export interface BlindsView {
  readonly smallBlind: number;
  readonly bigBlind: number;
  readonly ante: number;
  readonly straddle: number;
}

export interface SeatView {
  readonly seatId: number;
  readonly name: string | null;
  readonly playerId: string | null;
  readonly stack: number | null;
  /** Dealt into the hand in progress and still in it. */
  readonly inHand: boolean;
  /** At the table; false means sitting out (the only meaning of "sitting out"). */
  readonly present: boolean;
  /** Folded in the hand in progress (known from this hand's fold actions); false between hands. */
  readonly folded: boolean;
}

export interface TableView {
  readonly tableName: string | null;
  readonly handNumber: number | null;
  readonly street: string | null;
  readonly board: readonly string[];
  readonly button: number | null;
  readonly actionOn: number | null;
  readonly pot: number | null;
  readonly currentBet: number | null;
  readonly blinds: BlindsView | null;
  readonly numSeats: number | null;
  /** No hand in progress: money can move now. */
  readonly betweenHands: boolean;
  readonly seats: readonly SeatView[];
  /** Unix ms of the frame or event this view was last healed from. */
  readonly updatedAt: number | null;
}

export type TickerKind = 'action' | 'street' | 'hand' | 'result' | 'payout' | 'money';

/** One line of the ticker of recent table activity, already worded by main (amounts stay numbers). */
export interface TickerEntry {
  readonly id: string;
  readonly at: number;
  readonly kind: TickerKind;
  readonly text: string;
  /** A money amount in table chips the renderer formats per money mode; null when the line has none. */
  readonly amount: number | null;
}

export interface VenueView {
  readonly venueId: string | null;
  readonly name: string | null;
  readonly moneyMode: MoneyMode | null;
  /**
   * The mode a room screen (the table monitor, the first paint) and paper (slips, CSV) follow: the venue's mode, or
   * `hidden` while it is not known (GET /venue not answered yet, failing, and none recorded before): fails closed.
   */
  readonly roomMoneyMode: MoneyMode | null;
  /** The built-in demo venue: bannered DEMO everywhere. */
  readonly demo: boolean;
  /** Whether the venue's interface changed since the revision this app implements; null until GET / answered. */
  readonly drift: DriftView | null;
}

/** GET /'s interface date compared with the one this app was built for (`YYYY-MM-DD`). */
export interface DriftView {
  /** `newer`: the venue changed after this app was built; `older`: the venue predates it. */
  readonly drift: 'none' | 'newer' | 'older' | 'unknown';
  readonly builtFor: string;
  readonly venueUpdated: string | null;
  /** The venue's change list URL, as text (never opened by the app). */
  readonly changelog: string | null;
}
