/**
 * Heals a live table from GET /live/state when an event could not be applied in full, instead of waiting for the
 * next reconnect's state frame. One reading at a time; a request while one is under way asks for one more after it,
 * so the last heal always reads after the last bad event.
 */
import type { LiveStateResponse } from './schemas-live';

/** Where the keeper heals its table when an event could not be applied: GET /live/state. */
export interface LiveStateSource {
  liveState(): Promise<LiveStateResponse>;
}

export interface HealOutcome {
  /** The reading arrived: replace the table with it. */
  onReading(answer: LiveStateResponse): void;
  /** The reading failed: the caller falls back to a reconnect. */
  onFailure(message: string): void;
}

export class TableHealer {
  private healing = false;
  private again = false;

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
