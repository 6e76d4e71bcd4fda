/**
 * Where the app's own commands meet the event log: a key store that writes "key changed" and "key removed" (never
 * the key), and the event log's CSV for one shift's period or for every event.
 */
import type { CsvExport } from '../../../preload/contract';
import { localDate } from '../../../preload/contract/local-time';
import { closedWall, openedWall } from '../cashier';
import { wallOf } from '../venue/clock';
import { CommandRefusal } from './command-error';
import type { SessionContext } from './context';
import type { EventLog } from './event-log';
import type { KeyStore } from './key-store';

/**
 * The store, writing each change of the key to the event log (the venue it was checked at; never the key).
 * `beforeWrite` is told of a change synchronously, before the store starts it: a reopen under way learns that the key
 * it was handed may no longer be the stored one (session.ts).
 */
export function keyStoreLogged(store: KeyStore, events: EventLog, beforeWrite: () => void = () => undefined): KeyStore {
  const { status, acceptWeakStorage } = store;
  return {
    fixed: store.fixed,
    get: () => store.get(),
    boundOrigin: () => store.boundOrigin(),
    async set(key, checked) {
      beforeWrite();
      await store.set(key, checked);
      void events.record('key-changed', `A new venue key was set and checked (venue ${checked.venue}).`);
    },
    async clear() {
      beforeWrite();
      await store.clear();
      void events.record('key-changed', 'The venue key was removed from this PC.');
    },
    ...(status === undefined ? {} : { status: () => status.call(store) }),
    ...(acceptWeakStorage === undefined
      ? {}
      : { acceptWeakStorage: (consent) => acceptWeakStorage.call(store, consent) }),
  };
}

/** The event log as CSV: a shift's period (open to close, or to now while open), or every event with 'all'. */
export function eventsCsv(context: SessionContext, events: EventLog, which: string): CsvExport {
  const at = wallOf(context.now());
  if (which === 'all') return { filename: `events-all-${localDate(at)}.csv`, csv: events.csv() };
  const shift = context
    .requireLink()
    .cashier.snapshot()
    .shifts.all.find((candidate) => candidate.id === which);
  if (shift === undefined) throw new CommandRefusal('not_found', 'No such shift.');
  const to = shift.close === null ? at : closedWall(shift.close);
  return { filename: `${which}-events.csv`, csv: events.csv(openedWall(shift), to) };
}
