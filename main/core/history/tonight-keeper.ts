/**
 * Holds tonight's hands for the session: feeds live events to the pure accumulator and keeps the night on disk in
 * the venue's folder. Events that arrive before the stored night is loaded wait for it (the live feed opens before
 * the venue's folder is known), so a restart mid-night continues the stored night instead of replacing it.
 */
import type { LiveEvent } from '../venue/schemas-live';
import { applyTonightEvent, EMPTY_NIGHT, type TonightNight } from './tonight-hands';
import { loadTonight, saveTonight } from './tonight-store';
import { tonightHandsOf, type TonightPlayerHand } from './tonight-view';

/** Live input of the keeper: an event, or the history's word that a new night began. */
export type TonightInput = { readonly type: 'event'; readonly event: LiveEvent } | { readonly type: 'new-night' };

/** Events held while the stored night loads (a replay window's worth). */
const MAX_WAITING = 10_000;
/**
 * A stored night whose last hand is older than this is a past night (the app was closed when it ended, so no live
 * signal said so): it is not tonight, and the published history has it by now.
 */
export const STALE_NIGHT_MS = 12 * 60 * 60 * 1000;

function lastActivity(night: TonightNight): number | null {
  const last = night.hands[night.hands.length - 1];
  return last?.endedAt ?? night.startedAt;
}

function applyInput(night: TonightNight, input: TonightInput): TonightNight {
  return input.type === 'new-night' ? EMPTY_NIGHT : applyTonightEvent(night, input.event);
}

/** One session's tonight accumulator with its file. */
export class TonightKeeper {
  private night: TonightNight = EMPTY_NIGHT;
  private path: string | null = null;
  private waiting: TonightInput[] | null = [];
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;
  private generation = 0;

  constructor(
    private readonly log: (message: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Loads the stored night from `path`, then applies what arrived meanwhile; later changes are saved there. */
  async open(path: string): Promise<void> {
    this.generation += 1;
    const generation = this.generation;
    const loaded = await loadTonight(path);
    if (generation !== this.generation) return;
    if (loaded.problem !== null) this.log(loaded.problem);
    this.path = path;
    const last = lastActivity(loaded.night);
    let night = last !== null && this.now() - last > STALE_NIGHT_MS ? EMPTY_NIGHT : loaded.night;
    for (const input of this.waiting ?? []) night = applyInput(night, input);
    this.waiting = null;
    this.replace(night);
  }

  /** Takes one live input (held until the stored night is loaded). */
  feed(input: TonightInput): void {
    if (this.waiting !== null) {
      if (this.waiting.length < MAX_WAITING) this.waiting.push(input);
      return;
    }
    this.replace(applyInput(this.night, input));
  }

  /** The player's finished hands tonight, newest first. */
  handsOf(playerId: string): readonly TonightPlayerHand[] {
    return tonightHandsOf(this.night, playerId);
  }

  /** Writes what is pending and forgets the venue (the next open starts from its own file). */
  async close(): Promise<void> {
    this.generation += 1;
    await this.writing;
    this.path = null;
    this.night = EMPTY_NIGHT;
    this.waiting = [];
    this.dirty = false;
  }

  private replace(night: TonightNight): void {
    if (night === this.night) return;
    // Only finished hands (and a new night) are worth a write: an open hand is rebuilt from the replay.
    const worthSaving = night.hands !== this.night.hands || night.startedAt !== this.night.startedAt;
    this.night = night;
    if (worthSaving) this.scheduleSave();
  }

  private scheduleSave(): void {
    if (this.path === null) return;
    if (this.dirty) return;
    this.dirty = true;
    const path = this.path;
    this.writing = this.writing.then(async () => {
      this.dirty = false;
      if (this.path !== path) return;
      await saveTonight(path, this.night).catch((error: unknown) => {
        this.log(`could not save tonight's hands: ${error instanceof Error ? error.message : String(error)}`);
      });
    });
  }
}
