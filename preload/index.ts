/**
 * The sandboxed preload: exposes `window.venue`, named methods only (ARCHITECTURE.md "One typed contract").
 * ipcRenderer itself never reaches the page; listeners get the payload, never the IPC event.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { AppView, InvokeOutcome, SessionSnapshot, VenueBridge } from './contract';
import { createBridge } from './contract/bridge';
import { isAppView, snapshotEvent, VIEW_EVENT } from './contract/channels';

/** Forwards one push channel's payload to a listener; returns the unsubscribe. */
function listen<Payload>(
  channel: string,
  accept: (payload: unknown) => payload is Payload,
  listener: (payload: Payload) => void,
): () => void {
  const forward = (_event: IpcRendererEvent, payload: unknown) => {
    if (accept(payload)) listener(payload);
  };
  ipcRenderer.on(channel, forward);
  return () => {
    ipcRenderer.removeListener(channel, forward);
  };
}

// main is the only sender on these channels; snapshots are taken as sent, a screen name is checked (cheaply).
const anySnapshot = (payload: unknown): payload is SessionSnapshot => typeof payload === 'object' && payload !== null;

// Typed where it is built (contract/bridge.ts): each method against its own channel, no cast to VenueBridge.
const bridge: VenueBridge = createBridge({
  invoke: (channel, args) => ipcRenderer.invoke(channel, ...args) as Promise<InvokeOutcome<unknown>>,
  subscribe: (listener) => listen(snapshotEvent, anySnapshot, listener),
  onShowView: (listener: (view: AppView) => void) => listen(VIEW_EVENT, isAppView, listener),
});

contextBridge.exposeInMainWorld('venue', bridge);
