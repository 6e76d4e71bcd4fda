/**
 * The history channels: a bad hand list query or leaderboard month never reaches a handler. The history core takes
 * only what these parses made (branded types) and checks nothing again, so the rules of its queries are tested here.
 */
import { describe, expect, it } from 'vitest';
import type { HandListQuery, LeaderboardPeriod } from '../../../main/core/history/index';
import { dispatch } from '../../../main/core/session/dispatch';
import { recordingHandlers } from '../../support/recording-handlers';
import { invokeChannels, MAX_HISTORY_PAGE, type InvokeChannel } from '../../../preload/contract';

describe('history channels', () => {
  it.each<[string, InvokeChannel, unknown]>([
    ['a negative offset', 'history:hands', [{ offset: -1, limit: 10 }]],
    ['an empty page', 'history:hands', [{ offset: 0, limit: 0 }]],
    ['a page over the limit', 'history:hands', [{ offset: 0, limit: MAX_HISTORY_PAGE + 1 }]],
    ['a fractional offset', 'history:hands', [{ offset: 1.5, limit: 10 }]],
    ['an empty session id', 'history:hands', [{ sessionUid: '', offset: 0, limit: 10 }]],
    ['month 13', 'history:leaderboard', [{ period: '2026-13' }]],
    ['a one-digit month', 'history:leaderboard', [{ period: '2026-1' }]],
    ['an empty hand id', 'history:hand', ['']],
    ['an empty player id', 'history:player', ['']],
    ['an empty night id', 'history:session', ['']],
    ['a search of 201 characters', 'history:players', [{ search: 'x'.repeat(201) }]],
  ])('refuses %s as bad_arguments and calls no handler', async (_label, channel, args) => {
    const calls: unknown[][] = [];
    const outcome = await dispatch(recordingHandlers(calls), channel, args);
    expect(outcome).toMatchObject({ ok: false, error: { code: 'bad_arguments' } });
    expect(calls).toEqual([]);
  });

  it('is the only maker of the hand list query and the month the history core takes', () => {
    const [query] = invokeChannels['history:hands'].args.parse([{ offset: 0, limit: MAX_HISTORY_PAGE }]);
    const [{ period }] = invokeChannels['history:leaderboard'].args.parse([{ period: '2026-12' }]);
    const parsed: [HandListQuery, LeaderboardPeriod | undefined] = [query, period];
    expect(parsed).toEqual([{ offset: 0, limit: MAX_HISTORY_PAGE }, '2026-12']);
    // @ts-expect-error a query built in code, not parsed, is not a HandListQuery
    const builtQuery: HandListQuery = { offset: 0, limit: 10 };
    // @ts-expect-error a month typed in code is not a LeaderboardPeriod
    const builtPeriod: LeaderboardPeriod = '2026-12';
    expect([builtQuery, builtPeriod]).toHaveLength(2);
  });
});
