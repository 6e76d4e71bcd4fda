/** Reads main's latest snapshot through useSyncExternalStore. */
import { useSyncExternalStore } from 'react';
import type { SessionSnapshot } from '../../preload/contract';
import type { SnapshotStore } from './snapshot-store';

export function useSnapshot(store: SnapshotStore): SessionSnapshot | null {
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
