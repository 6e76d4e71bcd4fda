/** A command refused for its arguments answers in a sentence naming the field, never a schema path or zod's words. */
import { describe, expect, it } from 'vitest';
import { invokeChannels, type InvokeChannel } from '../../../preload/contract';
import { dispatch, type CommandHandlers } from '../../../main/core/session/dispatch';
import { technicalWords } from '../../support/plain-words';

/** Handlers that must not run: every case below is refused before any handler. */
function unreachableHandlers(): CommandHandlers {
  const handlers: Record<string, () => Promise<unknown>> = {};
  for (const channel of Object.keys(invokeChannels))
    handlers[channel] = () => Promise.reject(new Error(`${channel} ran on bad arguments`));
  return handlers as unknown as CommandHandlers;
}

async function refusal(channel: string, args: unknown): Promise<string> {
  const outcome = await dispatch(unreachableHandlers(), channel, args);
  if (outcome.ok) throw new Error(`${channel} accepted ${JSON.stringify(args)}`);
  expect(outcome.error.code).toMatch(/^(bad_arguments|unknown_channel)$/);
  return outcome.error.message;
}

const buyIn = { kind: 'buy_in', seatId: 3, playerName: 'Ada', playerId: null, amount: 200 };
const manager = { operator: 'Mara', pin: '4821' };

describe('a refused argument in words', () => {
  it.each<[string, string, unknown, string]>([
    ['a PIN of letters', 'cashier:open-shift', [0, { ...manager, pin: 'abcd' }], 'The PIN is 4 to 12 digits.'],
    [
      'an ftp venue address',
      'settings:set-venue-address',
      [{ baseUrl: 'ftp://venue.example/v1' }],
      'The venue address is not a web address.',
    ],
    [
      'an http venue address elsewhere',
      'settings:set-venue-address',
      [{ baseUrl: 'http://venue.example/v1' }],
      'The venue address must start with https:// (wss:// for the live table); http:// is only for a venue on this PC.',
    ],
    [
      'a missing movement',
      'cashier:send-now',
      [],
      'The app sent this in a form it does not take. Close the form and try again.',
    ],
    ['a missing PIN', 'cashier:cancel', ['mv-1', { operator: 'Mara' }], 'The PIN is missing.'],
    ['a seat 11', 'cashier:request', [{ ...buyIn, seatId: 11 }], 'The seat must be at most 10.'],
    ['a seat 2.5', 'cashier:request', [{ ...buyIn, seatId: 2.5 }], 'The seat must be a whole number.'],
    [
      'an empty preset list',
      'settings:update',
      [{ presets: [] }],
      'The preset amounts has too few entries (at least 1).',
    ],
  ])('%s', async (_label, channel, args, sentence) => {
    expect(await refusal(channel, args)).toBe(sentence);
  });

  it.each<[string, InvokeChannel | string, unknown]>([
    ['a text amount', 'cashier:request', [{ ...buyIn, amount: '200' }]],
    ['an unknown field', 'cashier:request', [{ ...buyIn, sneaky: true }]],
    ['extra arguments', 'session:get-snapshot', [1]],
    ['a bad in-doubt choice', 'cashier:resolve-in-doubt', ['mv-1', 'maybe']],
    ['an http webhook url', 'webhooks:add', [{ url: 'http://example.com/hook' }]],
    ['an unknown webhook kind', 'webhooks:add', [{ url: 'https://example.com/hook', kinds: ['hand.started'] }]],
    ['a key with spaces', 'settings:set-key', ['abc def ghi']],
    ['a short key', 'settings:set-key', ['abc']],
    ['arguments that are not a list', 'cashier:cancel', 'mv-1'],
    ['a bad approver PIN', 'cashier:cancel', ['mv-1', { operator: 'Mara', pin: '12' }]],
    ['a bad month', 'history:leaderboard', ['2026-13']],
    ['an unknown command', 'cashier:launch', []],
  ])('%s: a sentence with no schema path, wire or program name', async (_label, channel, args) => {
    const message = await refusal(channel, args);
    expect(technicalWords(message)).toEqual([]);
    expect(message).toMatch(/^[A-Z].*\.$/);
  });
});
