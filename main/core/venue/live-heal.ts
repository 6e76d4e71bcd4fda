/**
 * Heals a live table from GET /live/state when an event could not be applied in full, instead of waiting for the
 * next reconnect's state frame. One reading at a time; a request while one is under way asks for one more after it,
 * so the last heal always reads after the last bad event.
 */
import type { LiveStateResponse } from './schemas-live';

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
 * A venue timestamp in seconds. The spec gives `ts` only as "number" (hand actions are Unix seconds, webhook
 * bodies milliseconds), so the socket and GET /live/state may use either: a value past 1e11 (the year 5138 in
 * seconds, 1973 in milliseconds) is read as milliseconds.
 */
export function venueSeconds(ts: number): number {
  return ts > 1e11 ? ts / 1000 : ts;
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
