/**
 * The shift channels: bad cash amounts, counts by denomination, notes, operators and shift ids never reach a handler,
 * and only the cashier may use them. The shift book takes only what these parses made (branded types) and checks
 * nothing again, so the rules of a shift's float and count are tested here.
 */
import { describe, expect, it } from 'vitest';
import type { CashAmount, CloseDetails, OperatorName } from '../../../main/core/cashier/index';
import { cashAmountProblem } from '../../../preload/contract/money-rules';
import { invokeChannels, type InvokeChannel } from '../../../preload/contract';
import { dispatch } from '../../../main/core/session/dispatch';
import { recordingHandlers } from '../../support/recording-handlers';
import { permitsChannel } from '../../../main/electron/ipc-policy';

/** A count by denomination of 130.5 (a line with no pieces included). */
const DENOMINATIONS = [
  { value: 100, count: 1 },
  { value: 25, count: 1 },
  { value: 0.25, count: 22 },
  { value: 5, count: 0 },
];

const SHIFT_CHANNELS: readonly InvokeChannel[] = [
  'cashier:open-shift',
  'cashier:close-shift',
  'cashier:shift-summary',
  'cashier:export-shift-csv',
];

/** A refusal case for a close whose count by denomination is the one line `line`, the count given as `counted`. */
function closeCountedInOneLine(
  label: string,
  counted: number,
  line: { readonly value: number; readonly count: number },
  words: string,
): [string, InvokeChannel, unknown, string] {
  return [label, 'cashier:close-shift', [counted, { denominations: [line] }], words];
}

