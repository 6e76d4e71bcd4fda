/**
 * Settling a synthetic hand on its HandLog: the uncalled bet returned, main and side pots from the contributions,
 * the rake taken from the main pot first ("no flop, no drop"), the showdown by the shared evaluator, split pots with
 * odd cents to the first winners left of the button.
 */
import { strengthOfCodes } from '../poker/evaluator';
import { rakeCapCents, rakeFor } from '../poker/rake';
import { NONE, type HandLog } from './sim-table';

const seven = new Uint8Array(7);
const winners: number[] = [];

/**
 * Gives the part of the biggest contribution nobody matched back to its bettor, so `contributed` counts only matched
 * chips (as the live engine does); the action log keeps the full increments.
 */
function returnUncalled(log: HandLog): void {
  let top = -1;
  let topAmount = -1;
  let second = 0;
  for (let player = 0; player < log.count; player += 1) {
    const amount = log.contributed[player] as number;
    if (amount > topAmount) {
      second = Math.max(second, topAmount);
      top = player;
      topAmount = amount;
    } else second = Math.max(second, amount);
  }
  const excess = topAmount - second;
  if (top < 0 || excess <= 0) return;
  log.contributed[top] = topAmount - excess;
  log.stack[top] = (log.stack[top] as number) + excess;
}

function evaluateShowdown(log: HandLog): void {
  seven.set(log.board.subarray(0, log.boardLength), 2);
  for (let player = 0; player < log.count; player += 1) {
    if (log.folded[player] !== NONE) continue;
    seven[0] = log.hole[player * 2] as number;
    seven[1] = log.hole[player * 2 + 1] as number;
    log.strength[player] = strengthOfCodes(seven, 2 + log.boardLength);
  }
}

/** Awards one pot (after its share of the rake) among the live players who put in at least `level`. */
function awardPot(log: HandLog, amount: number, level: number): void {
  winners.length = 0;
  let best = Number.POSITIVE_INFINITY;
  // Ring order from the button's left (the button itself last) is the order odd cents go in.
  for (let offset = 1; offset <= log.count; offset += 1) {
    const player = offset % log.count;
    if (log.folded[player] !== NONE || (log.contributed[player] as number) < level) continue;
    const strength = log.showdown ? (log.strength[player] as number) : 0;
    if (strength < best) {
      best = strength;
      winners.length = 0;
    }
    if (strength === best) winners.push(player);
  }
  const share = Math.floor(amount / winners.length);
  let odd = amount - share * winners.length;
  for (const winner of winners) {
    const extra = odd > 0 ? 1 : 0;
    odd -= extra;
    log.won[winner] = (log.won[winner] as number) + share + extra;
  }
}

/** Settles the pot into log.won and log.rake. */
export function settle(log: HandLog): void {
  returnUncalled(log);
  const pot = log.pot();
  log.rake = rakeFor(pot, log.boardLength >= 3, rakeCapCents(log.bigBlind));
  log.showdown = log.liveCount() > 1;
  if (log.showdown) evaluateShowdown(log);
  let rakeOwed = log.rake;
  let previous = 0;
  let awarded = 0;
  // Each distinct live contribution level closes a pot: main pot first, then the side pots.
  for (;;) {
    let level = Number.POSITIVE_INFINITY;
    for (let player = 0; player < log.count; player += 1) {
      const amount = log.contributed[player] as number;
      if (log.folded[player] === NONE && amount > previous && amount < level) level = amount;
    }
    if (level === Number.POSITIVE_INFINITY) break;
    let amount = 0;
    for (let player = 0; player < log.count; player += 1) amount += Math.max(0, Math.min(log.contributed[player] as number, level) - previous);
    // Chips a folded player put in above every live player's total still belong to the last pot.
    if (!hasLiveAbove(log, level)) amount = pot - awarded;
    awarded += amount;
    const taken = Math.min(rakeOwed, amount);
    rakeOwed -= taken;
    if (amount > 0) awardPot(log, amount - taken, level);
    previous = level;
  }
}

function hasLiveAbove(log: HandLog, level: number): boolean {
  for (let player = 0; player < log.count; player += 1) if (log.folded[player] === NONE && (log.contributed[player] as number) > level) return true;
  return false;
}
