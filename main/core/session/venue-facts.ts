/**
 * What the venue told us about itself: its identity and kid (the key's one GET /key, kept by the connection) and its
 * name and money mode (GET /venue, re-read when the venue may have published: facts-refresh.ts, and at each socket
 * (re)connection). The money mode recorded at an earlier start holds until GET /venue answers.
 */
import type { MoneyMode } from '../../../preload/contract';
import type { CashierSnapshot } from '../cashier';
import { FactsRefresher } from './facts-refresh';
import {
  loadMoneyMode,
  readingFromVenue,
  roomMoneyMode,
  saveMoneyMode,
  type MoneyModeReading,
} from './money-mode-record';
import type { VenueConnection, VenueUpdate } from './venue-connection';

/** What the venue told us about itself (GET /key and GET /venue). */
export interface VenueFacts {
  readonly venueId: string | null;
  readonly name: string | null;
  /** The venue's mode (null: it answered without one, the spec's default `bb`; or it is not known yet). */
  readonly moneyMode: MoneyMode | null;
  /** Whether GET /venue has ever answered for this venue (now, or before a restart: money-mode-record.ts). */
  readonly moneyModeKnown: boolean;
  readonly kid: string | null;
}

/** The mode room screens and paper follow for these facts (none: no link yet, nothing known); see roomMoneyMode. */
export function roomModeOf(facts: VenueFacts | null): MoneyMode | null {
  return facts === null ? 'hidden' : roomMoneyMode({ known: facts.moneyModeKnown, mode: facts.moneyMode });
}

/** Keeps the venue's facts fresh for one connection. */
export class VenueFactsWatch {
  private facts: VenueFacts;
  private readonly refresher: FactsRefresher;
  private wasOpen = false;

  private constructor(
    private readonly connection: VenueConnection,
    private recorded: MoneyModeReading,
    private readonly onChange: () => void,
    refreshMs: number | undefined,
  ) {
    this.facts = { venueId: null, name: null, moneyMode: recorded.mode, moneyModeKnown: recorded.known, kid: null };
    this.refresher = new FactsRefresher(() => this.refreshQuietly(), refreshMs);
  }

  static async open(connection: VenueConnection, onChange: () => void, refreshMs?: number): Promise<VenueFactsWatch> {
    return new VenueFactsWatch(connection, await loadMoneyMode(connection.dir), onChange, refreshMs);
  }

  current(): VenueFacts {
    return this.facts;
  }

  /** One update of the connection's stream: a (re)connection or a new night may have changed the money mode. */
  take(update: VenueUpdate): void {
    if (update.type !== 'live') return;
    const { status, update: change } = update.live;
    const open = status.phase === 'open';
    if (open && !this.wasOpen) this.refreshQuietly();
    this.wasOpen = open;
    if (change.type === 'event' && change.event.kind === 'transaction_applied')
      this.refresher.noteTransaction(change.event.payload);
  }

  /** The cashier changed: a close-session cash-out that applied closes the night. */
  noteCashier(snapshot: CashierSnapshot): void {
    this.refresher.noteCashier(snapshot);
  }

  /**
   * Facts are informative (names, money mode); the table and cashier work without them, so a failure only waits
   * for the next refresh (the client has already recorded a 401 as withdrawn access).
   */
  refreshQuietly(): void {
    void this.refresh().catch(() => undefined);
  }

  /** Re-reads GET /venue (and GET /key only while the key's answer has not come). */
  private async refresh(): Promise<void> {
    const [key, venue] = await Promise.all([this.connection.keyIdentity(), this.connection.client.venue()]);
    const recorded = this.recorded;
    const reading = readingFromVenue(venue.money_mode, recorded);
    if (venue.money_mode !== undefined && (recorded.mode !== venue.money_mode || !recorded.known)) {
      this.recorded = reading;
      // Kept for the next start; a failed write leaves the mode known for this run and unknown (hidden) after it.
      await saveMoneyMode(this.connection.dir, venue.money_mode, Date.now()).catch(() => undefined);
    }
    this.facts = {
      venueId: venue.venue_id ?? key.venue,
      name: venue.name ?? null,
      moneyMode: reading.mode,
      moneyModeKnown: reading.known,
      kid: key.kid,
    };
    this.onChange();
  }

  close(): void {
    this.refresher.close();
  }
}
