/**
 * Player statistics computed from the hands themselves: what each hand adds to a player's tallies, how tallies add
 * up (over nights, months and merged profiles), and the finished rates. Rates are percentages with one decimal.
 */
import type { PlayedHand } from '../played-hand';
import { loadPlayedHand } from './log-projection';
import { Act, DEALER, HandLog, MAX_PLAYERS, NONE, PREFLOP } from './sim-table';

/** One player's running tallies over some hands (mutable while the bundle is built). */
export interface StatTally {
  hands: number;
  vpip: number;
  pfr: number;
  /** Times the player acted pre-flop facing exactly one raise... */
  threebetChances: number;
  /** ...and re-raised. */
  threebets: number;
  /** Bets and raises after the flop. */
  aggressive: number;
  /** Calls after the flop. */
  calls: number;
  sawFlop: number;
  wentToShowdown: number;
  wonAtShowdown: number;
  /** Integer cents of table chips. */
  netCents: number;
  /** Big blinds, rounded to hundredths at each sum. */
  netBb: number;
  /** Unix seconds: the first hand's start and the last hand's end (for hours played). */
  firstStart: number;
  lastEnd: number;
}

export const emptyTally = (): StatTally => ({
  hands: 0,
  vpip: 0,
  pfr: 0,
  threebetChances: 0,
  threebets: 0,
  aggressive: 0,
  calls: 0,
  sawFlop: 0,
  wentToShowdown: 0,
  wonAtShowdown: 0,
  netCents: 0,
  netBb: 0,
  firstStart: Number.POSITIVE_INFINITY,
  lastEnd: Number.NEGATIVE_INFINITY,
});

const round2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * Adds `from` into `into` (hours spans widen; both tallies should cover the same night for the span to mean anything).
 */
export function addTally(into: StatTally, from: StatTally): void {
  into.hands += from.hands;
  into.vpip += from.vpip;
  into.pfr += from.pfr;
  into.threebetChances += from.threebetChances;
  into.threebets += from.threebets;
  into.aggressive += from.aggressive;
  into.calls += from.calls;
  into.sawFlop += from.sawFlop;
  into.wentToShowdown += from.wentToShowdown;
  into.wonAtShowdown += from.wonAtShowdown;
  into.netCents += from.netCents;
  into.netBb = round2(into.netBb + from.netBb);
  into.firstStart = Math.min(into.firstStart, from.firstStart);
  into.lastEnd = Math.max(into.lastEnd, from.lastEnd);
}

/** Per-player scratch of the action walk (ring-indexed), reused for every hand. */
const streetBets = new Int32Array(MAX_PLAYERS);
const actedPreflop = new Uint8Array(MAX_PLAYERS);
const voluntary = new Uint8Array(MAX_PLAYERS);
const raisedPreflop = new Uint8Array(MAX_PLAYERS);

/**
 * Adds one hand (as a HandLog) to its players' tallies: `tallies[player]` is the tally of the log's player at that
 * index. Works in place with no allocation, because the bundle adds 100,000 hands at start.
 */
export function addHand(log: HandLog, tallies: readonly StatTally[]): void {
  const bigBlindChips = log.bigBlind / 100;
  const flopDealt = log.boardLength >= 3;
  const startedAt = log.startedAtMs / 1000;
  const endedAt = log.endedAtMs / 1000;
  for (let player = 0; player < log.count; player += 1) {
    const tally = tallies[player] as StatTally;
    const atShowdown = log.atShowdown(player);
    tally.hands += 1;
    if (flopDealt && log.folded[player] !== PREFLOP) tally.sawFlop += 1;
    if (atShowdown) tally.wentToShowdown += 1;
    if (atShowdown && (log.won[player] as number) > 0) tally.wonAtShowdown += 1;
    const netCents = (log.won[player] as number) - (log.contributed[player] as number);
    tally.netCents += netCents;
    if (bigBlindChips > 0) tally.netBb = round2(tally.netBb + netCents / 100 / bigBlindChips);
    tally.firstStart = Math.min(tally.firstStart, startedAt);
    tally.lastEnd = Math.max(tally.lastEnd, endedAt);
  }
  // Walk the actions keeping each street's bet level, to tell a raising all-in from a calling one.
  let street = -1;
  let level = 0;
  let preflopRaises = 0;
  actedPreflop.fill(0);
  voluntary.fill(0);
  raisedPreflop.fill(0);
  for (let row = 0; row < log.actionCount; row += 1) {
    if (log.street[row] !== street) {
      street = log.street[row] as number;
      level = 0;
      streetBets.fill(0);
    }
    const player = log.actor[row] as number;
    if (player === DEALER) continue;
    const tally = tallies[player] as StatTally;
    const action = log.action[row] as number;
    const amount = log.amount[row] as number;
    const after = (streetBets[player] as number) + (amount === NONE ? 0 : amount);
    streetBets[player] = after;
    const raised = action === Act.BET || action === Act.RAISE || (action === Act.ALL_IN && after > level);
    const called = action === Act.CALL || (action === Act.ALL_IN && !raised);
    level = Math.max(level, after);
    if (action === Act.POST_BLIND || action === Act.STRADDLE) continue;
    if (street !== PREFLOP) {
      if (raised) tally.aggressive += 1;
      if (called) tally.calls += 1;
      continue;
    }
    if (actedPreflop[player] === 0) {
      actedPreflop[player] = 1;
      if (preflopRaises === 1) {
        tally.threebetChances += 1;
        if (raised) tally.threebets += 1;
      }
    }
    if ((raised || called) && voluntary[player] === 0) {
      voluntary[player] = 1;
      tally.vpip += 1;
    }
    if (raised && raisedPreflop[player] === 0) {
      raisedPreflop[player] = 1;
      tally.pfr += 1;
    }
    if (raised) preflopRaises += 1;
  }
}

const scratchLog = new HandLog();

/** Adds a PlayedHand (a live one) to its players' tallies, by player_id. */
export function addPlayedHand(hand: PlayedHand, tallyOf: (playerId: string) => StatTally): void {
  addHand(
    loadPlayedHand(hand, scratchLog),
    hand.players.map((player) => tallyOf(player.player_id)),
  );
}

/** What one hand adds to each of its players' tallies, by player_id. */
export function handTallies(hand: PlayedHand): Map<string, StatTally> {
  const byPlayer = new Map<string, StatTally>();
  addPlayedHand(hand, (playerId) => {
    const tally = byPlayer.get(playerId) ?? emptyTally();
    byPlayer.set(playerId, tally);
    return tally;
  });
  return byPlayer;
}

const percent = (count: number, of: number): number => (of === 0 ? 0 : Math.round((count / of) * 1000) / 10);

/** The rates every PlayerStats carries, from a tally. */
export function statRates(tally: StatTally): {
  vpip: number;
  pfr: number;
  threebet: number;
  aggression_factor: number;
  wtsd: number;
  wsd: number;
  bb_per_100: number;
} {
  return {
    vpip: percent(tally.vpip, tally.hands),
    pfr: percent(tally.pfr, tally.hands),
    threebet: percent(tally.threebets, tally.threebetChances),
    // With no calls the factor would be infinite, which JSON cannot carry: it is then the count of bets and raises.
    aggression_factor: tally.calls === 0 ? tally.aggressive : round2(tally.aggressive / tally.calls),
    wtsd: percent(tally.wentToShowdown, tally.sawFlop),
    wsd: percent(tally.wonAtShowdown, tally.wentToShowdown),
    bb_per_100: tally.hands === 0 ? 0 : round2((tally.netBb / tally.hands) * 100),
  };
}
