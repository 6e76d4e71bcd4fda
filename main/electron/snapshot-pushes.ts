/**
 * Every session snapshot to every window the shell opened: scrubbed of the venue key once per push
 * (core/session/scrubbed-pushes.ts), then each window role its own view (the monitor its projection). When a push
 * goes out is the session's decision (its coalescer); this only carries it.
 */
import { snapshotEvent } from '../../preload/contract';
import { monitorProjection } from '../core/session/monitor-projection';
import { ScrubbedPushes, type Scrub, type SnapshotSource } from '../core/session/scrubbed-pushes';
import { pushToWindows, type PushTarget } from './ipc';
import type { TrustedWindows } from './trusted-windows';

export interface SnapshotPushes {
  readonly source: SnapshotSource;
  readonly trusted: TrustedWindows;
  /** The window's contents by id (Electron's webContents.fromId). */
  readonly lookup: (webContentsId: number) => PushTarget | undefined;
  readonly scrub: Scrub;
}

/** Starts pushing; returns the function that stops. */
export function pushSnapshotsToWindows({ source, trusted, lookup, scrub }: SnapshotPushes): () => void {
  return new ScrubbedPushes(source, scrub).subscribe((snapshot) =>
    pushToWindows(trusted, lookup, snapshotEvent, (role) =>
      role === 'monitor' ? monitorProjection(snapshot) : snapshot,
    ),
  );
}
