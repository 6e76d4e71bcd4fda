/**
 * The session's snapshots as windows and pages receive them: with the venue key removed, once per push, before any
 * role's projection (the monitor's), in this one place for both shells.
 *
 * This app never writes the key into a snapshot, yet the scrub cannot go: a snapshot carries text the venue supplied
 * verbatim (the venue's name, the table's name, players' names, ticker lines, the venue's changelog, the reasons a
 * venue gave for a refusal), and a hostile or careless venue may echo the key in any of them
 * (test/integration/push-key-scan.test.ts). One subscription to the session serves every window and page, so a push
 * is scrubbed once however many are open.
 */
import type { SessionSnapshot } from '../../../preload/contract';

/** Where snapshots come from: the session (its SessionApi), or anything shaped like it. */
export interface SnapshotSource {
  /** The latest snapshot. */
  snapshot(): SessionSnapshot;
  /** Called with each pushed snapshot; returns the unsubscribe. */
  subscribe(listener: (snapshot: SessionSnapshot) => void): () => void;
}

/** Removes the venue key from data bound for a page or window (redact.ts's scrubSecret with the key in use now). */
export type Scrub = <T>(value: T) => T;

/** The source's snapshots, scrubbed: each push once, shared by every listener. */
export class ScrubbedPushes implements SnapshotSource {
  private readonly listeners = new Set<(snapshot: SessionSnapshot) => void>();
  private unsubscribeSource: (() => void) | null = null;

  constructor(
    private readonly source: SnapshotSource,
    private readonly scrub: Scrub,
  ) {}

  /** The latest snapshot, scrubbed (a page that starts or reconnects reads it once; later ones are pushed). */
  snapshot(): SessionSnapshot {
    return this.scrub(this.source.snapshot());
  }

  /** The source is subscribed to while anyone listens here, and only once. */
  subscribe(listener: (snapshot: SessionSnapshot) => void): () => void {
    this.listeners.add(listener);
    this.unsubscribeSource ??= this.source.subscribe((snapshot) => this.fanOut(snapshot));
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      this.unsubscribeSource?.();
      this.unsubscribeSource = null;
    };
  }

  private fanOut(snapshot: SessionSnapshot): void {
    const scrubbed = this.scrub(snapshot);
    for (const listener of [...this.listeners]) listener(scrubbed);
  }
}
