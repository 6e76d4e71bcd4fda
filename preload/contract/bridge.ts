/**
 * Builds a VenueBridge over any transport (Electron IPC in the preload, a loopback WebSocket in the web
 * runtime). Zod-free on purpose: it ships inside the sandboxed preload and the renderer bundle.
 */
import type { InvokeOutcome, VenueBridge } from '../contract';
import { bridgeChannels, type AppView, type BridgeMethod } from './channels';
import type { SessionSnapshot } from './snapshot';

/** What a transport must do: send one invoke, deliver pushed snapshots and the menu's screen switches. */
export interface BridgeTransport {
  invoke(channel: string, args: readonly unknown[]): Promise<InvokeOutcome<unknown>>;
  subscribe(listener: (snapshot: SessionSnapshot) => void): () => void;
  onShowView(listener: (view: AppView) => void): () => void;
}

/**
 * An optional last argument left out (`resolveInDoubt(id, choice, undefined)`) is not sent: a JSON transport would
 * turn it into null, which the channel's schema rightly refuses as an argument given.
 */
function withoutTrailingUndefined(args: readonly unknown[]): readonly unknown[] {
  let end = args.length;
  while (end > 0 && args[end - 1] === undefined) end -= 1;
  return end === args.length ? args : args.slice(0, end);
}

/** Named methods only, one per contract channel; nothing else of the transport is reachable. */
export function createBridge(transport: BridgeTransport): VenueBridge {
  const methods: Record<string, (...args: unknown[]) => Promise<InvokeOutcome<unknown>>> = {};
  for (const method of Object.keys(bridgeChannels) as BridgeMethod[]) {
    const channel = bridgeChannels[method];
    methods[method] = (...args: unknown[]) => transport.invoke(channel, withoutTrailingUndefined(args));
  }
  // The per-method types are enforced by VenueBridge at every call site; the loop above is uniform by design.
  return {
    ...methods,
    subscribe: (listener: (snapshot: SessionSnapshot) => void) => transport.subscribe(listener),
    onShowView: (listener: (view: AppView) => void) => transport.onShowView(listener),
  } as unknown as VenueBridge;
}

/**
 * What the web runtime's socket sends its page: main/web/bridge-socket.ts writes it, renderer/bridge/web-bridge.ts
 * reads it (main/web/bridge-protocol.ts parses what the page sends back).
 */
export type WebServerMessage =
  | { readonly t: 'result'; readonly id: number; readonly outcome: InvokeOutcome<unknown> }
  | { readonly t: 'snapshot'; readonly snapshot: SessionSnapshot }
  /** The secret binding this session to the tab that opened it (main/web/web-sessions.ts); sent once, first. */
  | { readonly t: 'tab'; readonly secret: string }
  /** The runtime is alive (every BRIDGE_BEAT_MS): a page that hears nothing for BRIDGE_SILENCE_MS has lost it. */
  | { readonly t: 'beat' };

/** How often the web runtime tells each page it is alive. */
export const BRIDGE_BEAT_MS = 1_000;
/** Silence after which a page treats the runtime as gone (a frozen or killed process whose socket never closed). */
export const BRIDGE_SILENCE_MS = 3_500;

/** The Sec-WebSocket-Protocol value in which a web page presents its tab's secret: `vc-tab.<secret>`. */
export const TAB_PROTOCOL_PREFIX = 'vc-tab.';
