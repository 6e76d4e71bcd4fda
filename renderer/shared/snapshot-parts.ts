/**
 * The parts of the snapshot components subscribe to, as module-level functions: useSnapshotPart needs a stable
 * selector (a new function on every render would make React re-check the store after every commit).
 */
import type { SessionSnapshot } from '../../preload/contract';

export const selectTable = (snapshot: SessionSnapshot) => snapshot.table;
export const selectTicker = (snapshot: SessionSnapshot) => snapshot.ticker;
export const selectMoneyMode = (snapshot: SessionSnapshot) => snapshot.venue.moneyMode;
export const selectVenue = (snapshot: SessionSnapshot) => snapshot.venue;
export const selectConnection = (snapshot: SessionSnapshot) => snapshot.connection;
/** The badge is not LIVE: the data on screen may be old. */
export const selectStale = (snapshot: SessionSnapshot) => snapshot.connection.kind !== 'live';
export const selectCashier = (snapshot: SessionSnapshot) => snapshot.cashier;
export const selectDisk = (snapshot: SessionSnapshot) => snapshot.disk;
export const selectSettings = (snapshot: SessionSnapshot) => snapshot.settings;
export const selectWhole = (snapshot: SessionSnapshot) => snapshot;
