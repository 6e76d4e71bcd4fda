/**
 * Mirrors main's snapshots for useSyncExternalStore: the first one by invoke, then every pushed one.
 * Older versions are dropped (a push may overtake the first invoke's answer). Decides nothing.
 *
 * main already coalesces to one push per ~16 ms, but its timer and the page's frames are not aligned, so two
 * pushes can land in one frame. The first in a frame is published at once (lowest latency); a later one waits
 * for the next animation frame, so React commits at most once per frame even during a catch-up.
 */
import type { SessionSnapshot, VenueBridge } from '../../preload/contract';
import { shareEqual } from './share-equal';

/** A hidden page (a minimized window, a monitor behind another) gets no animation frames: never wait on one alone. */
const FRAME_FALLBACK_MS = 50;

/**
 * Runs `callback` at the next animation frame, or after FRAME_FALLBACK_MS if no frame comes first. The frame is
 * asked for from the next task: on an idle page requestAnimationFrame costs a few tenths of a millisecond (it
 * starts frame production), and asked from the publishing task it would run before React's commit of that very
 * snapshot. Asking later only ends the frame window later, so it never lets two snapshots into one frame.
 */
function frameOrTimeout(callback: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  setTimeout(() => {
    requestAnimationFrame(run);
    setTimeout(run, FRAME_FALLBACK_MS);
  }, 0);
}

/** The page's mirror of main's snapshots; the first snapshot of a frame is published at once, bursts once per frame. */
export class SnapshotStore {
  private current: SessionSnapshot | null = null;
  private readonly listeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  private publishedThisFrame = false;
  private waiting: SessionSnapshot | null = null;

  constructor(
    private readonly venue: VenueBridge,
    private readonly nextFrame: (callback: () => void) => void = frameOrTimeout,
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

  private accept(incoming: SessionSnapshot): void {
    const previous = this.waiting ?? this.current;
    if (previous !== null && previous.epoch === incoming.epoch && incoming.version <= previous.version) return;
    // Unchanged sections keep their identity, so memoized screens skip them.
    const snapshot = shareEqual(previous, incoming);
    if (this.publishedThisFrame) {
      this.waiting = snapshot;
      return;
    }
    this.publish(snapshot);
  }

  private publish(snapshot: SessionSnapshot): void {
    this.current = snapshot;
    this.publishedThisFrame = true;
    this.nextFrame(() => {
      this.publishedThisFrame = false;
      const waiting = this.waiting;
      this.waiting = null;
      if (waiting !== null) this.publish(waiting);
    });
    for (const listener of this.listeners) listener();
  }
}
