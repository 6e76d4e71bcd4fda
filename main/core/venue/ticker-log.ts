/**
 * The table's ticker: a BoundedLog of TickerEntry that keeps a catch-up event as the event itself and builds its
 * line only when the ticker is read. A replay window is thousands of catch-up events of which a ticker shows the
 * last fifty, so building lines on read skips nearly all of them and an event costs no allocation here at all.
 * Readers see exactly the lines an eager ticker holds: `catchUpLine` is the one builder of both.
 */
import { BoundedLog } from './bounded-log';
import type { LiveEvent } from './schemas-live';
import type { TickerEntry } from './table-types';
import { catchUpLine } from './ticker-lines';

/** A slot holds a line, or the catch-up event the line will be built from (only events have a payload). */
function isPendingEvent(slot: TickerEntry | LiveEvent): slot is LiveEvent {
  return 'payload' in slot;
}

export class TickerLog extends BoundedLog<TickerEntry> {
  /** An empty ticker that keeps at most `limit` lines. */
  static withLimit(limit: number): TickerLog {
    return new TickerLog([], 0, 0, BoundedLog.bound(limit));
  }

  // pushSlot builds its result with derive(), which this class overrides, so every result is a TickerLog.
  override append(entry: TickerEntry): TickerLog {
    return this.pushSlot(entry) as TickerLog;
  }

  /** Appends the line of a catch-up event, to be built when first read. */
  appendCatchUp(event: LiveEvent): TickerLog {
    return this.pushSlot(event) as TickerLog;
  }

  protected override derive(slots: unknown[], start: number, end: number): TickerLog {
    return new TickerLog(slots, start, end, this.limit);
  }

  override latest(): TickerEntry | undefined {
    this.settle(this.end - 1);
    return super.latest();
  }

  override toArray(): TickerEntry[] {
    this.settle(this.start);
    return super.toArray();
  }

  /** Builds the lines of pending events in [from, end) and writes them back into the shared slots. */
  private settle(from: number): void {
    for (let index = Math.max(from, this.start); index < this.end; index += 1) {
      const slot = this.slots[index] as TickerEntry | LiveEvent;
      if (isPendingEvent(slot)) this.slots[index] = catchUpLine(slot);
    }
  }
}
