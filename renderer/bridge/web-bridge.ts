/**
 * The VenueBridge of the web runtime: the same contract as the Electron preload, carried over a loopback
 * WebSocket to main/web. The session cookie won by the printed link (never a token in the URL) authenticates the
 * socket, together with the secret of this tab (kept in sessionStorage: another tab of the same browser profile,
 * which shares the cookie, is refused); the table monitor (`?view=monitor`) has its own socket path, cookie and
 * tab secret. Every snapshot arrives whole (the
 * page's store keeps what did not change). Reconnects with backoff if the runtime restarts; pending invokes fail
 * with `disconnected` rather than hang. A runtime that is gone (its socket closed, or no heartbeat for
 * BRIDGE_SILENCE_MS: a frozen process whose socket never closes) turns the page's last snapshot into the "app not
 * running" one (preload/contract/core-lost.ts): the badge says so, the table greys, money controls are disabled.
 */
import type { InvokeOutcome, SessionSnapshot, VenueBridge } from '../../preload/contract';
import {
  BRIDGE_SILENCE_MS,
  createBridge,
  TAB_PROTOCOL_PREFIX,
  type WebServerMessage,
} from '../../preload/contract/bridge';
import { coreLostSnapshot } from '../../preload/contract/core-lost';

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
  error: { code: 'disconnected', message: 'The app stopped answering: nothing was done. Try again once it runs.' },
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
  /** The core's latest snapshot, and whether the page has declared it lost (until the core speaks again). */
  let last: SessionSnapshot | null = null;
  let lost = false;
  let silence: number | undefined;

  function send(text: string): void {
    if (open && socket !== null) socket.send(text);
    else queue.push(text);
  }

  function emit(snapshot: SessionSnapshot): void {
    for (const listener of listeners) listener(snapshot);
  }

  /** The core is gone: say so once (over its last snapshot), and fail what waits on it. */
  function lose(): void {
    for (const entry of pending.values()) entry.resolve(disconnected);
    pending.clear();
    // An invoke asked of a lost core is failed now, never sent later to a core that came back.
    queue.length = 0;
    if (lost || last === null) return;
    lost = true;
    emit(coreLostSnapshot(last, Date.now()));
  }

  /** Anything from the core proves it alive for BRIDGE_SILENCE_MS more; silence past that is a lost core. */
  function heard(from: WebSocket): void {
    window.clearTimeout(silence);
    silence = window.setTimeout(() => {
      if (socket !== from) return;
      lose();
      // Its close may never come (a frozen process): this socket is dropped and a new one tried.
      drop(from);
    }, BRIDGE_SILENCE_MS);
  }

  function drop(from: WebSocket): void {
    if (socket !== from) return;
    socket = null;
    open = false;
    window.clearTimeout(silence);
    from.close();
    attempt += 1;
    // Backoff capped at 5 s: the runtime is on this machine, it is either restarting or gone.
    window.setTimeout(connect, Math.min(5000, 200 * 2 ** attempt));
  }

  function connect(): void {
    const current = new WebSocket(url, heldSecret === null ? [] : [`${TAB_PROTOCOL_PREFIX}${heldSecret}`]);
    socket = current;
    current.addEventListener('open', () => {
      if (socket !== current) return;
      open = true;
      attempt = 0;
      heard(current);
      current.send(JSON.stringify({ t: 'subscribe' }));
      for (const text of queue.splice(0)) current.send(text);
    });
    current.addEventListener('message', (event: MessageEvent<string>) => {
      if (socket !== current) return;
      heard(current);
      const message = JSON.parse(event.data) as WebServerMessage;
      if (message.t === 'tab') {
        heldSecret = message.secret;
        keepTabSecret(tabKey, message.secret);
        // Until the runtime hears this, a socket that drops leaves the session free for this tab to bind again.
        current.send(JSON.stringify({ t: 'tab-kept' }));
      } else if (message.t === 'snapshot') {
        last = message.snapshot;
        lost = false;
        emit(message.snapshot);
      } else if (message.t === 'result') {
        pending.get(message.id)?.resolve(message.outcome);
        pending.delete(message.id);
      }
    });
    current.addEventListener('close', () => {
      if (socket !== current) return;
      lose();
      drop(current);
    });
  }
  connect();

  return createBridge({
    invoke(channel, args) {
      const id = nextId;
      nextId += 1;
      return new Promise((resolve) => {
        if (lost) return resolve(disconnected);
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
