/**
 * A change of venue that loses nothing and never lands on an unchecked venue. Where a shift is open or movements are
 * unsettled the operator is asked first (they stay in the old venue's folder and come back with it). A new address
 * comes with its key, and GET /key there must accept it before anything changes: until it has answered, the old
 * venue, its key, its connection and its open shift stay exactly as they were. Only then is the key stored for the
 * new venue and its connection opened (with that answer, so it is not asked again).
 *
 * A change is a change of folder, not of address text: a new key at the same address that opens another venue is
 * asked about like a new address. While the venue in use is (re)opening nothing can be read of its open work, so a
 * change waits until it is open. The settings are saved before the key is stored or cleared: a save refused (a full
 * disk) leaves the old venue with its key; a key store that then fails puts the old settings back.
 */
import type { Settings } from '../../../preload/contract';
import type { ShiftRecord } from '../cashier';
import { SETTLED_STATES, type Movement } from '../cashier/types';
import { CommandRefusal, commandError } from './command-error';
import type { SessionContext } from './context';
import { checkKeyAt } from './key-check';
import { VenueNetworkError } from '../venue/errors';

/** The refusal that carries the question: the page asks it and sends the change again with the answer. */
export const LEAVE_QUESTION_CODE = 'confirm_leave';

/** Where the session would go: an address (null: the built-in demo venue), its key, and the operator's answer. */
export interface VenueChoice {
  readonly venueBaseUrl: string | null;
  readonly venueWsUrl: string | null;
  readonly key?: string;
  /** The operator answered "change the venue" to the question asked first. */
  readonly leaveOpenWork?: true;
}

const ADDRESS_FIXED =
  'The key was given at start-up for its venue address, so the address cannot ' +
  'be changed here: restart with another --venue and key file.';

/** The venue in use, as the operator knows it. */
export function venueName(settings: Pick<Settings, 'venueBaseUrl'>): string {
  return settings.venueBaseUrl ?? 'the built-in demo venue';
}

/** What of the cashier's state the question reads: the open shift and each movement's state. */
export interface OpenWork {
  readonly shifts: { readonly current: Pick<ShiftRecord, 'operator'> | null };
  readonly movements: readonly Pick<Movement, 'state'>[];
}

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * The question to ask before leaving `from`, or null when nothing is open there: an open shift, or movements not
 * settled (queued, being sent, with the host, in doubt).
 */
export function leaveQuestion(cashier: OpenWork | null, from: string): string | null {
  if (cashier === null) return null;
  const shift = cashier.shifts.current;
  const unsettled = cashier.movements.filter((movement) => !SETTLED_STATES.has(movement.state)).length;
  if (shift === null && unsettled === 0) return null;
  const open = [
    shift === null ? null : `an open shift${shift.operator === null ? '' : ` (opened by ${shift.operator})`}`,
    unsettled === 0 ? null : `${count(unsettled, 'money movement', 'money movements')} not settled yet`,
  ].filter((part): part is string => part !== null);
  return (
    `${from} has ${open.join(' and ')}. If you change the venue they stay with ${from} in its own folder on this ` +
    'computer, untouched: nothing is lost, nothing is sent to the new venue, and they come back when you switch ' +
    'back to it. Unsettled movements are not followed up while you are away.'
  );
}

/** Refuses with the question while something is open at the venue in use and the operator has not answered it. */
function askFirst(context: SessionContext, choice: VenueChoice): void {
  if (choice.leaveOpenWork === true) return;
  const question = questionBeforeLeaving(context);
  if (question !== null) throw new CommandRefusal(LEAVE_QUESTION_CODE, question);
}

/**
 * The question to ask before the session leaves the venue in use, or null when nothing is open there; refuses
 * (`venue_opening`) while the venue in use is still opening and its open work cannot be read.
 */
export function questionBeforeLeaving(context: Pick<SessionContext, 'link' | 'opening' | 'settings'>): string | null {
  const from = venueName(context.settings());
  const link = context.link();
  if (link === null && context.opening()) {
    throw new CommandRefusal(
      'venue_opening',
      `${from} is still opening, so whether it has an open shift or money movements not settled cannot be read ` +
        'yet. Nothing changed: try again in a moment.',
    );
  }
  return leaveQuestion(link?.cashier.snapshot() ?? null, from);
}

/**
 * Whether a key whose GET /key named `venue` files the session under another venue than the open link's (a key of
 * another venue served at the same address). A venue the answer does not name stays with the address's folder.
 */
