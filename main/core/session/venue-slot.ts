/**
 * The session's one venue at a time: its connection, the cashier link on it, the drift watch and history's
 * attachment, opened together for a target and closed together when the address or key changes.
 */
import type { CashierConfig } from '../cashier';
import { booksFor, type BooksKeySource } from '../storage/books';
import { DriftWatch } from './drift-watch';
import type { KeyChecked } from './key-check';
import type { HistoryService } from './history-service';
import type { LiveFeedFactory } from './live-feed';
import { VenueConnection } from './venue-connection';
import { openVenueLink, type VenueLink } from './venue-link';
import type { VenueTarget } from './venue-target';

export interface VenueSlotOptions {
  readonly dataDir: string;
  readonly openLive: LiveFeedFactory;
  readonly cashierConfig?: Partial<CashierConfig>;
  readonly hostProbeMs?: number;
  /** Where the books' key and witness are kept (outside the data folder; default beside it, the web runtime's). */
  readonly books?: BooksPlace;
  readonly history: HistoryService;
  readonly onChange: () => void;
  readonly log: (message: string) => void;
}

/** Where the books' key and witness live: the desktop app passes the OS secure storage as the key's source. */
export interface BooksPlace {
  readonly witnessDir?: string;
  readonly keySource?: BooksKeySource;
}

export class VenueSlot {
  private current: VenueLink | null = null;
  private driftWatch: DriftWatch | null = null;

  constructor(private readonly options: VenueSlotOptions) {}

  link(): VenueLink | null {
    return this.current;
  }

  drift(): DriftWatch | null {
    return this.driftWatch;
  }

  /**
   * Opens the venue at `target`; `entered`: the entered key's GET /key answer and the client that asked it (the
   * connection does not ask again, and sends with that client). Resolves with why it could not open, or null.
   */
  async open(target: VenueTarget, entered: KeyChecked | undefined): Promise<string | null> {
    const { options } = this;
    let connection: VenueConnection | null = null;
    try {
      const books = await booksFor(options.dataDir, options.books?.witnessDir, options.books?.keySource);
      connection = await VenueConnection.open({
        ...target,
        checked: entered?.checked,
        client: entered?.client,
        dataDir: options.dataDir,
        books,
        openLive: options.openLive,
        hostProbeMs: options.hostProbeMs,
        onChange: options.onChange,
      });
      // History subscribes before the live feed starts: the night watch misses nothing.
      const opened = connection;
      options.history.watch({
        subscribe: (listener) =>
          opened.subscribe((update) => {
            if (update.type === 'live') listener(update.live);
          }),
      });
      const link = await openVenueLink({
        connection,
        books,
        cashierConfig: options.cashierConfig,
        onChange: options.onChange,
      });
      this.current = link;
      this.driftWatch = new DriftWatch(() => link.connection.client.checkDrift(), options.onChange, options.log);
      options.history.attach({
        client: link.connection.client,
        venueDir: link.connection.dir,
        moneyMode: () => link.facts().moneyMode,
      });
      return null;
    } catch (error) {
      await options.history.detach();
      await connection?.close();
      const problem = `could not open the venue session: ${error instanceof Error ? error.message : String(error)}`;
      options.log(problem);
      return problem;
    }
  }

  async close(): Promise<void> {
    const previous = this.current;
    this.current = null;
    this.driftWatch?.close();
    this.driftWatch = null;
    await this.options.history.detach();
    // The live feed stops first: nothing reaches the cashier while it closes.
    await previous?.connection.close();
    await previous?.close();
  }
}
