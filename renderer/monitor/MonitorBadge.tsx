/**
 * The monitor's connection badge, in the room's words: the players are told whether the table on screen is live and,
 * when it is not, that it will be back shortly. Why it is not (the venue's host, the network, the app on the
 * cashier's PC) is the cashier's to know, on the cashier's own badge (shared/StatusBadge.tsx), never the room's.
 * The same markup as that badge (BadgeLine), so the two look alike.
 */
import { memo } from 'react';
import type { ConnectionStatus } from '../../preload/contract';
import { BadgeLine } from '../shared/StatusBadge';

/** What the room reads for each connection state: a short label and, when the table is not live, one sentence. */
export function roomBadgeText(connection: ConnectionStatus): { label: string; detail: string | null } {
  switch (connection.kind) {
    case 'live':
      return { label: 'LIVE', detail: null };
    case 'connecting':
      return { label: 'ONE MOMENT', detail: 'The table will be on screen shortly.' };
    case 'app-not-running':
      return { label: 'BACK SHORTLY', detail: 'Cashier closed for a moment. The table will be back shortly.' };
    case 'host-offline':
    case 'reconnecting':
    case 'access-withdrawn':
    case 'no-key':
      return { label: 'PAUSED', detail: 'The table will be back shortly.' };
  }
}

/** Memoized on the connection (kept identical while unchanged). */
export const MonitorBadge = memo(function MonitorBadge({
  connection,
  demo,
}: {
  connection: ConnectionStatus;
  demo: boolean;
}) {
  return <BadgeLine name="Table status" kind={connection.kind} demo={demo} words={roomBadgeText(connection)} />;
});
