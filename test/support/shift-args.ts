/**
 * A shift's open and close arguments as the session's dispatch parses them (the contract's shift channels): the
 * cashier takes only a float, count, operator and close details that parse made. Throws when the parse refuses.
 */
import type { CashAmount, CloseDetails, OperatorName } from '../../main/core/cashier/index';
import { invokeChannels } from '../../preload/contract';

/** What a test types at a close, besides the count (the contract's shape). */
export interface TestCloseDetails {
  readonly denominations?: readonly { readonly value: number; readonly count: number }[] | null;
  readonly note?: string | null;
  readonly operator?: string | null;
}

/** The close-shift channel's parse of a count and what goes with it. */
export function closeShiftArgs(counted: number, details?: TestCloseDetails): [CashAmount, CloseDetails?] {
  const args = details === undefined ? [counted] : [counted, details];
  const [parsedCount, parsedDetails] = invokeChannels['cashier:close-shift'].args.parse(args);
  return parsedDetails === undefined ? [parsedCount] : [parsedCount, parsedDetails];
}

/**
 * The open-shift channel's parse of a float and its operator; with no operator (a caller from before operators),
 * the float alone, as the shift channels parse a cash amount.
 */
export function openShiftArgs(float: number, operator?: string): [CashAmount, OperatorName?] {
  if (operator === undefined) return [closeShiftArgs(float)[0]];
  const [parsedFloat, details] = invokeChannels['cashier:open-shift'].args.parse([float, { operator }]);
  return [parsedFloat, details.operator];
}
