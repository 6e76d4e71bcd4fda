// The connection badge says what is true: live, host offline, reconnecting with the next attempt's time, offline
// when the venue does not answer at all, and access withdrawn only on a 401.
import { describe, expect, it } from 'vitest';
import { connectionStatus } from '../../../main/core/session/connection-status';
import { initialTable, reduceTable, type KeeperStatus } from '../../../main/core/venue/index';
import { badgeText } from '../../../renderer/shared/StatusBadge';

const NOW = 1_700_000_000_000;
const table = reduceTable(reduceTable(initialTable(), { type: 'connection', connected: true, at: NOW - 5_000 }), {
  type: 'state',
  live: true,
  state: { hand_number: 3, seats: [] },
  at: NOW - 5_000,
});
const reconnecting = (unreachable: boolean): KeeperStatus => ({
  phase: 'reconnecting',
  attempt: 3,
  retryAt: NOW + 7_000,
  reason: 'x',
  unreachable,
});

describe('connection badge', () => {
  it('an attempt that got no answer is OFFLINE (venue unreachable) with the next attempt time', () => {
    const status = connectionStatus(reconnecting(true), 'working', table, NOW, null);
    expect(status).toEqual({ kind: 'reconnecting', retryAt: NOW + 7_000, lastFrameAt: NOW - 5_000, unreachable: true });
    const { label, detail } = badgeText(status, NOW);
    expect(label).toBe('OFFLINE');
    expect(detail).toMatch(/^venue unreachable; next attempt \d\d:\d\d:\d\d; last frame/);
  });

  it('a refused or dropped socket is RECONNECTING in N s, never withdrawn while the key works', () => {
    const status = connectionStatus(reconnecting(false), 'working', table, NOW, null);
    expect(badgeText(status, NOW).label).toBe('RECONNECTING in 7 s');
    expect(badgeText(status, NOW).detail).toMatch(/^next attempt \d\d:\d\d:\d\d; last frame/);
  });

  it(
    'access withdrawn only when the key was refused with a 401 (client or keeper), ' +
      'live and host offline otherwise',
    () => {
      const open: KeeperStatus = { phase: 'open', since: NOW - 5_000 };
      expect(connectionStatus(open, 'working', table, NOW, null)).toEqual({ kind: 'live' });
      expect(
        connectionStatus(open, 'working', table, NOW, { lastFrameAt: NOW - 5_000, dataAtVerdict: NOW - 5_000 }),
      ).toMatchObject({ kind: 'host-offline' });
      expect(connectionStatus(open, 'withdrawn', table, NOW, null)).toEqual({ kind: 'access-withdrawn' });
      expect(connectionStatus(open, 'rejected', table, NOW, null)).toEqual({ kind: 'access-withdrawn' });
      expect(connectionStatus({ phase: 'withdrawn', reason: '401' }, 'working', table, NOW, null)).toEqual({
        kind: 'access-withdrawn',
      });
      expect(badgeText({ kind: 'access-withdrawn' }, NOW).label).toBe('ACCESS WITHDRAWN');
    },
  );
});
