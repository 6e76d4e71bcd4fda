/**
 * The night-end watch over the live plane: a live gap, a hand sequence restart and a new session id each ask for a
 * sync.
 */
import { describe, expect, it } from 'vitest';
import {
  INITIAL_NIGHT_WATCH,
  watchNight,
  type NightInput,
  type NightWatch,
} from '../../../main/core/history/night-watch';
import type { LiveEvent } from '../../../main/core/venue/schemas-live';

function event(kind: LiveEvent['kind'], payload: Record<string, unknown>, seq = 1): NightInput {
  return { type: 'event', event: { kind, seq, ts: 0, payload } as LiveEvent };
}

function run(changes: readonly NightInput[]): (string | null)[] {
  let watch: NightWatch = INITIAL_NIGHT_WATCH;
  return changes.map((change) => {
    const next = watchNight(watch, change);
    watch = next.watch;
    return next.trigger;
  });
}

describe('night watch', () => {
  it('asks for a sync on a live gap, a hand sequence restart and a new session id', () => {
    expect(run([{ type: 'gap' }])).toEqual(['live_gap']);
    expect(
      run([
        event('start_hand', { hand_number: 41 }),
        event('start_hand', { hand_number: 42 }),
        event('start_hand', { hand_number: 1 }),
      ]),
    ).toEqual([null, null, 'session_closed']);
    expect(
      run([
        event('transaction_applied', { kind: 'buy_in', session_id: 's1' }),
        event('transaction_applied', { kind: 'cash_out', session_id: 's1' }),
        event('transaction_applied', { kind: 'buy_in' }),
        event('transaction_applied', { kind: 'buy_in', session_id: 's2' }),
      ]),
    ).toEqual([null, null, null, 'session_closed']);
    expect(run([{ type: 'table' }, event('player_action', { hand_number: 3, action_type: 'fold' })])).toEqual([
      null,
      null,
    ]);
  });
});
