/**
 * Mirrors main's snapshots for the screens (use-snapshot.ts): the first one by invoke, then every pushed one, each
 * published the moment it arrives. When the page gets a new snapshot is decided in one place, main's session
 * (coalescer.ts: at most one push per frame); this store keeps no clock of its own and decides nothing. Older
 * versions are dropped (a push may overtake the first invoke's answer).
 */
import type { SessionSnapshot, VenueBridge } from '../../preload/contract';
import { shareEqual } from '../../preload/contract/share-equal';

/** The page's mirror of main's snapshots: subscribe, getSnapshot, and each push published as it arrives. */
export class SnapshotStore {
  private current: SessionSnapshot | null = null;
  private readonly listeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly venue: VenueBridge,
    /** Runs the listeners of one publish together (the page passes React's flushSync: one synchronous render). */
    private readonly batch: (notify: () => void) => void = (notify) => notify(),
  ) {}

  /** Subscribes to pushes first so nothing between the invoke and the subscription is lost. */
  start(): void {
    if (this.unsubscribe !== null) return;
    this.unsubscribe = this.venue.subscribe((snapshot) => this.accept(snapshot));
    void this.venue.getSnapshot().then((outcome) => {
      if (outcome.ok) this.accept(outcome.value);
    });
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): SessionSnapshot | null => this.current;

  /** The current snapshot, for components that only render once there is one. */
  loaded(): SessionSnapshot {
    if (this.current === null) throw new Error('no snapshot has arrived yet');
    return this.current;
  }

  private accept(incoming: SessionSnapshot): void {
    const previous = this.current;
    if (previous !== null && previous.epoch === incoming.epoch && incoming.version <= previous.version) return;
    // Unchanged sections keep their identity, so screens reading only those sections do not re-render.
    this.current = shareEqual(previous, incoming);
    this.batch(() => {
      for (const listener of this.listeners) listener();
    });
  }
}
