/**
 * Watches what the session shows for the changes an auditor asks about, and writes each once to the event log:
 * access withdrawn and restored, the venue's money mode, a step of the PC's clock, the disk filling and taking writes
 * again, and damage found in the books. Changes made through the app's own commands (settings, key, address) are
 * written where they are made (session.ts); this catches the ones that happen to the app.
 */
import { clockStepSentence, isSettled } from '../cashier';
import type { BookDamageNote } from '../storage/book-file';
import type { DiskState } from '../storage/disk-space';
import { damageView } from './books-view';
import type { EventLog } from './event-log';
import type { VenueLink } from './venue-link';

interface Seen {
  /** Whether this link's start-up recovery was written already. */
  recovered: boolean;
  access: 'ok' | 'withdrawn' | null;
  moneyMode: string | null;
  clockSteps: number;
  diskFull: boolean;
  damage: ReadonlySet<string>;
}

export class SignificantWatch {
  private seen: Seen = {
    recovered: false,
    access: null,
    moneyMode: null,
    clockSteps: 0,
    diskFull: false,
    damage: new Set(),
  };
  private link: VenueLink | null = null;

  constructor(private readonly log: EventLog) {}

  /** Looks at the session now; writes what changed since the last look. */
  observe(link: VenueLink | null, disk: DiskState): void {
    if (link !== this.link) {
      // A new link (start, venue or key change): its first readings are where it starts, not changes.
      this.link = link;
      this.seen = { ...this.seen, recovered: false, access: null, moneyMode: null, clockSteps: 0 };
    }
    this.diskChanged(disk.full);
    if (link === null) return;
    const cashier = link.cashierSnapshot();
    if (cashier.ready && !this.seen.recovered) {
      this.seen.recovered = true;
      const open = cashier.movements.filter((movement) => !isSettled(movement)).length;
      void this.log.record(
        'start',
        `Recovery finished for ${link.facts().name ?? 'the venue'}: ` +
          `${open === 1 ? '1 unsettled movement' : `${open} unsettled movements`} in the journal.`,
      );
    }
    this.accessChanged(cashier.access);
    this.moneyModeChanged(link.facts().moneyMode ?? null);
    for (const step of cashier.clockSteps.slice(this.seen.clockSteps))
      void this.log.record('clock-step', clockStepSentence(step));
    this.seen.clockSteps = cashier.clockSteps.length;
    this.damageFound([...cashier.books.damage, ...link.ledgerDamage(), ...this.log.damage]);
  }

  private accessChanged(access: 'ok' | 'withdrawn'): void {
    const before = this.seen.access;
    this.seen.access = access;
    if (before === access || (before === null && access === 'ok')) return;
    void this.log.record(
      access === 'withdrawn' ? 'access-withdrawn' : 'access-restored',
      access === 'withdrawn' ? 'The venue withdrew access for the key.' : 'Access for the key works again.',
    );
  }

  private moneyModeChanged(mode: string | null): void {
    const before = this.seen.moneyMode;
    this.seen.moneyMode = mode;
    if (before === null || mode === null || before === mode) return;
    void this.log.record('money-mode-changed', `The venue's money mode changed from ${before} to ${mode}.`);
  }

  private diskChanged(full: boolean): void {
    if (full === this.seen.diskFull) return;
    this.seen.diskFull = full;
    void this.log.record(
      full ? 'disk-full' : 'disk-ok',
      full ? 'The disk of the data folder is full: money waits.' : 'The disk takes writes again.',
    );
  }

  private damageFound(notes: readonly BookDamageNote[]): void {
    const id = (note: BookDamageNote): string => `${note.file}#${note.kind}#${note.record ?? '-'}`;
    const fresh = notes.filter((note) => !this.seen.damage.has(id(note)));
    if (fresh.length === 0) return;
    this.seen.damage = new Set([...this.seen.damage, ...fresh.map(id)]);
    for (const note of fresh) {
      const view = damageView(note);
      void this.log.record('books-damaged', `Damage found in ${view.file}, ${view.where}: ${view.what}`);
    }
  }
}
