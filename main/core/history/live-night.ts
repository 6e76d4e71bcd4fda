/**
 * What the history takes from the live plane, one change at a time: tonight's hands (the keeper) and whether the
 * venue's night has ended (the watch). A night end empties tonight before the event that revealed it is applied, so
 * that event (the new night's first hand, or money under the new session) belongs to the new night.
 */
import { INITIAL_NIGHT_WATCH, watchNight, type NightInput, type NightTrigger, type NightWatch } from './night-watch';
import type { TonightKeeper } from './tonight-keeper';

export class LiveNight {
  private watch: NightWatch = INITIAL_NIGHT_WATCH;

  constructor(private readonly tonight: TonightKeeper) {}

  /** A new live feed: the watch starts over (its first hand number is no restart); tonight's hands carry on. */
  restart(): void {
    this.watch = INITIAL_NIGHT_WATCH;
  }

  /** Reads one change; returns why a sync is due, or null. */
  take(change: NightInput): NightTrigger | null {
    const { watch, trigger } = watchNight(this.watch, change);
    this.watch = watch;
    if (trigger === 'session_closed') this.tonight.feed({ type: 'new-night' });
    if (change.type === 'event') this.tonight.feed({ type: 'event', event: change.event });
    return trigger;
  }
}
