/**
 * One page's socket to the session: first its tab secret when the session was just bound to this tab (web-sessions.ts),
 * then the whole snapshot on every push (the page's store keeps the parts that did not change, share-equal.ts), and
 * the results of its invokes. The pushes come already scrubbed of the venue key, once for every socket
 * (core/session/scrubbed-pushes.ts); a role's view (the monitor projection) is applied to them here, and the key is
 * scrubbed from this socket's invoke results. Whatever the client sends, the socket closes or answers; it never
 * throws into the process.
 */
import type { RawData, WebSocket } from 'ws';
import type { InvokeOutcome, SessionSnapshot } from '../../preload/contract';
import { monitorChannels } from '../../preload/contract/channels';
import type { SessionApi } from '../core/session/session-api';
import type { Scrub, SnapshotSource } from '../core/session/scrubbed-pushes';
import { BRIDGE_BEAT_MS, type WebServerMessage } from '../../preload/contract/bridge';
import { clientMessageSchema } from './bridge-protocol';
import type { Admission, Role } from './web-sessions';

/** A role's view: the projection of pushed snapshots and of its invokes' outcomes. */
export interface RoleView {
  snapshot(snapshot: SessionSnapshot): SessionSnapshot;
  outcome(outcome: InvokeOutcome<unknown>): InvokeOutcome<unknown>;
}

export interface BridgeSocket {
  /** Where invokes go. */
  readonly session: SessionApi;
  /** The session's snapshots, already scrubbed of the key (ScrubbedPushes, shared by every socket). */
  readonly pushes: SnapshotSource;
  readonly socket: WebSocket;
  readonly role: Role;
  /** What this role may see of a snapshot and of an invoke's outcome; null: all of it. */
  readonly view: RoleView | null;
  /** Removes the venue key from this socket's invoke results. */
  readonly scrub: Scrub;
  /** The socket's admission to its session: the tab secret to hand the page (if new), told when the page kept it. */
  readonly tab: Admission;
  /** How often the page hears that the runtime is alive (BRIDGE_BEAT_MS). */
  readonly beatMs?: number;
}

const readOnly: InvokeOutcome<never> = {
  ok: false,
  error: { code: 'read_only', message: 'The table monitor only shows the table; it cannot change anything.' },
};

export function attachBridge(bridge: BridgeSocket): void {
  const { session, pushes, socket, role, view, scrub, tab, beatMs = BRIDGE_BEAT_MS } = bridge;
  const see = (snapshot: SessionSnapshot) => (view === null ? snapshot : view.snapshot(snapshot));
  const send = (message: WebServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  let unsubscribe: (() => void) | null = null;
  const push = (snapshot: SessionSnapshot) => send({ t: 'snapshot', snapshot: see(snapshot) });
  // Invalid frames (bad opcode, broken UTF-8, too large) surface here; unhandled, they would end the process.
  socket.on('error', () => socket.terminate());
  socket.on('message', (data: RawData, isBinary: boolean) => {
    try {
      receive(data, isBinary);
    } catch {
      // Our own failure on this message (never the client's to see): this socket ends, the process goes on.
      socket.close(1011, 'internal error');
    }
  });
  // The page's proof that the runtime lives: a frozen runtime would look live without it (renderer/bridge/).
  const beat = setInterval(() => send({ t: 'beat' }), beatMs);
  socket.on('close', () => {
    clearInterval(beat);
    unsubscribe?.();
  });
  // The tab that opened the session's first socket keeps this secret; later sockets of the session present it.
  if (tab.newTabSecret !== null) send({ t: 'tab', secret: tab.newTabSecret });

  function receive(data: RawData, isBinary: boolean): void {
    if (isBinary) return socket.close(1003, 'text only');
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      return socket.close(1007, 'not JSON');
    }
    const message = clientMessageSchema.safeParse(parsed);
    if (!message.success) return socket.close(1008, 'bad message');
    if (message.data.t === 'tab-kept') return tab.kept();
    if (message.data.t === 'subscribe') {
      if (unsubscribe !== null) return;
      unsubscribe = pushes.subscribe(push);
      // A page that reconnects (the runtime restarted, or the socket dropped) must not wait for the next change.
      push(pushes.snapshot());
      return;
    }
    const { id, channel, args } = message.data;
    if (role === 'monitor' && !monitorChannels.has(channel)) return send({ t: 'result', id, outcome: readOnly });
    session
      .invoke(channel, args)
      .then((outcome) => {
        send({ t: 'result', id, outcome: scrub(view === null ? outcome : view.outcome(outcome)) });
      })
      .catch(() => socket.close(1011, 'internal error'));
  }
}
