/**
 * The live keeper's place on disk, kept up to date: every change marks it dirty, and it is written at most once per
 * `everyMs` (and at once when the keeper stops or loses access). A failed write is reported, never thrown: the live
 * plane goes on, and the next change tries again.
 */
import type { LiveCursor } from './live-cursor';
import type { LivePersistence, PersistedLive } from './live-persistence';
import { tableToLiveState } from './table-snapshot';
import type { TableState } from './table-types';

/** What one record is made of. */
export interface KeeperPlace {
  readonly table: TableState;
  readonly cursor: LiveCursor;
  readonly run: string;
}

/** The record that resumes a keeper at `place`, saved at `savedAt`. */
export function placeRecord(place: KeeperPlace, savedAt: number): PersistedLive {
  const { table, cursor } = place;
  return {
    version: 1,
    seq: cursor.seq,
    runEpoch: cursor.runEpoch,
    run: place.run,
    lastHandNumber: cursor.lastHandNumber,
    frame:
      table.lastDataAt === null
        ? null
        : { live: table.live ?? false, state: tableToLiveState(table), at: table.lastDataAt },
    savedAt,
  };
}

/** Writes a keeper's place behind its changes. */
export class KeeperSaver {
  private timer: NodeJS.Timeout | null = null;
  private dirty = false;

  constructor(
    private readonly persistence: LivePersistence | null | undefined,
    private readonly everyMs: number,
    /** The record to write now. */
    private readonly record: () => PersistedLive,
    private readonly onError: (message: string) => void,
  ) {}

  /** Something the record holds changed: it is written within `everyMs`. */
  markDirty(): void {
    if (!this.persistence) return;
    this.dirty = true;
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.everyMs);
  }

  /** Writes the record now if anything changed since the last write. */
  async flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const persistence = this.persistence;
    if (!persistence || !this.dirty) return;
    this.dirty = false;
    try {
      await persistence.save(this.record());
    } catch (error) {
      this.onError((error as Error).message);
    }
  }
}