export function opensAnotherVenue(context: Pick<SessionContext, 'link'>, venue: string | null): boolean {
  const link = context.link();
  return link !== null && venue !== null && link.connection.venueId !== venue;
}

/** Saves `next`, or refuses in words with nothing changed (the settings file could not be written). */
async function saveOrRefuse(context: SessionContext, next: Settings): Promise<void> {
  try {
    await context.saveSettings(next);
  } catch (error) {
    const kept = await keptWords(context);
    throw new CommandRefusal(
      'settings_not_saved',
      `The settings could not be saved (${commandError(error).message}). Nothing changed: ${kept}.`,
    );
  }
}

/** Runs the key store's change after the new settings were saved; if it fails, the old settings are put back. */
async function changeKeyOrRestore(context: SessionContext, before: Settings, change: () => Promise<void>) {
  try {
    await change();
  } catch (error) {
    await context.saveSettings(before).catch(() => undefined);
    throw new CommandRefusal(
      'key_not_stored',
      `The key could not be stored (${commandError(error).message}). The venue was not changed.`,
    );
  }
}

/** What stays as it was when a new venue is refused: the venue in use, with its key and open shift if it has them. */
async function keptWords(context: SessionContext): Promise<string> {
  const kept = [
    (await context.keyStore.get()) === null ? null : 'its key',
    (context.link()?.cashier.snapshot().shifts.current ?? null) === null ? null : 'its open shift',
  ].filter((part): part is string => part !== null);
  const from = venueName(context.settings());
  return kept.length === 0 ? `still on ${from}` : `still on ${from}, with ${kept.join(' and ')}`;
}

/** GET /key at the new address with the new key; a failure changes nothing and says why. */
async function checkNewVenue(context: SessionContext, baseUrl: string, wsUrl: string | null, key: string) {
  try {
    return await checkKeyAt(baseUrl, wsUrl, key);
  } catch (error) {
    // No answer at all is what a mistyped address gets: said plainly (the network's own words are not a cashier's).
    const why =
      error instanceof VenueNetworkError
        ? 'Nothing answered at that address (check it, and that the venue is running).'
        : commandError(error).message;
    const kept = await keptWords(context);
    throw new CommandRefusal('venue_not_checked', `${baseUrl} was not accepted. ${why} Nothing changed: ${kept}.`);
  }
}

const sameAddress = (settings: Settings, choice: VenueChoice): boolean =>
  settings.venueBaseUrl === choice.venueBaseUrl && settings.venueWsUrl === choice.venueWsUrl;

/** Moves the session to `choice` (see the file's comment); resolves once the new venue's connection is opening. */
export async function changeVenue(context: SessionContext, choice: VenueChoice): Promise<void> {
  const before = context.settings();
  const next: Settings = { ...before, venueBaseUrl: choice.venueBaseUrl, venueWsUrl: choice.venueWsUrl };
  if (sameAddress(before, choice) && choice.key === undefined) return context.reconnect();
  if (context.keyStore.fixed) throw new CommandRefusal('key_fixed', ADDRESS_FIXED);
  if (!sameAddress(before, choice)) askFirst(context, choice);
  const { venueBaseUrl: baseUrl, venueWsUrl: wsUrl, key } = choice;
  if (baseUrl === null || key === undefined) {
    // The demo, or an address whose key comes next: the old key is forgotten once the new address is saved. It was
    // bound to the old origin (key-origin.ts), so it never goes to the new one meanwhile; nothing is sent to the new
    // address until its key is entered and checked.
    // Only the key that was in use is forgotten: one entered meanwhile (checked at its own address) is its own change.
    const old = await context.keyStore.get();
    await saveOrRefuse(context, next);
    if (old !== null && (await context.keyStore.get()) === old)
      await changeKeyOrRestore(context, before, () => context.keyStore.clear());
    return context.reconnect();
  }
  const { checked, client } = await checkNewVenue(context, baseUrl, wsUrl, key);
  // The check took time: the settings may have moved, or work opened meanwhile that the operator was not asked about.
  if (!sameAddress(context.settings(), before)) {
    throw new CommandRefusal(
      'address_changed',
      'The venue address changed while the new one was being checked; nothing else changed. Try again.',
    );
  }
  if (!sameAddress(before, choice) || opensAnotherVenue(context, checked.venue)) askFirst(context, choice);
  await saveOrRefuse(context, next);
  await changeKeyOrRestore(context, before, () => context.keyStore.set(key, checked));
  await context.reconnect({ key, checked, client, baseUrl, wsUrl });
}
