/**
 * An immutable, bounded, append-only list whose append is O(1) amortized. Copying a 50-line ticker on every
 * event would cost more than parsing the event; instead, views share one buffer and an append pushes past the
 * view's end. An older view never sees the push (its range is fixed); a second append to the same older view
 * finds the buffer already extended and copies its own range first. The buffer is compacted once the dropped
 * prefix reaches `limit`, so memory stays within about twice the bound.
 *
 * A subclass may store a cheaper stand-in for an entry and build the entry on first read (the table's ticker
 * keeps a catch-up event as itself); it then writes the built entry back into the shared slot, which every view
 * reads the same way, so the views stay immutable in everything they can observe.
 */
export class BoundedLog<T> {
  protected constructor(
    /** Entries, or a subclass's stand-ins for them; shared by every view of one lineage. */
    protected readonly slots: unknown[],
    protected readonly start: number,
    protected readonly end: number,
    /** The most entries kept; older ones are dropped. */
    readonly limit: number,
  ) {}

  /** An empty log that keeps at most `limit` entries. */
  static empty<T>(limit: number): BoundedLog<T> {
    return new BoundedLog<T>([], 0, 0, BoundedLog.bound(limit));
  }

  /** A log holding the last `limit` of `items`. */
  static of<T>(items: readonly T[], limit: number): BoundedLog<T> {
    const bound = BoundedLog.bound(limit);
    const kept = bound === 0 ? [] : items.slice(-bound);
    return new BoundedLog<T>(kept, 0, kept.length, bound);
  }

  /** A usable limit: a whole number, at least 0. */
  protected static bound(limit: number): number {
    return Math.max(0, Math.floor(limit));
  }

  get length(): number {
    return this.end - this.start;
  }

  /** A new log with `item` appended (and the oldest entry dropped beyond the limit). */
  append(item: T): BoundedLog<T> {
    return this.pushSlot(item);
  }

  /** A view of `slots[start, end)` of this log's own kind; a subclass returns its own class. */
  protected derive(slots: unknown[], start: number, end: number): BoundedLog<T> {
    return new BoundedLog<T>(slots, start, end, this.limit);
  }

  /** The shared-buffer append behind `append`, for an entry or a subclass's stand-in. */
  protected pushSlot(slot: unknown): BoundedLog<T> {
    if (this.limit === 0) return this;
    let slots = this.slots;
    let start = this.start;
    let end = this.end;
    if (slots.length !== end) {
      // Another view already appended to this buffer: branch off with our own copy.
      slots = slots.slice(start, end);
      end -= start;
      start = 0;
    }
    slots.push(slot);
    end += 1;
    if (end - start > this.limit) start = end - this.limit;
    if (start >= this.limit) {
      slots = slots.slice(start, end);
      end -= start;
      start = 0;
    }
    return this.derive(slots, start, end);
  }

  /** The newest entry, or undefined. */
  latest(): T | undefined {
    return this.end > this.start ? (this.slots[this.end - 1] as T) : undefined;
  }

  /** The entries, oldest first (a fresh array). */
  toArray(): T[] {
    // Without a subclass every slot holds its entry as appended.
    return this.slots.slice(this.start, this.end) as T[];
  }

  /** Serializes as the plain array, so snapshots cross IPC and disk as data. */
  toJSON(): T[] {
    return this.toArray();
  }
}
