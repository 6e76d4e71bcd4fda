/**
 * Builds a VenueBridge over any transport (Electron IPC in the preload, a loopback WebSocket in the web
 * runtime). Zod-free on purpose: it ships inside the sandboxed preload and the renderer bundle.
 */
import type { BridgeMethodOf, InvokeOutcome, VenueBridge, VenueBridgeMethods } from '../contract';
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

/**
 * One named method on its channel, typed as the contract says. The transport carries the outcome as data it cannot
 * type: main parsed the arguments with this channel's schema and answers with this channel's handler's result, so the
 * outcome is asserted to be this channel's. The arguments and the method's name are checked against the contract.
 */
function bridgeMethod<M extends BridgeMethod>(transport: BridgeTransport, method: M): BridgeMethodOf<M> {
  const channel = bridgeChannels[method];
  return (...args) => transport.invoke(channel, withoutTrailingUndefined(args)) as ReturnType<BridgeMethodOf<M>>;
}

/** Named methods only, one per contract channel; nothing else of the transport is reachable. */
export function createBridge(transport: BridgeTransport): VenueBridge {
  const methods = Object.fromEntries(
    (Object.keys(bridgeChannels) as BridgeMethod[]).map((method) => [method, bridgeMethod(transport, method)]),
  );
  return {
    // One method per key of bridgeChannels, each made (and its signature checked) by bridgeMethod for its own key:
    // what this assertion adds is only that the keys are all there, which the line above makes so.
    ...(methods as VenueBridgeMethods),
    subscribe: (listener: (snapshot: SessionSnapshot) => void) => transport.subscribe(listener),
    onShowView: (listener: (view: AppView) => void) => transport.onShowView(listener),
  };
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
