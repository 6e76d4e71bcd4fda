/**
 * Action-by-action replay of a published hand, as pure data: one frame before the first action, one after each
 * action, and a final frame with the results. Each frame holds the board and pot as they were, every player's
 * contribution (and stack, when the venue gave a starting stack), amounts in chips and in big blinds
 * (`stakes.big_blind`), and hole cards only for players whose `showed_cards` is true.
 * Unknown streets, actions or `streets` content never throw: the replay shows what it can.
 */
import type { HandAction, HandDetail, HandPlayer } from './schemas';
import { cents } from '../venue/money';

/** One player at one step. */
export interface ReplayPlayer {
  readonly playerId: string | null;
  readonly name: string;
  readonly position: string | null;
  readonly seatId: number | null;
  /** Chips in front of the player now: starting stack minus contributions; null when no starting stack was given. */
  readonly stackChips: number | null;
  readonly contributedChips: number;
  readonly contributedBb: number | null;
  /** Chips put in on the current street. */
  readonly streetChips: number;
  readonly folded: boolean;
  /** Only for players who showed their cards. */
  readonly holeCards: readonly string[] | null;
}

/** The action a frame shows (null on the opening frame). */
export interface ReplayStepAction {
  readonly kind: string;
  readonly playerId: string | null;
  readonly name: string;
  readonly amountChips: number | null;
  readonly amountBb: number | null;
  readonly decisionMs: number | null;
}

/** A player's outcome, shown on the final frame. */
export interface ReplayResult {
  readonly playerId: string | null;
  readonly name: string;
  readonly result: unknown;
  readonly netResultBb: number | null;
  readonly wonAtShowdown: boolean;
  readonly handRankName: string | null;
  readonly holeCards: readonly string[] | null;
}

/** The table at one step of the replay. */
export interface ReplayFrame {
  readonly index: number;
  readonly street: string | null;
  readonly action: ReplayStepAction | null;
  readonly board: readonly string[];
  readonly potChips: number;
  readonly potBb: number | null;
  readonly players: readonly ReplayPlayer[];
  /** Present on the last frame only. */
  readonly results: readonly ReplayResult[] | null;
  readonly winners: unknown;
}

const STREET_ORDER = ['preflop', 'flop', 'turn', 'river'];
/** Board cards visible on each street when `streets` does not say. */
const BOARD_CARDS: Readonly<Record<string, number>> = { preflop: 0, flop: 3, turn: 4, river: 5, showdown: 5 };

function inBigBlinds(chips: number | null, bigBlind: number | null): number | null {
  if (chips === null || bigBlind === null || bigBlind <= 0) return null;
  return cents(chips / bigBlind);
}

function cardList(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((card) => typeof card === 'string') ? (value as string[]) : null;
}

/** The board as it stood on each street: from `streets` when it lists cards per street, else the final board cut. */
function boardByStreet(detail: HandDetail): (street: string | null) => readonly string[] | null {
  const finalBoard = cardList(detail.hand.board) ?? [];
  const streets = detail.streets;
  const dealt = new Map<string, string[]>();
  if (typeof streets === 'object' && streets !== null && !Array.isArray(streets)) {
    let running: string[] = [];
    for (const street of STREET_ORDER) {
      const cards = cardList((streets as Record<string, unknown>)[street]);
      if (cards !== null) running = [...running, ...cards];
      dealt.set(street, running);
    }
  }
  return (street) => {
    if (street === null) return null;
    const fromStreets = dealt.get(street);
    if (fromStreets !== undefined && fromStreets.length > 0) return fromStreets;
    const count = BOARD_CARDS[street];
    return count === undefined ? null : finalBoard.slice(0, count);
  };
}

