/** Picks the bridge: the Electron preload's `window.venue` when present, else the web runtime's socket. */
import type { VenueBridge } from '../../preload/contract';
import { createWebBridge } from './web-bridge';

declare global {
  interface Window {
    readonly venue?: VenueBridge;
  }
}

/** The one VenueBridge this page talks to. */
export function connectVenue(host: Window): VenueBridge {
  return host.venue ?? createWebBridge(host.location);
}
