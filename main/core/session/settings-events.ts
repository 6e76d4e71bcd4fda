/**
 * What a settings save changed, in the event log's words: the venue's address on its own line, every other field
 * named with its value before and after (a regulator asks for the value before and after of every change).
 */
import { isDeepStrictEqual } from 'node:util';
import type { Settings } from '../../../preload/contract';
import type { EventKind } from './event-log';

const FIELD_NAMES: Record<keyof Settings, string> = {
  presets: 'buy-in amounts',
  largeAmountThreshold: 'large-amount confirmation',
  venueBaseUrl: 'venue address',
  venueWsUrl: 'venue stream address',
  paperSize: 'paper',
  blindCount: 'blind count',
  printerName: 'printer',
  silentSlipPrint: 'print slips without a dialog',
  operatorPin: 'operator PIN',
  dualControl: 'dual control',
};

const shown = (value: unknown): string => {
  if (value === null) return 'none';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  return Array.isArray(value) ? value.join(', ') : String(value);
};

/** One event per change: the address as `address-changed`, the rest together as `settings-changed`. */
export function settingsEvents(before: Settings, after: Settings): Array<{ kind: EventKind; text: string }> {
  const changed = (Object.keys(FIELD_NAMES) as Array<keyof Settings>).filter(
    (field) => !isDeepStrictEqual(before[field], after[field]),
  );
  const events: Array<{ kind: EventKind; text: string }> = [];
  const isAddress = (field: keyof Settings): boolean => field === 'venueBaseUrl' || field === 'venueWsUrl';
  const address = changed.filter(isAddress);
  if (address.length > 0)
    events.push({
      kind: 'address-changed',
      text: address
        .map((field) => `The ${FIELD_NAMES[field]} changed from ${shown(before[field])} to ${shown(after[field])}.`)
        .join(' '),
    });
  const rest = changed.filter((field) => !isAddress(field));
  if (rest.length > 0)
    events.push({
      kind: 'settings-changed',
      text: `Settings changed: ${rest
        .map((field) => `${FIELD_NAMES[field]} ${shown(before[field])} -> ${shown(after[field])}`)
        .join('; ')}.`,
    });
  return events;
}
