/**
 * Renders the app (or, with `?view=monitor`, the table monitor) into the page; loaded by main.tsx in parallel with the
 * first snapshot.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { VenueBridge } from '../preload/contract';
import { App } from './App';
import { MonitorApp } from './monitor/MonitorApp';
import type { SnapshotStore } from './shared/snapshot-store';

import { flushSync } from 'react-dom';

export { flushSync };

export interface MountOptions {
  readonly venue: VenueBridge;
  readonly store: SnapshotStore;
  readonly monitor: boolean;
}

/** Renders and commits at once: when this returns, the server's drawing (if any) has been replaced. */
export function mount(container: HTMLElement, { venue, store, monitor }: MountOptions): void {
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <StrictMode>{monitor ? <MonitorApp store={store} /> : <App venue={venue} store={store} />}</StrictMode>,
    ),
  );
}
