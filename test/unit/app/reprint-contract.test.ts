/**
 * The reprint channels (`cashier:reprint-slip`, `cashier:shift-ledger`, `cashier:player-movements`) attacked with
 * the arguments a broken or hostile page could send: wrong types, a path for a shift id, an overlong id, a 65-char
 * name, a blank one. Each is refused in plain words before any handler runs (nothing is read or changed);
 * the longest name and id the rules allow still pass.
 */
import { describe, expect, it } from 'vitest';
import type { InvokeChannel } from '../../../preload/contract';
import { dispatch } from '../../../main/core/session/dispatch';
import { recordingHandlers } from '../../support/recording-handlers';
import { technicalWords } from '../../support/plain-words';

const SHIFT = 'shift-20261129-0001';
const MOVEMENT = 'mv-0001-abcdef';

describe('the reprint channels', () => {
  it.each<[string, InvokeChannel, unknown]>([
    ['a numeric movement id', 'cashier:reprint-slip', [SHIFT, 42]],
    ['no movement id', 'cashier:reprint-slip', [SHIFT]],
    ['an empty movement id', 'cashier:reprint-slip', [SHIFT, '']],
    ['a 129-character movement id', 'cashier:reprint-slip', [SHIFT, 'm'.repeat(129)]],
    ['a shift id with a path in it', 'cashier:reprint-slip', ['../cashier-journal', MOVEMENT]],
    ['a shift id as an object', 'cashier:reprint-slip', [{ id: SHIFT }, MOVEMENT]],
    ['a third argument', 'cashier:reprint-slip', [SHIFT, MOVEMENT, 'extra']],
    ['arguments not in a list', 'cashier:reprint-slip', { shiftId: SHIFT, id: MOVEMENT }],
    ['a null shift', 'cashier:shift-ledger', [null]],
    ['a shift id with a slash', 'cashier:shift-ledger', ['a/b']],
    ['a 129-character shift id', 'cashier:shift-ledger', ['s'.repeat(129)]],
    ['a 65-character name', 'cashier:player-movements', [null, 'A'.repeat(65)]],
    ['a blank name', 'cashier:player-movements', [null, '   ']],
    ['a numeric player id', 'cashier:player-movements', [7, 'Ava Brennan']],
    ['an empty player id', 'cashier:player-movements', ['', 'Ava Brennan']],
    ['no name', 'cashier:player-movements', ['p-ava']],
  ])('refuses %s in plain words, before any handler', async (_label, channel, args) => {
    const calls: unknown[][] = [];
    const outcome = await dispatch(recordingHandlers(calls), channel, args);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe('bad_arguments');
    expect(technicalWords(outcome.error.message)).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('passes the longest id and name the rules allow, as given', async () => {
    const calls: unknown[][] = [];
    const longName = 'A'.repeat(64);
    for (const [channel, args] of [
      ['cashier:reprint-slip', [SHIFT, 'm'.repeat(128)]],
      ['cashier:shift-ledger', ['s'.repeat(128)]],
      ['cashier:player-movements', [null, longName]],
    ] as const)
      expect(await dispatch(recordingHandlers(calls), channel, args)).toEqual({ ok: true, value: null });
    expect(calls).toEqual([[SHIFT, 'm'.repeat(128)], ['s'.repeat(128)], [null, longName]]);
  });
});
