/** The small integer codes both tables play a hand in: streets, actions, and the markers for "nobody" and "null". */
import type { DemoHistoryAction, DemoStreet } from '../played-hand';

/** Street codes: index into STREETS. */
export const STREETS: readonly DemoStreet[] = ['preflop', 'flop', 'turn', 'river', 'showdown'];
export const PREFLOP = 0;

/** Action codes: index into ACTION_NAMES. FOLD, CHECK, CALL, RAISE and ALL_IN are also the moves a player asks for. */
export const ACTION_NAMES: readonly DemoHistoryAction[] = [
  'DEAL',
  'POST_BLIND',
  'STRADDLE',
  'BET',
  'CALL',
  'RAISE',
  'FOLD',
  'CHECK',
  'ALL_IN',
];
export const Act = {
  DEAL: 0,
  POST_BLIND: 1,
  STRADDLE: 2,
  BET: 3,
  CALL: 4,
  RAISE: 5,
  FOLD: 6,
  CHECK: 7,
  ALL_IN: 8,
} as const;

/** Most players in one hand. */
export const MAX_PLAYERS = 10;
/** No player, no street, or a null amount. */
export const NONE = -1;
