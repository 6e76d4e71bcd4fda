/**
 * Heals a live table from GET /live/state when an event could not be applied in full, instead of waiting for the
 * next reconnect's state frame. One reading at a time; a request while one is under way asks for one more after it,
 * so the last heal always reads after the last bad event.
 */
import type { LiveEvent, LiveStateResponse } from './schemas-live';
import { venueSeconds } from './venue-time';

/** Where the keeper heals its table when an event could not be applied: GET /live/state. */
export interface LiveStateSource {
  liveState(): Promise<LiveStateResponse>;
  /**
   * Until when the source's reads wait out the venue's 429 (VenueClient's), or null: a heal would wait that long
   * with the table not caught up, so the keeper resyncs through a reconnect instead.
   */
  readonly pausedUntil?: number | null;
}

export interface HealOutcome {
  /** The reading arrived: replace the table with it. */
  onReading(answer: LiveStateResponse): void;
  /** The reading failed: the caller falls back to a reconnect. */
  onFailure(message: string): void;
}

/**
 * Where an event stamped `eventTs` stands against a heal reading stamped `healTs`: stamped before it, so already in
 * the reading; after it, so still to apply; or in the same instant (a venue stamping whole seconds), which cannot
 * be told apart: the caller resyncs rather than guess.
 */
export function orderAgainstHeal(eventTs: number, healTs: number): 'in-reading' | 'after' | 'same-instant' {
  const event = venueSeconds(eventTs);
  const heal = venueSeconds(healTs);
  if (event < heal) return 'in-reading';
  return event > heal ? 'after' : 'same-instant';
}

export class TableHealer {
  private healing = false;
  private again = false;

  /** True while a reading is under way. */
  get busy(): boolean {
    return this.healing;
  }

  /** True while another reading is queued after the one under way (checked from onReading). */
  get queued(): boolean {
    return this.again;
  }

  constructor(
    private readonly source: LiveStateSource,
    private readonly outcome: HealOutcome,
  ) {}

  /** Reads GET /live/state now, or once more after the reading under way. */
  heal(): void {
    if (this.healing) {
      this.again = true;
      return;
    }
    this.healing = true;
    void this.source
      .liveState()
      .then(
        (answer) => this.outcome.onReading(answer),
        (error: unknown) => this.outcome.onFailure(error instanceof Error ? error.message : String(error)),
      )
      .finally(() => {
        this.healing = false;
        if (this.again) {
          this.again = false;
          this.heal();
        }
      });
  }
}

/** What a heal reading may do with the table: replace it (then apply `after` on top), or not (resync instead). */
export type HealVerdict =
  { readonly ok: true; readonly after: readonly LiveEvent[] } | { readonly ok: false; readonly reason: string };

/**
 * Places one connection's events against its heal readings, so a reading never puts the table back in time and an
 * event is neither applied twice nor lost: what arrived while a reading was under way, the latest event before it
 * was asked for, and the reading's stamp once it healed the table. Reset for every connection.
 */
export class HealPlacement {
  /** The stamp of the last heal reading: events stamped before it are in the healed table. */
  private healedThroughTs: number | null = null;
  /** Events applied while a reading is under way: re-applied on top of it when stamped after it. */
  private applied: LiveEvent[] = [];
  /** A reading is under way on this connection. */
  private asked = false;
  /** The latest event stamp before the reading under way was asked for: the reading must not be older. */
  private notBefore: number | null = null;
  /** The same for the reading queued after it. */
  private queuedNotBefore: number | null = null;
  private lastEventTs: number | null = null;

  /** A new connection, or a resync: nothing is placed against an earlier reading any more. */
  reset(): void {
    this.healedThroughTs = null;
    this.applied = [];
    this.asked = false;
    this.notBefore = null;
    this.queuedNotBefore = null;
    this.lastEventTs = null;
  }

  /**
   * Where a received event stands against the last reading: 'after' (apply it), 'in-reading' (already in the
   * table) or 'same-instant' (cannot tell: resync). Events come in order, so once one is after, all later ones are.
   */
  place(event: LiveEvent): 'in-reading' | 'after' | 'same-instant' {
    this.lastEventTs = event.ts;
    const order = this.healedThroughTs === null ? 'after' : orderAgainstHeal(event.ts, this.healedThroughTs);
    if (order === 'after') this.healedThroughTs = null;
    return order;
  }

  /** An event was applied to the table: kept while a reading is under way. */
  noteApplied(event: LiveEvent): void {
    if (this.asked) this.applied.push(event);
  }

  /** A reading was asked for; `queued` when it waits behind the one under way. */
  noteAsked(queued: boolean): void {
    if (!this.asked) this.applied = [];
    this.asked = true;
    if (queued) this.queuedNotBefore = this.lastEventTs;
    else this.notBefore = this.lastEventTs;
  }

  /** Judges a live reading stamped `healTs`; `settled` when no other reading is queued after it. */
  judge(healTs: number, settled: boolean): HealVerdict {
    const during = this.applied;
    this.applied = [];
    if (this.notBefore !== null && orderAgainstHeal(this.notBefore, healTs) === 'after') {
      return {
        ok: false,
        reason:
          "the reading is older than the event that asked for it (a stale reading, or a clock apart from the stream's)",
      };
    }
    if (during.some((event) => orderAgainstHeal(event.ts, healTs) === 'same-instant')) {
      return { ok: false, reason: "an event that arrived while reading is stamped in the reading's own instant" };
    }
    const after = during.filter((event) => orderAgainstHeal(event.ts, healTs) === 'after');
    this.healedThroughTs = after.length > 0 ? null : healTs;
    this.notBefore = settled ? null : this.queuedNotBefore;
    this.queuedNotBefore = null;
    this.asked = !settled;
    return { ok: true, after };
  }
}
