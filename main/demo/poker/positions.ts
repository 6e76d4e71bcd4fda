/** Position names around a table of 2 to 10 seated players, counted from the button (live table and history alike). */

const MIDDLE_POSITIONS: Readonly<Record<number, readonly string[]>> = {
  0: [],
  1: ['UTG'],
  2: ['UTG', 'CO'],
  3: ['UTG', 'HJ', 'CO'],
  4: ['UTG', 'MP', 'HJ', 'CO'],
  5: ['UTG', 'UTG+1', 'MP', 'HJ', 'CO'],
  6: ['UTG', 'UTG+1', 'UTG+2', 'MP', 'HJ', 'CO'],
  7: ['UTG', 'UTG+1', 'UTG+2', 'MP', 'MP+1', 'HJ', 'CO'],
};

/**
 * Names in seating order starting at the button: index 0 is BTN, then SB, BB, UTG... CO.
 * Heads-up the button posts the small blind, so it is named BTN and the other seat BB.
 */
export function positionNames(playerCount: number): readonly string[] {
  if (playerCount === 2) return ['BTN', 'BB'];
  const middle = MIDDLE_POSITIONS[playerCount - 3];
  if (middle === undefined) throw new Error(`no position names for ${playerCount} players`);
  return ['BTN', 'SB', 'BB', ...middle];
}
