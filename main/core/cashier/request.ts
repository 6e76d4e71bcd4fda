/**
 * The cashier's last check of a request before anything is journaled. The session parses the renderer's request
 * with the contract's schema (built on the same rules in venue/limits.ts); this only re-asserts the money
 * invariants for callers that build requests in code, so a bad amount can never reach the journal.
 */
import { amountProblem, playerNameProblem } from '../venue/limits';
import type { MovementRequest } from './types';

/** The problems with a request, in words a cashier can read; empty when it may be journaled. */
export function checkMovementRequest(request: MovementRequest): readonly string[] {
  const problems: string[] = [];
  const name = playerNameProblem(request.playerName);
  if (name !== null) problems.push(name);
  if (request.amount !== undefined) {
    const amount = amountProblem(request.amount);
    if (amount !== null) problems.push(amount);
  } else if (request.kind === 'buy_in') problems.push('A buy-in needs an amount.');
  if (!Number.isInteger(request.seatId)) problems.push('Seat must be a whole number.');
  return problems;
}
