/** The shift channels: bad cash amounts and shift ids never reach a handler, and only the cashier may use them. */
import { describe, expect, it } from 'vitest';
import { invokeChannels, type InvokeChannel } from '../../../preload/contract';
import { dispatch, type CommandHandlers } from '../../../main/core/session/dispatch';
import { permitsChannel } from '../../../main/electron/ipc-policy';

function recordingHandlers(calls: unknown[][]): CommandHandlers {
  const handlers: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const channel of Object.keys(invokeChannels)) {
    handlers[channel] = async (...args: unknown[]) => {
      calls.push(args);
      return null;
    };
  }
  return handlers as unknown as CommandHandlers;
}

const SHIFT_CHANNELS: readonly InvokeChannel[] = [
  'cashier:open-shift',
  'cashier:close-shift',
  'cashier:shift-summary',
  'cashier:export-shift-csv',
];

describe('shift channels', () => {
  it.each<[string, InvokeChannel, unknown, string]>([
    ['a text count', 'cashier:close-shift', ['555.5'], 'number of chips'],
    ['a negative count', 'cashier:close-shift', [-0.01], 'cannot be negative'],
    ['a count with three decimals', 'cashier:close-shift', [12.345], 'two decimals'],
    ['a count over the limit', 'cashier:close-shift', [1_000_000.01], 'at most 1,000,000'],
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
      ['cashier:export-shift-csv', ['all']],
    ] as const) {
      expect(await dispatch(recordingHandlers(calls), channel, args)).toEqual({ ok: true, value: null });
    }
    expect(calls).toEqual([
      [0],
      [12.5, { denominations: [{ value: 12.5, count: 1 }], note: 'ok', operator: 'Ben' }],
      [250.05, { operator: 'Ana' }],
      ['all'],
    ]);
  });

  it('lets the cashier window open and close shifts, never the monitor', () => {
    for (const channel of SHIFT_CHANNELS) {
      expect(permitsChannel('cashier', channel)).toBe(true);
      expect(permitsChannel('monitor', channel)).toBe(false);
    }
  });
});
