/** Turns a settled hand into the PlayedHand the historical plane publishes (times in Unix seconds). */
import type { DemoStakes, PlayedHand, PlayedHandPlayer } from '../played-hand';
import { toChips as chips } from './cents';
import type { HandInProgress } from './types';

export interface HandOutcome {
  readonly sessionUid: string;
  readonly endedAtMs: number;
  readonly stakes: DemoStakes;
  readonly rakeCents: number;
  readonly won: ReadonlyMap<number, number>;
  readonly handNames: ReadonlyMap<number, string>;
  readonly showdown: boolean;
  /** Seat ids that showed their cards at showdown. */
  readonly shown: ReadonlySet<number>;
}

export function recordHand(hand: HandInProgress, outcome: HandOutcome): PlayedHand {
  const pot = hand.players.reduce((sum, player) => sum + player.contributed, 0);
  const players: PlayedHandPlayer[] = hand.players.map((player) => {
    const won = outcome.won.get(player.seatId) ?? 0;
    const atShowdown = outcome.showdown && !player.folded;
    return {
      seat_id: player.seatId,
      player_id: player.playerId,
      player_name: player.name,
      position: player.position,
      hole_cards: player.hole,
      showed_cards: outcome.shown.has(player.seatId),
      went_to_showdown: atShowdown,
      hand_rank_name: atShowdown ? (outcome.handNames.get(player.seatId) ?? null) : null,
      folded_street: player.foldedStreet,
      won_at_showdown: atShowdown && won > 0,
      stack_start: chips(player.stackStart),
      contributed: chips(player.contributed),
      won: chips(won),
      net: chips(won - player.contributed),
    };
  });
  return {
    hand_id: hand.handId,
    hand_number: hand.handNumber,
    session_uid: outcome.sessionUid,
    started_at: hand.startedAt / 1000,
    ts: outcome.endedAtMs / 1000,
    game_mode: 'cash',
    betting_structure: 'no_limit',
    stakes: outcome.stakes,
    button_seat: hand.buttonSeat,
    board: [...hand.board],
    streets: Object.fromEntries(Object.entries(hand.streets).map(([street, cards]) => [street, [...cards]])),
    pot: chips(pot),
    rake: chips(outcome.rakeCents),
    winner_seats: [...outcome.won.entries()]
      .filter(([, cents]) => cents > 0)
      .map(([seatId]) => seatId)
      .sort((a, b) => a - b),
    players,
    actions: [...hand.actions],
  };
}
