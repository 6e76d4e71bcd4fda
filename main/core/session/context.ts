/** What the command handlers may use of the running session. */
import type { Settings } from '../../../preload/contract';
import type { KeyStore } from './key-store';
import type { VenueLink } from './venue-link';

export interface SessionContext {
  /** The open venue link; throws CommandRefusal `no_venue` when there is none (no key, or still connecting). */
  requireLink(): VenueLink;
  settings(): Settings;
  /** Persists and applies new settings (validated by the store). */
  saveSettings(next: Settings): Promise<void>;
  readonly keyStore: KeyStore;
  /** Closes the current link and opens one for the current settings and key. */
  reconnect(): Promise<void>;
  /** Replaces the built-in demo venue with a new one (its state and journal wiped); refused unless it is in use. */
  startFreshDemo(): Promise<void>;
  /** Something the snapshot shows changed outside the link (e.g. how the key is stored): push a new snapshot. */
  changed(): void;
  now(): number;
  /**
   * Refuses (CommandRefusal) when the venue asks for operator PINs (Settings) and `pin` is not the operator's; the
   * first PIN an operator gives becomes theirs.
   */
  checkOperatorPin(operator: string, pin: string | undefined): Promise<void>;
}
