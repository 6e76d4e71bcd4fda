/**
 * The VenueBridge of the web runtime: the same contract as the Electron preload, carried over a loopback
 * WebSocket to main/web. The session cookie won by the printed link (never a token in the URL) authenticates the
 * socket; the table monitor (`?view=monitor`) has its own socket path and cookie. Snapshots arrive whole, then as
 * patches of the sections that changed (preload/contract/snapshot-patch.ts). Reconnects with backoff
 * if the runtime restarts; pending invokes fail with `disconnected` rather than hang.
 */
import type { InvokeOutcome, SessionSnapshot, VenueBridge } from '../../preload/contract';
import { createBridge } from '../../preload/contract/bridge';
import { applySnapshotPatch, type SnapshotPatch } from '../../preload/contract/snapshot-patch';

type ServerMessage =
  | { readonly t: 'result'; readonly id: number; readonly outcome: InvokeOutcome<unknown> }
  | { readonly t: 'snapshot'; readonly snapshot: SessionSnapshot }
  | { readonly t: 'patch'; readonly patch: SnapshotPatch };

interface Pending {
  resolve(outcome: InvokeOutcome<unknown>): void;
}

const disconnected: InvokeOutcome<never> = {
  ok: false,
  error: { code: 'disconnected', message: 'The connection to the app core was lost. Try again.' },
};

/** Opens the loopback socket described by the page URL and returns the bridge. */
export function createWebBridge(location: Location): VenueBridge {
  const monitor = new URLSearchParams(location.search).get('view') === 'monitor';
  const url = `ws://${location.host}${monitor ? '/monitor-bridge' : '/bridge'}`;
  const listeners = new Set<(snapshot: SessionSnapshot) => void>();
  const pending = new Map<number, Pending>();
  const queue: string[] = [];
  let nextId = 1;
  let socket: WebSocket | null = null;
  let open = false;
  let attempt = 0;
  /** The last snapshot received on this socket: patches apply on top of it. */
  let assembled: SessionSnapshot | null = null;

  function send(text: string): void {
    if (open && socket !== null) socket.send(text);
    else queue.push(text);
  }

  function connect(): void {
    socket = new WebSocket(url);
    socket.addEventListener('open', () => {
      open = true;
      attempt = 0;
      socket?.send(JSON.stringify({ t: 'subscribe' }));
      for (const text of queue.splice(0)) socket?.send(text);
    });
    socket.addEventListener('message', (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as ServerMessage;
      if (message.t === 'snapshot' || message.t === 'patch') {
        const snapshot = message.t === 'snapshot' ? message.snapshot : applySnapshotPatch(assembled, message.patch);
        // A patch for a snapshot this page does not have: reconnecting starts again from a whole one.
        if (snapshot === null) return socket?.close();
        assembled = snapshot;
        for (const listener of listeners) listener(snapshot);
      } else {
        pending.get(message.id)?.resolve(message.outcome);
        pending.delete(message.id);
      }
    });
    socket.addEventListener('close', () => {
      open = false;
      assembled = null;
      for (const entry of pending.values()) entry.resolve(disconnected);
      pending.clear();
      attempt += 1;
      // Backoff capped at 5 s: the runtime is on this machine, it is either restarting or gone.
      window.setTimeout(connect, Math.min(5000, 200 * 2 ** attempt));
    });
  }
  connect();

  return createBridge({
    invoke(channel, args) {
      const id = nextId;
      nextId += 1;
      return new Promise((resolve) => {
        pending.set(id, { resolve });
        send(JSON.stringify({ t: 'invoke', id, channel, args }));
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    // The web runtime has no application menu, so nothing ever asks for a screen.
    onShowView: () => () => undefined,
  });
}
