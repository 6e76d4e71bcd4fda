/**
 * One synthetic No-Limit hand, played cheaply but by the rules: antes, blinds and straddle, betting rounds with
 * minimum raises and all-ins, side pots, rake ("no flop, no drop"), showdowns by the shared evaluator. It plays into
 * a reusable HandLog (integer cents, card codes, typed-array action log), so the 100,000 hands of a history cost no
 * garbage; `simulateHand` projects the same play into a PlayedHand when a detail is asked for. A hand is a pure
 * function of its spec (its rng is seeded by spec.seed alone), which is how a detail is regenerated on demand.
 */
import type { PlayedHand } from '../played-hand';
import { toCents as cents } from '../engine/cents';
import { createRng } from '../rng';
import { preflopPercentile } from './cards';
import { playedHandOf } from './log-projection';
import { playerStyle, type PlayerStyle } from './player-style';
import { Play } from './sim-betting';
import { settle } from '../poker/settlement';
import type { SyntheticHandSpec, SyntheticSeat } from './hand-spec';
import { Act, HandLog, NONE, PREFLOP } from './sim-table';

export type { SyntheticHandSpec, SyntheticSeat } from './hand-spec';

const deck = new Uint8Array(52);
const forcedBets = { sb: 0, bb: 0, ante: 0, straddle: 0 };
const play = new Play(new HandLog(), createRng(0));
/** The styles of the last lineup dealt (a night's hands share one lineup, so this is nearly always a hit). */
let styledSeats: readonly SyntheticSeat[] = [];
let seatStyles: readonly PlayerStyle[] = [];

function stylesOf(seats: readonly SyntheticSeat[]): readonly PlayerStyle[] {
  if (seats !== styledSeats) {
    styledSeats = seats;
    seatStyles = seats.map((seat) => playerStyle(seat.player.player_id));
  }
  return seatStyles;
}

function buttonIndexOf(spec: SyntheticHandSpec): number {
  for (let index = 0; index < spec.seats.length; index += 1)
    if ((spec.seats[index] as SyntheticSeat).seat_id === spec.button_seat) return index;
  return 0;
}

/** Deals: a partial Fisher-Yates shuffle of only the cards the hand can use (hole cards, then five for the board). */
function deal(log: HandLog, spec: SyntheticHandSpec): void {
  const { rng } = play;
  const count = spec.seats.length;
  for (let code = 0; code < 52; code += 1) deck[code] = code;
  const needed = count * 2 + 5;
  for (let i = 0; i < needed; i += 1) {
    const j = rng.int(i, 51);
    const card = deck[j] as number;
    deck[j] = deck[i] as number;
    deck[i] = card;
  }
  log.hole.set(deck.subarray(0, count * 2));
  log.board.set(deck.subarray(count * 2, needed));
  const buttonIndex = buttonIndexOf(spec);
  const styles = stylesOf(spec.seats);
  for (let player = 0; player < count; player += 1) {
    const seatIndex = (buttonIndex + player) % count;
    const style = styles[seatIndex] as PlayerStyle;
    log.seatIndex[player] = seatIndex;
    log.stackStart[player] = log.bigBlind * play.rng.int(40, 250);
    log.stack[player] = log.stackStart[player] as number;
    play.quality[player] = preflopPercentile(log.hole[player * 2] as number, log.hole[player * 2 + 1] as number);
    play.looseness[player] = style.looseness;
    play.aggression[player] = style.aggression;
    play.stickiness[player] = style.stickiness;
  }
}

/**
 * Who shows at the end: winners at showdown always, losers 70% (always when someone is all-in), a winner without
 * showdown 8%.
 */
function decideShows(log: HandLog): void {
  let allInShowdown = false;
  for (let player = 0; player < log.count; player += 1)
    if (log.atShowdown(player) && log.allIn[player] === 1) allInShowdown = true;
  for (let player = 0; player < log.count; player += 1) {
    const won = (log.won[player] as number) > 0;
    const showed = log.atShowdown(player)
      ? allInShowdown || won || play.rng.next() < 0.7
      : won && play.rng.next() < 0.08;
    log.showed[player] = showed ? 1 : 0;
  }
}

/**
 * Plays the hand described by `spec` (same spec, same hand) into the module's one HandLog and returns it: valid
 * until the next hand is played, so read it (or project it) before playing another.
 */
export function playHand(spec: SyntheticHandSpec): HandLog {
  const { log } = play;
  play.rng = createRng(spec.seed);
  const bigBlind = cents(spec.stakes.big_blind);
  play.unit = cents(spec.stakes.small_blind) || bigBlind;
  log.startHand(spec.seats.length, Math.round(spec.started_at * 1000), bigBlind);
  deal(log, spec);
  log.commit(NONE, Act.DEAL, NONE, PREFLOP, NONE);
  const { stakes } = spec;
  forcedBets.sb = cents(stakes.small_blind);
  forcedBets.bb = bigBlind;
  forcedBets.ante = cents(stakes.ante);
  forcedBets.straddle = cents(stakes.straddle);
  play.bettingRound(log.postForcedBets(forcedBets, play.recordForcedBet), PREFLOP);
  // Flop (3 cards), turn and river (1 each); post-flop action starts left of the button.
  for (let street = 1; street <= 3 && log.liveCount() > 1; street += 1) {
    log.boardLength = street + 2;
    log.openStreet(street);
    log.commit(NONE, Act.DEAL, NONE, street, play.rng.int(1000, 3000));
    play.bettingRound(0, street);
  }
  settle(log, log);
  decideShows(log);
  // The hand ends a few seconds after its last commit (the payout).
  log.endedAtMs = log.clockMs + play.rng.int(1500, 6000);
  return log;
}

/** Plays the hand described by `spec` (same spec, same hand) and returns its whole truth. */
export function simulateHand(spec: SyntheticHandSpec): PlayedHand {
  return playedHandOf(spec, playHand(spec));
}
