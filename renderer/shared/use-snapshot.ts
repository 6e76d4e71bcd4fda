/**
 * Reads main's latest snapshot through React's useSyncExternalStore. `useSnapshotPart` gives one part of it: the
 * component re-renders only when that part's identity changes. The store keeps unchanged parts' identity
 * (share-equal.ts), so a live table event re-renders the table and nothing else.
 *
 * A store update is a synchronous-lane render for React: it runs in a microtask of the task that brought the push,
 * and React flushes that render's passive effects before the task ends, so the screen follows the venue without
 * waiting for a later task.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { SessionSnapshot } from '../../preload/contract';
import { selectWhole } from './snapshot-parts';
import type { SnapshotStore } from './snapshot-store';

/** Whether the first snapshot has arrived; re-renders once, when it does. */
export function useHasSnapshot(store: SnapshotStore): boolean {
  const read = useCallback(() => store.getSnapshot() !== null, [store]);
  return useSyncExternalStore(store.subscribe, read);
}

/**
 * One part of the snapshot, for components rendered once a snapshot exists (it never goes back to null).
 * `select` must be stable (snapshot-parts.ts) and return a part of the snapshot or a primitive, never a new object
 * (React would take every read for a change).
 */
export function useSnapshotPart<T>(store: SnapshotStore, select: (snapshot: SessionSnapshot) => T): T {
  const read = useCallback(() => select(store.loaded()), [store, select]);
  return useSyncExternalStore(store.subscribe, read);
}

/** The whole snapshot, for screens that use most of it (History, Settings): they re-render on every push. */
export function useLoadedSnapshot(store: SnapshotStore): SessionSnapshot {
  return useSnapshotPart(store, selectWhole);
}
