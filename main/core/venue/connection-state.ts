/**
 * What the UI says about the connection, derived purely from the keeper's status, the table and the time:
 * connecting, live, venue host offline (with the last frame's age), reconnecting in N s, or access withdrawn,
 * plus the data age every view shows.
 */
import type { KeeperStatus } from './live-keeper';
import type { TableState } from './table-types';

interface Ages {
  /** Milliseconds since the last frame or event, or null when nothing was ever received. */
  readonly dataAgeMs: number | null;
  /** True unless the socket is open and the venue host is streaming: the table may be out of date. */
  readonly stale: boolean;
}

/** The connection as the UI shows it. */
export type ConnectionView =
  | ({ readonly kind: 'connecting' } & Ages)
  | ({ readonly kind: 'live' } & Ages)
  | ({
      readonly kind: 'host-offline';
      /** Receive time of the last known frame (null when the venue had none). */
      readonly lastFrameAt: number | null;
      readonly lastFrameAgeMs: number | null;
    } & Ages)
  | ({
      readonly kind: 'reconnecting';
      readonly retryAt: number;
      readonly retryInMs: number;
      readonly attempt: number;
      readonly reason: string;
      /** The last attempt got no answer at all: the venue is unreachable. */
      readonly unreachable: boolean;
    } & Ages)
  | ({ readonly kind: 'withdrawn'; readonly reason: string } & Ages)
  | ({ readonly kind: 'stopped' } & Ages);

function age(since: number | null, now: number): number | null {
  return since === null ? null : Math.max(0, now - since);
}

/** Derives the UI's connection view. Pure. */
export function deriveConnectionView(status: KeeperStatus, table: TableState, now: number): ConnectionView {
  const dataAgeMs = age(table.lastDataAt, now);
  switch (status.phase) {
    case 'idle':
    case 'connecting':
      return { kind: 'connecting', dataAgeMs, stale: true };
    case 'open':
      if (table.live === false) {
        return {
          kind: 'host-offline',
          lastFrameAt: table.lastStateFrameAt,
          lastFrameAgeMs: age(table.lastStateFrameAt, now),
          dataAgeMs,
          stale: true,
        };
      }
      // Open but before the first state frame, the picture is still the stored one.
      return table.live === true && table.connected
        ? { kind: 'live', dataAgeMs, stale: false }
        : { kind: 'connecting', dataAgeMs, stale: true };
    case 'reconnecting':
      return {
        kind: 'reconnecting',
        retryAt: status.retryAt,
        retryInMs: Math.max(0, status.retryAt - now),
        attempt: status.attempt,
        reason: status.reason,
        unreachable: status.unreachable,
        dataAgeMs,
        stale: true,
      };
    case 'withdrawn':
      return { kind: 'withdrawn', reason: status.reason, dataAgeMs, stale: true };
    case 'stopped':
      return { kind: 'stopped', dataAgeMs, stale: true };
  }
}
