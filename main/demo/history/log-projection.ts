/**
 * Between the two forms of a hand: a synthetic HandLog projected into the PlayedHand the plane publishes (times in
 * Unix seconds, amounts in chips, players by seat), and a PlayedHand (the live table's) loaded into a HandLog so the
 * stats read every hand the same way.
 */
import type { PlayedHand, PlayedHandAction, PlayedHandPlayer } from '../played-hand';
import { toCents as cents, toChips as chips } from '../engine/cents';
import { CARD_NAMES, cardCode } from '../poker/cards';
import { handName } from '../poker/evaluator';
import { positionNames } from '../poker/positions';
import type { SyntheticHandSpec, SyntheticSeat } from './hand-spec';
import { ACTION_NAMES, DEALER, NONE, STREETS, type HandLog } from './sim-table';

const card = (code: number): string => CARD_NAMES[code] as string;
const STREET_CARDS = [
  ['flop', 0, 3],
  ['turn', 3, 4],
  ['river', 4, 5],
] as const;

function playerOf(
  spec: SyntheticHandSpec,
  log: HandLog,
  player: number,
  positions: readonly string[],
): PlayedHandPlayer {
  const seat = spec.seats[log.seatIndex[player] as number] as SyntheticSeat;
  const atShowdown = log.atShowdown(player);
  const won = log.won[player] as number;
  const contributed = log.contributed[player] as number;
  const folded = log.folded[player] as number;
  return {
    seat_id: seat.seat_id,
    player_id: seat.player.player_id,
    player_name: seat.player.name,
    position: positions[player] as string,
    hole_cards: [card(log.hole[player * 2] as number), card(log.hole[player * 2 + 1] as number)],
    showed_cards: log.showed[player] === 1,
    went_to_showdown: atShowdown,
    hand_rank_name: atShowdown ? handName(log.strength[player] as number) : null,
    folded_street: folded === NONE ? null : (STREETS[folded] ?? null),
    won_at_showdown: atShowdown && won > 0,
    stack_start: chips(log.stackStart[player] as number),
    contributed: chips(contributed),
    won: chips(won),
    net: chips(won - contributed),
  };
}

function actionOf(spec: SyntheticHandSpec, log: HandLog, row: number, positions: readonly string[]): PlayedHandAction {
  const actor = log.actor[row] as number;
  const seat = actor === DEALER ? undefined : spec.seats[log.seatIndex[actor] as number];
  const amount = log.amount[row] as number;
  const decision = log.decisionMs[row] as number;
  return {
    seat_id: seat?.seat_id ?? null,
    player_id: seat?.player.player_id ?? null,
    player_name: seat?.player.name ?? 'Dealer',
    action: ACTION_NAMES[log.action[row] as number] ?? 'DEAL',
    amount: amount === NONE ? null : chips(amount),
    street: STREETS[log.street[row] as number] ?? 'preflop',
    position: actor === DEALER ? null : (positions[actor] ?? null),
    ts: (log.tsMs[row] as number) / 1000,
    decision_ms: decision === NONE ? null : decision,
  };
}

/** The whole truth of a played synthetic hand. */
export function playedHandOf(spec: SyntheticHandSpec, log: HandLog): PlayedHand {
  const positions = positionNames(log.count);
  const players = Array.from({ length: log.count }, (_, player) => playerOf(spec, log, player, positions)).sort(
    (a, b) => a.seat_id - b.seat_id,
  );
  const board = Array.from(log.board.subarray(0, log.boardLength), card);
  const streets: Record<string, string[]> = {};
  for (const [street, from, to] of STREET_CARDS) if (log.boardLength >= to) streets[street] = board.slice(from, to);
  return {
    hand_id: spec.hand_id,
    hand_number: spec.hand_number,
    session_uid: spec.session_uid,
    started_at: spec.started_at,
    ts: log.endedAtMs / 1000,
    game_mode: 'cash',
    betting_structure: 'no_limit',
    stakes: spec.stakes,
    button_seat: spec.button_seat,
    board,
    streets,
    pot: chips(log.pot()),
    rake: chips(log.rake),
    winner_seats: players.filter((player) => player.won > 0).map((player) => player.seat_id),
    players,
    actions: Array.from({ length: log.actionCount }, (_, row) => actionOf(spec, log, row, positions)),
  };
}

/** Loads a PlayedHand into `log` (players in the hand's own order) for the stats. */
export function loadPlayedHand(hand: PlayedHand, log: HandLog): HandLog {
  log.startHand(hand.players.length, Math.round(hand.started_at * 1000), cents(hand.stakes.big_blind));
  const index = new Map(hand.players.map((player, position) => [player.player_id, position]));
  hand.players.forEach((player, position) => {
    log.contributed[position] = cents(player.contributed);
    log.won[position] = cents(player.won);
    log.folded[position] =
      player.folded_street === null || player.went_to_showdown ? NONE : STREETS.indexOf(player.folded_street);
    log.stackStart[position] = cents(player.stack_start);
  });
  log.showdown = hand.players.some((player) => player.went_to_showdown);
  log.boardLength = hand.board.length;
  hand.board.forEach((name, position) => (log.board[position] = cardCode(name)));
  for (const action of hand.actions) {
    const actor = action.player_id === null ? DEALER : (index.get(action.player_id) ?? DEALER);
    // Rows of players not in the hand cannot count for anyone.
    if (action.player_id !== null && actor === DEALER) continue;
    log.commit(
      actor,
      ACTION_NAMES.indexOf(action.action),
      action.amount === null ? NONE : cents(action.amount),
      STREETS.indexOf(action.street),
      NONE,
    );
  }
  log.endedAtMs = Math.round(hand.ts * 1000);
  return log;
}
