/** Which window role may use which contract channel: the table monitor only reads the snapshot. */
import { bridgeChannels } from '../../preload/contract/channels';
import type { WindowRole } from './trusted-windows';

const MONITOR_CHANNELS: ReadonlySet<string> = new Set([bridgeChannels.getSnapshot]);

/** The cashier window may use every channel; the monitor only the read-only ones. */
export function permitsChannel(role: WindowRole, channel: string): boolean {
  return role === 'cashier' || MONITOR_CHANNELS.has(channel);
}
