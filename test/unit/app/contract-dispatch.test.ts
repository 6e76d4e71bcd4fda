/** Every argument from a renderer is parsed with the contract's schema in main; bad ones never reach a handler. */
import { describe, expect, it } from 'vitest';
import { invokeChannels, type InvokeChannel } from '../../../preload/contract';
import { bridgeChannels } from '../../../preload/contract/channels';
import { dispatch, type CommandHandlers } from '../../../main/core/session/dispatch';
import { CommandRefusal } from '../../../main/core/session/command-error';

function recordingHandlers(calls: Array<{ channel: string; args: unknown[] }>): CommandHandlers {
  const handlers: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const channel of Object.keys(invokeChannels)) {
    handlers[channel] = async (...args: unknown[]) => {
      calls.push({ channel, args });
      return null;
    };
  }
  return handlers as unknown as CommandHandlers;
}

const buyIn = { kind: 'buy_in', seatId: 3, playerName: 'Ada', playerId: null, amount: 200 };

describe('contract dispatch', () => {
  it('names a channel for every bridge method, and every channel has a bridge method', () => {
    expect(new Set(Object.values(bridgeChannels))).toEqual(new Set(Object.keys(invokeChannels)));
  });

  it('passes parsed arguments (with defaults) to the handler', async () => {
    const calls: Array<{ channel: string; args: unknown[] }> = [];
    const outcome = await dispatch(recordingHandlers(calls), 'cashier:request', [buyIn]);
    expect(outcome).toEqual({ ok: true, value: null });
    expect(calls).toEqual([
      { channel: 'cashier:request', args: [{ ...buyIn, closeSession: false, confirmed: false }] },
    ]);
  });

  it.each<[string, InvokeChannel, unknown]>([
    ['a text amount', 'cashier:request', [{ ...buyIn, amount: '200' }]],
    ['a negative amount', 'cashier:request', [{ ...buyIn, amount: -5 }]],
    ['an amount over 1,000,000', 'cashier:request', [{ ...buyIn, amount: 1_000_001 }]],
    ['three decimals', 'cashier:request', [{ ...buyIn, amount: 1.005 }]],
    ['a buy-in without an amount', 'cashier:request', [{ ...buyIn, amount: undefined }]],
    ['an unknown field', 'cashier:request', [{ ...buyIn, sneaky: true }]],
    ['a 65-character name', 'cashier:request', [{ ...buyIn, playerName: 'x'.repeat(65) }]],
    ['missing arguments', 'cashier:send-now', []],
    ['extra arguments', 'session:get-snapshot', [1]],
    ['a bad in-doubt choice', 'cashier:resolve-in-doubt', ['mv-1', 'maybe']],
    ['an http webhook url', 'webhooks:add', [{ url: 'http://example.com/hook' }]],
    ['an unknown webhook kind', 'webhooks:add', [{ url: 'https://example.com/hook', kinds: ['hand.started'] }]],
    ['a preset list that is empty', 'settings:update', [{ presets: [] }]],
    ['a venue address patch through settings:update', 'settings:update', [{ venueBaseUrl: 'https://x.example/v1' }]],
    ['a key with spaces', 'settings:set-key', ['abc def ghi']],
    ['arguments that are not a list', 'cashier:cancel', 'mv-1'],
  ])('refuses %s as bad_arguments and calls no handler', async (_label, channel, args) => {
    const calls: Array<{ channel: string; args: unknown[] }> = [];
    const outcome = await dispatch(recordingHandlers(calls), channel, args);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.code).toBe('bad_arguments');
    expect(calls).toEqual([]);
  });

  it('refuses an unknown channel', async () => {
    const outcome = await dispatch(recordingHandlers([]), 'shell:open-external', []);
    expect(outcome).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
  });

  it('carries a handler refusal as data, never as a throw', async () => {
    const handlers = recordingHandlers([]);
    const refusing = {
      ...handlers,
      'cashier:cancel': async () => {
        throw new CommandRefusal('blocked', 'It was already sent.');
      },
    } satisfies CommandHandlers;
    expect(await dispatch(refusing, 'cashier:cancel', ['mv-1'])).toEqual({
      ok: false,
      error: { code: 'blocked', message: 'It was already sent.' },
    });
  });

  it('answers a full disk met by any command in one sentence, never as an internal error', async () => {
    const handlers = recordingHandlers([]);
    const full = {
      ...handlers,
      'cashier:cancel': async () => {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      },
    } satisfies CommandHandlers;
    expect(await dispatch(full, 'cashier:cancel', ['mv-1'])).toEqual({
      ok: false,
      error: { code: 'disk_full', message: 'The disk is full: free space before moving money.' },
    });
  });
});
