/**
 * "Reconnect now" beside the connection badge while the app waits out its backoff: one press tries the venue at once
 * (the core forgets the wait), and the answer is said on screen: trying now, connected, or still not answering with
 * the next attempt. A second press while one attempt is under way starts nothing (the button waits, and so does the
 * core).
 */
import { useState } from 'react';
import type { ConnectionStatus, ReconnectAnswer, VenueBridge } from '../../preload/contract';
import { call, failureText } from '../bridge/call';
import { clockTime } from '../shared/time';

/** Where one press stands: its attempt under way, answered, or refused by the core (in words). */
type Press =
  | { readonly kind: 'trying'; readonly retryBefore: number | null }
  | { readonly kind: 'connected' }
  | { readonly kind: 'still-down'; readonly retryAt: number | null }
  | { readonly kind: 'said'; readonly words: string };

const ANSWER_WORDS: Partial<Record<ReconnectAnswer, string>> = {
  connected: 'The venue is connected.',
  'venue-asked-to-wait': 'The venue asked the app to wait before trying again; it tries again by itself.',
  stopped: 'The venue refused the key: enter a new one in Settings.',
};

function retryAtOf(connection: ConnectionStatus): number | null {
  return connection.kind === 'reconnecting' ? connection.retryAt : null;
}

/** The attempt a press started ends when the socket is open, or when a new wait (another retry time) begins. */
function settle(press: Press | null, connection: ConnectionStatus): Press | null {
  if (press === null) return null;
  // The socket is open (a host that says it is offline is the badge's to say): whatever was said before is over.
  if (connection.kind === 'live' || connection.kind === 'host-offline') return { kind: 'connected' };
  if (connection.kind !== 'reconnecting') return null;
  if (press.kind === 'connected') return null;
  if (press.kind !== 'trying' || connection.retryAt === null || connection.retryAt === press.retryBefore) return press;
  return { kind: 'still-down', retryAt: connection.retryAt };
}

function pressWords(press: Press): string {
  switch (press.kind) {
    case 'trying':
      return 'Trying now…';
    case 'connected':
      return 'Connected.';
    case 'still-down':
      return `Still not answering${press.retryAt === null ? '' : `; next attempt ${clockTime(press.retryAt)}`}.`;
    case 'said':
      return press.words;
  }
}

export function ReconnectNow({ venue, connection }: { venue: VenueBridge; connection: ConnectionStatus }) {
  const [press, setPress] = useState<Press | null>(null);
  // Each new connection state settles the press as it renders (React's "adjust state when a prop changes").
  const [settledFor, setSettledFor] = useState(connection);
  if (settledFor !== connection) {
    setSettledFor(connection);
    setPress(settle(press, connection));
  }
  const waiting = connection.kind === 'reconnecting';
  if (!waiting && press === null) return null;
  const trying = press?.kind === 'trying';
  async function tryNow() {
    const retryBefore = retryAtOf(connection);
    setPress({ kind: 'trying', retryBefore });
    try {
      const answer = await call(venue.reconnectNow());
      const words = ANSWER_WORDS[answer];
      if (words !== undefined) setPress({ kind: 'said', words });
    } catch (failure) {
      setPress({ kind: 'said', words: failureText(failure) });
    }
  }
  return (
    <div className="reconnect-now">
      {waiting && (
        <button type="button" disabled={trying} onClick={() => void tryNow()}>
          Reconnect now
        </button>
      )}
      {press !== null && (
        <span role="status" aria-label="Reconnect" data-testid="reconnect-answer">
          {pressWords(press)}
        </span>
      )}
    </div>
  );
}