describe('shift channels', () => {
  it.each<[string, InvokeChannel, unknown, string]>([
    ['a text count', 'cashier:close-shift', ['555.5'], 'number of chips'],
    ['a negative count', 'cashier:close-shift', [-0.01], 'cannot be negative'],
    ['a count with three decimals', 'cashier:close-shift', [12.345], 'two decimals'],
    ['a count over the limit', 'cashier:close-shift', [1_000_000.01], 'at most 1,000,000'],
    ['a NaN count', 'cashier:close-shift', [Number.NaN], 'number of chips'],
    ['a null count', 'cashier:close-shift', [null], 'number of chips'],
    [
      'a count by denomination that does not add up',
      'cashier:close-shift',
      [131, { denominations: DENOMINATIONS }],
      'does not add up',
    ],
    closeCountedInOneLine('a piece of 0', 130.5, { value: 0, count: 3 }, 'A denomination must be more than 0'),
    closeCountedInOneLine(
      'a piece of a thousandth',
      5,
      { value: 0.005, count: 1_000 },
      'A denomination must be in whole cents',
    ),
    closeCountedInOneLine('half a piece', 2.5, { value: 5, count: 0.5 }, 'number of pieces must be a whole number'),
    closeCountedInOneLine(
      'a count by denomination over 1,000,000',
      1_000_000,
      { value: 1_000, count: 1_001 },
      'totals more than 1,000,000',
    ),
    [
      '31 denomination lines',
      'cashier:close-shift',
      [0, { denominations: Array.from({ length: 31 }, () => ({ value: 1, count: 0 })) }],
      'at most 30 lines',
    ],
    [
      'a note with a bell',
      'cashier:close-shift',
      [130.5, { denominations: DENOMINATIONS, note: 'a\u0007b' }],
      'control',
    ],
    ['a close counted by nobody', 'cashier:close-shift', [10, { operator: '   ' }], 'operator name'],
    ['no count', 'cashier:close-shift', [], ''],
    ['a negative float', 'cashier:open-shift', [-5, { operator: 'Ana' }], 'cannot be negative'],
    ['a shift opened by nobody', 'cashier:open-shift', [100, { operator: '  ' }], 'operator name'],
    ['a shift opened without the operator', 'cashier:open-shift', [100], ''],
    ['a 65-character operator', 'cashier:open-shift', [100, { operator: 'A'.repeat(65) }], 'at most 64'],
    ['an operator on two lines (U+2028)', 'cashier:open-shift', [100, { operator: 'Ana\u2028Ben' }], 'one line'],
    ['an operator on two lines (NEL)', 'cashier:open-shift', [100, { operator: 'Ana\u0085Ben' }], 'one line'],
    ['a PIN with letters', 'cashier:open-shift', [100, { operator: 'Ana', pin: '12ab' }], '4 to 12 digits'],
    ['a note with a control character', 'cashier:close-shift', [10, { note: 'a\u0000' }], 'control'],
    ['an unknown close field', 'cashier:close-shift', [10, { counted: 5 }], ''],
    ['a shift id with a path in it', 'cashier:shift-summary', ['../cashier-journal'], 'No such shift'],
    ['a CSV export of a path', 'cashier:export-shift-csv', ['a/b'], ''],
  ])('refuses %s as bad_arguments and calls no handler', async (_label, channel, args, words) => {
    const calls: unknown[][] = [];
    const outcome = await dispatch(recordingHandlers(calls), channel, args);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.code).toBe('bad_arguments');
      expect(outcome.error.message).toContain(words);
    }
    expect(calls).toEqual([]);
  });

  it('passes a zero count, a two-decimal float and "all" through', async () => {
    const calls: unknown[][] = [];
    for (const [channel, args] of [
      ['cashier:close-shift', [0]],
      ['cashier:close-shift', [12.5, { denominations: [{ value: 12.5, count: 1 }], note: 'ok', operator: 'Ben' }]],
      ['cashier:open-shift', [250.05, { operator: 'Ana' }]],
      ['cashier:close-shift', [130.5, { denominations: DENOMINATIONS, note: 'one torn note' }]],
      ['cashier:export-shift-csv', ['all']],
    ] as const) {
      expect(await dispatch(recordingHandlers(calls), channel, args)).toEqual({ ok: true, value: null });
    }
    expect(calls).toEqual([
      [0],
      [12.5, { denominations: [{ value: 12.5, count: 1 }], note: 'ok', operator: 'Ben' }],
      [250.05, { operator: 'Ana' }],
      [130.5, { denominations: DENOMINATIONS, note: 'one torn note' }],
      ['all'],
    ]);
  });

  it('says why a float or count that is not a finite number is refused (the rule the schema applies)', () => {
    expect(cashAmountProblem('The counted cash', Number.NaN)).toContain('finite');
    expect(cashAmountProblem('The opening float', Number.POSITIVE_INFINITY)).toContain('finite');
  });

  it('is the only maker of the float, count, operator and close details the shift book takes', () => {
    const [float, opened] = invokeChannels['cashier:open-shift'].args.parse([100, { operator: 'Ana' }]);
    const [counted, details] = invokeChannels['cashier:close-shift'].args.parse([
      130.5,
      { denominations: DENOMINATIONS },
    ]);
    const parsed: [CashAmount, OperatorName, CashAmount, CloseDetails | undefined] = [
      float,
      opened.operator,
      counted,
      details,
    ];
    expect(parsed).toEqual([100, 'Ana', 130.5, { denominations: DENOMINATIONS }]);
    // @ts-expect-error a float typed in code, not parsed, is not a CashAmount
    const builtFloat: CashAmount = 100;
    // @ts-expect-error an operator typed in code is not an OperatorName
    const builtOperator: OperatorName = 'Ana';
    // @ts-expect-error close details built in code (their lines never checked against a count) are not CloseDetails
    const builtDetails: CloseDetails = { denominations: DENOMINATIONS };
    expect([builtFloat, builtOperator, builtDetails]).toHaveLength(3);
  });

  it('lets the cashier window open and close shifts, never the monitor', () => {
    for (const channel of SHIFT_CHANNELS) {
      expect(permitsChannel('cashier', channel)).toBe(true);
      expect(permitsChannel('monitor', channel)).toBe(false);
    }
  });
});
