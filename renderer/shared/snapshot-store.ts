/**
 * Mirrors main's snapshots for the screens (use-snapshot.ts): the first one by invoke, then every pushed one.
 * Older versions are dropped (a push may overtake the first invoke's answer). Decides nothing.
 *
 * main already coalesces to one push per ~16 ms, but its timer and the page's frames are not aligned, so two
 * pushes can land in one frame. A push after a quiet spell (two frames or more since the last publish) is
 * published at once: no frame can hold both, and the common case (a live event every second or so) costs no
 * timer at all. A push closer than that waits for the next animation frame, so React commits at most once per
 * frame even during a catch-up.
 */
import type { SessionSnapshot, VenueBridge } from '../../preload/contract';
import { shareEqual } from '../../preload/contract/share-equal';

/** A hidden page (a minimized window, a monitor behind another) gets no animation frames: never wait on one alone. */
const FRAME_FALLBACK_MS = 50;

/** Two frames at 60 Hz: a push this long after the last publish cannot share its frame. */
export const QUIET_MS = 34;

/** Runs `callback` at the next animation frame, or after FRAME_FALLBACK_MS if no frame comes first. */
function frameOrTimeout(callback: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  requestAnimationFrame(run);
  setTimeout(run, FRAME_FALLBACK_MS);
}

export interface SnapshotStoreOptions {
  /** Runs a callback at the next animation frame (tests drive it by hand). */
  readonly nextFrame?: (callback: () => void) => void;
  readonly now?: () => number;
  /** Runs the listeners of one publish together (the page passes React's flushSync: one synchronous render). */
  readonly batch?: (notify: () => void) => void;
}

/** The page's mirror of main's snapshots; a push after a quiet spell is published at once, bursts once per frame. */
export class SnapshotStore {
  private current: SessionSnapshot | null = null;
  private readonly listeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  private lastPublishAt = Number.NEGATIVE_INFINITY;
  private waiting: SessionSnapshot | null = null;

  private readonly nextFrame: (callback: () => void) => void;
  private readonly now: () => number;
  private readonly batch: (notify: () => void) => void;

  constructor(
    private readonly venue: VenueBridge,
    options: SnapshotStoreOptions = {},
  ) {
    this.nextFrame = options.nextFrame ?? frameOrTimeout;
    this.now = options.now ?? (() => performance.now());
    this.batch = options.batch ?? ((notify) => notify());
  }

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
    const previous = this.waiting ?? this.current;
    if (previous !== null && previous.epoch === incoming.epoch && incoming.version <= previous.version) return;
    // Unchanged sections keep their identity, so memoized screens skip them.
    const snapshot = shareEqual(previous, incoming);
    if (this.waiting !== null) {
      this.waiting = snapshot;
      return;
    }
    if (this.now() - this.lastPublishAt >= QUIET_MS) {
      this.publish(snapshot);
      return;
    }
    this.waiting = snapshot;
    this.nextFrame(() => {
      const waiting = this.waiting;
      this.waiting = null;
      if (waiting !== null) this.publish(waiting);
    });
  }

  private publish(snapshot: SessionSnapshot): void {
    this.current = snapshot;
    this.lastPublishAt = this.now();
    this.batch(() => {
      for (const listener of this.listeners) listener();
    });
  }
}