function startingStack(player: HandPlayer): number | null {
  for (const field of ['stack_start', 'starting_stack', 'stack']) {
    const value = (player as Record<string, unknown>)[field];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
}

function shownCards(player: HandPlayer): readonly string[] | null {
  return player.showed_cards === true ? cardList(player.hole_cards) : null;
}

interface SeatState {
  readonly player: HandPlayer;
  contributed: number;
  street: number;
  folded: boolean;
}

/** Builds every frame of a hand's replay. */
export function replayHand(detail: HandDetail): ReplayFrame[] {
  const rawBigBlind = detail.hand.stakes?.big_blind;
  const bigBlind = typeof rawBigBlind === 'number' && rawBigBlind > 0 ? rawBigBlind : null;
  const boardAt = boardByStreet(detail);
  const seats = detail.hand.players.map<SeatState>((player) => ({ player, contributed: 0, street: 0, folded: false }));
  const seatOf = (action: HandAction): SeatState | undefined =>
    seats.find((seat) => action.player_id != null && seat.player.player_id === action.player_id) ??
    seats.find((seat) => action.player_name != null && seat.player.player_name === action.player_name);

  let pot = 0;
  let street: string | null = detail.actions[0]?.street ?? 'preflop';
  let board: readonly string[] = boardAt(street) ?? [];
  const frames: ReplayFrame[] = [];
  const snapshot = (action: ReplayStepAction | null, results: readonly ReplayResult[] | null): ReplayFrame => ({
    index: frames.length,
    street,
    action,
    board,
    potChips: pot,
    potBb: inBigBlinds(pot, bigBlind),
    players: seats.map((seat) => {
      const start = startingStack(seat.player);
      return {
        playerId: seat.player.player_id ?? null,
        name: seat.player.player_name ?? '',
        position: seat.player.position ?? null,
        seatId:
          typeof (seat.player as { seat_id?: unknown }).seat_id === 'number'
            ? (seat.player as { seat_id: number }).seat_id
            : null,
        stackChips: start === null ? null : cents(start - seat.contributed),
        contributedChips: seat.contributed,
        contributedBb: inBigBlinds(seat.contributed, bigBlind),
        streetChips: seat.street,
        folded: seat.folded,
        holeCards: shownCards(seat.player),
      };
    }),
    results,
    winners: results === null ? null : (detail.hand.winners ?? null),
  });

  frames.push(snapshot(null, null));
  for (const action of detail.actions) {
    const actionStreet: string | null = action.street ?? street;
    if (actionStreet !== street) {
      street = actionStreet;
      for (const seat of seats) seat.street = 0;
    }
    board = boardAt(street) ?? board;
    const amount = typeof action.amount === 'number' && Number.isFinite(action.amount) ? action.amount : null;
    const seat = seatOf(action);
    if (amount !== null && amount > 0) {
      pot = cents(pot + amount);
      if (seat !== undefined) {
        seat.contributed = cents(seat.contributed + amount);
        seat.street = cents(seat.street + amount);
      }
    }
    if (action.action.toUpperCase() === 'FOLD' && seat !== undefined) seat.folded = true;
    frames.push(
      snapshot(
        {
          kind: action.action.toUpperCase(),
          playerId: action.player_id ?? null,
          name: action.player_name ?? seat?.player.player_name ?? '',
          amountChips: amount,
          amountBb: inBigBlinds(amount, bigBlind),
          decisionMs: action.decision_ms ?? null,
        },
        null,
      ),
    );
  }
  // Results: the board as finally dealt (a hand that ended early keeps the board it reached).
  const finalBoard = cardList(detail.hand.board);
  if (finalBoard !== null && finalBoard.length >= board.length) board = finalBoard;
  const results = seats.map<ReplayResult>((seat) => ({
    playerId: seat.player.player_id ?? null,
    name: seat.player.player_name ?? '',
    result: seat.player.result ?? null,
    netResultBb: seat.player.net_result_bb ?? null,
    wonAtShowdown: seat.player.won_at_showdown === true,
    handRankName: seat.player.hand_rank_name ?? null,
    holeCards: shownCards(seat.player),
  }));
  frames.push(snapshot(null, results));
  return frames;
}

/** Index of the first frame on `street` (for "jump to flop"), or -1 when the hand never reached it. */
export function jumpToStreet(frames: readonly ReplayFrame[], street: string): number {
  return frames.findIndex((frame) => frame.action !== null && frame.street === street);
}
