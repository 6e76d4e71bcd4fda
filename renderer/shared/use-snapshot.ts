/**
 * Reads main's latest snapshot. `useSnapshotPart` gives one part of it: the component re-renders only when that
 * part's identity changes. The store keeps unchanged parts' identity (share-equal.ts), so a live table event
 * re-renders the table and nothing else.
 *
 * Why not useSyncExternalStore: measured in the ui-latency bench (two runs each, same machine), reading through it
 * put 0.5 ms between the bare-socket echo and the DOM change at the median, against 0.4 ms for this hook. React
 * renders its updates in a microtask after the push's call and runs the passive effect every such update leaves
 * before the DOM change can be observed; state set inside the store's batch (flushSync, see main.tsx) renders right
 * in the push's call, with no passive effect at all. The subscription is a layout effect that first catches up with
 * any snapshot published while the component rendered, so nothing is missed between render and subscribe.
 */
import { useCallback, useLayoutEffect, useState } from 'react';
import type { SessionSnapshot } from '../../preload/contract';
import { selectWhole } from './snapshot-parts';
import type { SnapshotStore } from './snapshot-store';

/** `read()` now and after every publish; re-renders when its value changes identity. `read` must be stable. */
function useStoreValue<T>(store: SnapshotStore, read: () => T): T {
  const [value, setValue] = useState(read);
  useLayoutEffect(() => {
    // An updater, so a function-valued part would not be taken for one; the same value bails out without a render.
    const update = () => setValue(() => read());
    update();
    return store.subscribe(update);
  }, [store, read]);
  return value;
}

/** Whether the first snapshot has arrived; re-renders once, when it does. */
export function useHasSnapshot(store: SnapshotStore): boolean {
  const read = useCallback(() => store.getSnapshot() !== null, [store]);
  return useStoreValue(store, read);
}

/**
 * One part of the snapshot, for components rendered once a snapshot exists (it never goes back to null).
 * `select` must be stable (snapshot-parts.ts) and return a part of the snapshot or a primitive, never a new object
 * (that would re-render on every push).
 */
export function useSnapshotPart<T>(store: SnapshotStore, select: (snapshot: SessionSnapshot) => T): T {
  const read = useCallback(() => select(store.loaded()), [store, select]);
  return useStoreValue(store, read);
}

/** The whole snapshot, for screens that use most of it (History, Settings): they re-render on every push. */
export function useLoadedSnapshot(store: SnapshotStore): SessionSnapshot {
  return useSnapshotPart(store, selectWhole);
}
