/**
 * What Settings says of the venue in use: only what is true now. "Connected to X" only while the socket to X is
 * open; otherwise connecting, not answering since when, refused the key, or no key yet.
 */
import type { ConnectionStatus } from '../../preload/contract';
import { clockTime } from '../shared/time';

function notAnswering(where: string, connection: Extract<ConnectionStatus, { kind: 'reconnecting' }>): string {
  const since =
    connection.lastFrameAt === null
      ? `${where} has not answered yet`
      : `${where} is not answering since ${clockTime(connection.lastFrameAt)}`;
  return connection.retryAt === null
    ? `${since}; trying now.`
    : `${since}; next attempt ${clockTime(connection.retryAt)}.`;
}

/**
 * One sentence on the venue in use: `where` is its address, or null for the built-in demo venue; `keySet`: a key is
 * stored (with no connection, it was checked for another address, so it is not sent here).
 */
export function venueStatusWords(where: string | null, connection: ConnectionStatus, keySet: boolean): string {
  const name = where ?? 'the built-in demo venue';
  // At the start of a sentence (an address stays as typed).
  const subject = where ?? 'The built-in demo venue';
  switch (connection.kind) {
    case 'live':
      return `Connected to ${name}.`;
    case 'host-offline':
      return `Connected to ${name}, but its table host says it is offline.`;
    case 'connecting':
      return `Connecting to ${name}…`;
    case 'reconnecting':
      return notAnswering(subject, connection);
    case 'access-withdrawn':
      return `${subject} refused the key: enter a new key to connect again.`;
    case 'no-key':
      return keySet
        ? `Not connected: the key set here was checked for another address, so it is not sent to ${name}. ` +
            'Enter the key for this address.'
        : `Not connected: no key is set for ${name}. Nothing is sent there until its key is entered and accepted.`;
    case 'app-not-running':
      return 'The app’s core is not running: what is shown here is not up to date.';
  }
}
