/** What the command handlers may use of the running session. */
import type { Settings } from '../../../preload/contract';
import type { OperatorAuth } from '../../../preload/contract/cashier';
import type { VenueClient } from '../venue/rest-client';
import type { CheckedKey } from './key-check';
import type { KeyStore } from './key-store';
import type { VenueLink } from './venue-link';

/** A key just entered, with the answer of the one GET /key that accepted it and the address it was asked at. */
export interface EnteredKey {
  readonly key: string;
  readonly checked: CheckedKey;
  /** The client that asked GET /key (bound to this key and `baseUrl`): the connection opened with it sends with it. */
  readonly client: VenueClient;
  /**
   * The settings' venue address when GET /key answered. The answer names the venue of this address only: another
   * address on the same origin (a gateway with venues under two paths) may open another venue.
   */
  readonly baseUrl: string;
  readonly wsUrl: string | null;
}

/** What a money request is judged on, read once at the command's edge: the open link and the settings' threshold. */
export interface MoneyDesk {
  readonly link: VenueLink;
  /** The amount over which a movement needs the operator's confirmation (Settings, as they are now). */
  readonly threshold: number;
}

export interface SessionContext {
  /** The open venue link; throws CommandRefusal `no_venue` when there is none (no key, or still connecting). */
  requireLink(): VenueLink;
  /** The open link and the confirmation threshold, read together; throws like `requireLink`. */
  moneyDesk(): MoneyDesk;
  /** The open venue link, or null (no key, still connecting, or it could not open). */
  link(): VenueLink | null;
  settings(): Settings;
  /** Persists and applies new settings (validated by the store). */
  saveSettings(next: Settings): Promise<void>;
  readonly keyStore: KeyStore;
  /**
   * Closes the current link and opens one for the current settings and key. `entered`: the key just entered and its
   * GET /key answer, which the new link takes instead of asking again (when the key and address still match).
   */
  reconnect(entered?: EnteredKey): Promise<void>;
  /** Whether a (re)open of the venue link is under way: until it ends, `link()` says nothing of the venue in use. */
  opening(): boolean;
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
  /**
   * Where the venue asks for PINs: refuses (CommandRefusal) unless `auth` is an enrolled operator with their PIN,
   * and returns who; null where PINs are off. `what` names what is being changed, for the refusal.
   */
  authorize(auth: OperatorAuth | undefined, what: string): Promise<string | null>;
  /**
   * Dual control (with PINs on): refuses unless `approval` is a second enrolled operator, not the one on shift, with
   * their PIN; writes the approval to the event log. `what` says what is approved, in words.
   */
  approve(approval: OperatorAuth | undefined, what: string): Promise<void>;
}
