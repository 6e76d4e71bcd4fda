/**
 * Says where the data on screen stands: LIVE, VENUE HOST OFFLINE, RECONNECTING, OFFLINE, ACCESS WITHDRAWN, DEMO, ...
 */
import { memo } from 'react';
import type { ConnectionStatus } from '../../preload/contract';
import { ageText, clockTime, secondsUntil } from './time';
import { useNow } from './use-now';

function lastFrame(at: number | null, now: number): string {
  return at === null ? 'no frame yet' : `last frame ${clockTime(at)}, ${ageText(at, now)}`;
}

export function badgeText(connection: ConnectionStatus, now: number): { label: string; detail: string | null } {
  switch (connection.kind) {
    case 'live':
      return { label: 'LIVE', detail: null };
    case 'connecting':
      return { label: 'CONNECTING', detail: null };
    case 'host-offline':
      return { label: 'VENUE HOST OFFLINE', detail: lastFrame(connection.lastFrameAt, now) };
    case 'reconnecting': {
      const next = connection.retryAt === null ? null : `next attempt ${clockTime(connection.retryAt)}`;
      // No answer at all is the venue (or the network) being down, not our socket being refused or dropped.
      if (connection.unreachable === true) {
        return {
          label: 'OFFLINE',
          detail: ['venue unreachable', next, lastFrame(connection.lastFrameAt, now)]
            .filter((part) => part !== null)
            .join('; '),
        };
      }
      return {
        label:
          connection.retryAt === null ? 'RECONNECTING' : `RECONNECTING in ${secondsUntil(connection.retryAt, now)} s`,
        detail: [next, lastFrame(connection.lastFrameAt, now)].filter((part) => part !== null).join('; '),
      };
    }
    case 'access-withdrawn':
      return { label: 'ACCESS WITHDRAWN', detail: 'the venue refused the key; enter a new one in Settings' };
    case 'no-key':
      return { label: 'NO KEY', detail: 'enter the venue key in Settings' };
    case 'app-not-running':
      return {
        label: 'APP NOT RUNNING',
        detail:
          `the app stopped at ${clockTime(connection.since)}: nothing here is up to date, ` +
          'and buy-ins and cash-outs wait until it runs again',
      };
  }
}

/** Memoized on the connection (kept identical while unchanged); its own clock ticks once a second. */
export const StatusBadge = memo(function StatusBadge({
  connection,
  demo,
}: {
  connection: ConnectionStatus;
  demo: boolean;
}) {
  const now = useNow();
  return <BadgeLine name="Connection status" kind={connection.kind} demo={demo} words={badgeText(connection, now)} />;
});

/** The badge's markup, whoever chose its words (the table monitor says them in the room's, MonitorBadge.tsx). */
export function BadgeLine({
  name,
  kind,
  demo,
  words,
}: {
  readonly name: string;
  readonly kind: ConnectionStatus['kind'];
  readonly demo: boolean;
  readonly words: { readonly label: string; readonly detail: string | null };
}) {
  return (
    <div className="status" role="status" aria-label={name}>
      {demo && <span className="badge badge-demo">DEMO</span>}
      <span className={`badge badge-${kind}`} data-testid="status-badge">
        {words.label}
      </span>
      {words.detail !== null && <span className="status-detail">{words.detail}</span>}
    </div>
  );
}
