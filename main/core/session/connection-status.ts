/** Maps the venue core's connection view onto the contract's badge states (pure). */
import type { ConnectionStatus } from '../../../preload/contract';
import { deriveConnectionView } from '../venue/connection-state';
import type { KeeperStatus } from '../venue/live-keeper';
import type { KeyAccess } from '../venue/rest-client';
import type { TableState } from '../venue/table-model';
import type { HostOffline } from './venue-host-probe';

/**
 * `hostOffline` is the probe's verdict (see venue-host-probe.ts): it wins over a socket that merely stays open. The
 * keeper's times are order times (`now` too); the badge shows them to people, so `toWall` reads each on the wall
 * clock (the session passes `wallOf`).
 */
export function connectionStatus(
  status: KeeperStatus,
  access: KeyAccess,
  table: TableState,
  now: number,
  hostOffline: HostOffline | null,
  toWall: (orderAt: number) => number = (orderAt) => orderAt,
): ConnectionStatus {
  if (access === 'withdrawn' || access === 'rejected') return { kind: 'access-withdrawn' };
  const shown = badge(status, table, now, hostOffline);
  const wall = (at: number | null): number | null => (at === null ? null : toWall(at));
  if (shown.kind === 'host-offline') return { ...shown, lastFrameAt: wall(shown.lastFrameAt) };
  if (shown.kind === 'reconnecting')
    return { ...shown, retryAt: wall(shown.retryAt), lastFrameAt: wall(shown.lastFrameAt) };
  return shown;
}

function badge(
  status: KeeperStatus,
  table: TableState,
  now: number,
  hostOffline: HostOffline | null,
): ConnectionStatus {
  const view = deriveConnectionView(status, table, now);
  switch (view.kind) {
    case 'live':
      return hostOffline === null ? { kind: 'live' } : { kind: 'host-offline', lastFrameAt: hostOffline.lastFrameAt };
    case 'connecting':
      return table.lastDataAt === null
        ? { kind: 'connecting' }
        : { kind: 'reconnecting', retryAt: null, lastFrameAt: table.lastDataAt };
    case 'host-offline':
      return { kind: 'host-offline', lastFrameAt: view.lastFrameAt };
    case 'reconnecting':
      return {
        kind: 'reconnecting',
        retryAt: view.retryAt,
        lastFrameAt: table.lastDataAt,
        unreachable: view.unreachable,
      };
    case 'withdrawn':
      return { kind: 'access-withdrawn' };
    case 'stopped':
      return { kind: 'reconnecting', retryAt: null, lastFrameAt: table.lastDataAt };
  }
}
