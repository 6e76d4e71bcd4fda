/**
 * The VenueBridge of the web runtime: the same contract as the Electron preload, carried over a loopback
 * WebSocket to main/web. The session cookie won by the printed link (never a token in the URL) authenticates the
 * socket, together with the secret of this tab (kept in sessionStorage: another tab of the same browser profile,
 * which shares the cookie, is refused); the table monitor (`?view=monitor`) has its own socket path, cookie and
 * tab secret. Every snapshot arrives whole (the
 * page's store keeps what did not change). Reconnects with backoff if the runtime restarts; pending invokes fail
 * with `disconnected` rather than hang.
 */
import type { InvokeOutcome, SessionSnapshot, VenueBridge } from '../../preload/contract';
import { createBridge, TAB_PROTOCOL_PREFIX, type WebServerMessage } from '../../preload/contract/bridge';

/** This tab's secret for its session (per tab and per origin: sessionStorage), or null before the first socket. */
function tabSecret(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function keepTabSecret(key: string, secret: string): void {
  try {
    window.sessionStorage.setItem(key, secret);
  } catch {
    // Storage refused (a locked-down profile): this tab reconnects only while the page stays open.
  }
}

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
  const tabKey = `venue-cashier-tab:${monitor ? 'monitor' : 'cashier'}`;
  let heldSecret = tabSecret(tabKey);
  const listeners = new Set<(snapshot: SessionSnapshot) => void>();
  const pending = new Map<number, Pending>();
  const queue: string[] = [];
  let nextId = 1;
  let socket: WebSocket | null = null;
  let open = false;
  let attempt = 0;

  function send(text: string): void {
    if (open && socket !== null) socket.send(text);
    else queue.push(text);
  }

  function connect(): void {
    socket = new WebSocket(url, heldSecret === null ? [] : [`${TAB_PROTOCOL_PREFIX}${heldSecret}`]);
    socket.addEventListener('open', () => {
      open = true;
      attempt = 0;
      socket?.send(JSON.stringify({ t: 'subscribe' }));
      for (const text of queue.splice(0)) socket?.send(text);
    });
    socket.addEventListener('message', (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as WebServerMessage;
      if (message.t === 'tab') {
        heldSecret = message.secret;
        keepTabSecret(tabKey, message.secret);
        // Until the runtime hears this, a socket that drops leaves the session free for this tab to bind again.
        socket?.send(JSON.stringify({ t: 'tab-kept' }));
      } else if (message.t === 'snapshot') {
        for (const listener of listeners) listener(message.snapshot);
      } else {
        pending.get(message.id)?.resolve(message.outcome);
        pending.delete(message.id);
      }
    });
    socket.addEventListener('close', () => {
      open = false;
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
