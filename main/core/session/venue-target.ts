/**
 * Where the session connects for the current settings: the built-in demo venue (started on demand, kept between
 * starts in its own folder) while no address is set, else the settings' address with the stored key, which goes only
 * over TLS (loopback aside) and only to the origin it was checked against.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Settings } from '../../../preload/contract';
import { isSecureOrLoopback } from '../../../preload/contract/settings';
import { defaultWsUrl, keyMayGoTo } from './key-origin';
import type { KeyStore } from './key-store';
import { demoJournalFolder } from './venue-folder';
import { booksFor } from '../storage/books';
import type { BooksPlace } from './venue-slot';

/** A demo venue started on demand (the web runtime and the Electron shell pass main/demo's startDemoVenue). */
export interface DemoHandle {
  readonly baseUrl: string;
  readonly wsUrl: string;
  readonly key: string;
  close(): Promise<void>;
}

/** Where the demo venue keeps itself between starts (a folder of its own in the data folder). */
export interface DemoPlace {
  readonly stateDir: string;
}

export interface VenueTarget {
  readonly baseUrl: string;
  readonly wsUrl: string;
  readonly key: string;
  readonly demo: boolean;
}

/** A target, or why there is none (null: no key, or no demo venue to start; the snapshot says which). */
export type TargetChoice =
  { readonly target: VenueTarget; readonly problem: null } | { readonly target: null; readonly problem: string | null };

/** The demo venue's own folder in the data folder (beside `venues/demo`, the client's journal for it). */
export const demoStateDir = (dataDir: string): string => join(dataDir, 'demo-venue');

async function holdsAnything(dir: string): Promise<boolean> {
  return readdir(dir).then(
    (names) => names.length > 0,
    () => false,
  );
}

export interface VenueTargetsOptions {
  readonly dataDir: string;
  /** The books' place: a demo journal wiped on purpose is forgotten by their witness too. */
  readonly books?: BooksPlace;
  readonly keyStore: KeyStore;
  readonly startDemo?: (place: DemoPlace) => Promise<DemoHandle>;
  /** Start a fresh demo venue the first time one starts (its state and its journal wiped). */
  readonly freshDemo?: boolean;
  /** The origin a key whose store does not know its binding is bound to (the address the session started with). */
  readonly startBinding: string | null;
}

const NONE: TargetChoice = { target: null, problem: null };

/** Chooses the target and owns the demo venue while it runs. */
export class VenueTargets {
  private demo: DemoHandle | null = null;
  private freshNext: boolean;

  constructor(private readonly options: VenueTargetsOptions) {
    this.freshNext = options.freshDemo ?? false;
  }

  /**
   * `handed`: the key this reopen was handed (the one just entered, see session.ts), or null where the store is to be
   * read; asked where the store would be, so a key written meanwhile is seen as late as before.
   */
  async choose(settings: Settings, handed: () => string | null = () => null): Promise<TargetChoice> {
    if (settings.venueBaseUrl === null) return this.demoTarget();
    // A real venue now: the demo venue, if one runs, is stopped.
    await this.stopDemo();
    return this.addressTarget(settings.venueBaseUrl, settings.venueWsUrl, handed);
  }

  private async demoTarget(): Promise<TargetChoice> {
    if (this.options.startDemo === undefined) return NONE;
    if (this.demo === null) {
      const stateDir = demoStateDir(this.options.dataDir);
      if (this.freshNext || !(await holdsAnything(stateDir))) {
        // A new demo venue: a journal left by an earlier one refers to a venue that no longer exists and must not
        // be resumed against this one. The journal goes first, then the venue it belongs to, so a crash between
        // the two never leaves an old journal beside a new venue.
        await rm(demoJournalFolder(this.options.dataDir), { recursive: true, force: true });
        const { books } = this.options;
        await (
          await booksFor(this.options.dataDir, books?.witnessDir, books?.keySource)
        ).forget(demoJournalFolder(this.options.dataDir));
        await rm(stateDir, { recursive: true, force: true });
      }
      this.freshNext = false;
      this.demo = await this.options.startDemo({ stateDir });
    }
    const { baseUrl, wsUrl, key } = this.demo;
    return { target: { baseUrl, wsUrl, key, demo: true }, problem: null };
  }

  private async addressTarget(
    baseUrl: string,
    wsUrlSetting: string | null,
    handed: () => string | null,
  ): Promise<TargetChoice> {
    const key = handed() ?? (await this.options.keyStore.get());
    if (key === null) return NONE;
    const wsUrl = wsUrlSetting ?? defaultWsUrl(baseUrl);
    // The key goes only over TLS (loopback aside) and only to the origin it was checked against.
    if (!isSecureOrLoopback(baseUrl) || !isSecureOrLoopback(wsUrl))
      return {
        target: null,
        problem: 'the venue address must use https (and wss); the key is not sent in clear text',
      };
    const bound = this.options.keyStore.boundOrigin() ?? this.options.startBinding;
    if (!keyMayGoTo(bound, baseUrl, wsUrlSetting))
      return { target: null, problem: 'the key was checked for another venue address; enter it again for this one' };
    return { target: { baseUrl, wsUrl, key, demo: false }, problem: null };
  }

  /** Stops the demo venue if one runs; `fresh`: the next one starts afresh (state and journal wiped). */
  async stopDemo(fresh = false): Promise<void> {
    const stopping = this.demo;
    this.demo = null;
    if (fresh) this.freshNext = true;
    await stopping?.close();
  }
}
