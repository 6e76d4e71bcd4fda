/** Which window role may use which contract channel: the table monitor only reads the snapshot. */
import { monitorChannels } from '../../preload/contract/channels';
import type { WindowRole } from './trusted-windows';

/** The cashier window may use every channel; the monitor only the read-only ones. */
export function permitsChannel(role: WindowRole, channel: string): boolean {
  return role === 'cashier' || monitorChannels.has(channel);
}
