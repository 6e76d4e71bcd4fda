/** Wording for the history screens: data age, amounts per money mode, stats, dates. Formatting only. */
import type { HistoryResult, MoneyFigure, MoneyMode } from '../../preload/contract';
import { formatDecimal, formatDollars } from '../../preload/contract/number-format';

/** "just now", "3 min ago", "2 h ago", "4 days ago". */
export function sinceText(at: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** What a screen says about its data: where it came from and how old it is. */
export interface DataAge {
  readonly text: string;
  /** Old or offline: the screen marks itself stale. */
  readonly stale: boolean;
}

/** The data-age line of one answer. `offline`: the venue cannot be reached right now. */
export function dataAge(
  result: Pick<HistoryResult<unknown>, 'fetchedAt' | 'stale' | 'availability'>,
  offline: boolean,
  now: number,
): DataAge {
  switch (result.availability) {
    case 'no_venue':
      return { text: 'no venue connected', stale: true };
    case 'not_published':
      return { text: 'not yet published by the venue', stale: false };
    case 'not_available_offline':
      return { text: 'offline — not in the cache yet', stale: true };
    case 'unavailable':
      return { text: 'the venue could not be read', stale: true };
    case 'available':
      break;
  }
  const age = result.fetchedAt === null ? 'never synced' : `synced ${sinceText(result.fetchedAt, now)}`;
  if (offline) return { text: `offline — cached data, ${age}`, stale: true };
  return { text: result.stale ? `stale — ${age}` : age, stale: result.stale };
}

/** A money figure the venue permits: "12.5 bb" or "$12.50". */
export function formatFigure(figure: MoneyFigure): string {
  return figure.unit === 'bb' ? `${formatDecimal(figure.value, 1)} bb` : formatDollars(figure.value);
}

/**
 * A table-chip amount in the replay: chips (dollars in dollars mode) with its big blinds; null with money hidden
 * (main sends no amounts then; this is the renderer's own guard).
 */
export function formatChipAmount(chips: number | null, bb: number | null, mode: MoneyMode | null): string | null {
  if (mode === 'hidden' || chips === null) return null;
  const inBb = bb === null ? null : `${formatDecimal(bb, 1)} bb`;
  const amount = mode === 'dollars' ? formatDollars(chips) : `${formatDecimal(chips, 2)} chips`;
  return inBb === null ? amount : `${amount} (${inBb})`;
}

/** A percentage stat ("23.4%"), or a dash when unknown. */
export function percent(value: number | null): string {
  return value === null ? '—' : `${formatDecimal(value, 1)}%`;
}

/** A plain number stat, or a dash. */
export function plain(value: number | null): string {
  return value === null ? '—' : formatDecimal(value, 2);
}

/** "2026-11-19 19:02" in the cashier PC's local time. */
export function dateTime(at: number | null): string {
  if (at === null) return '—';
  const date = new Date(at);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** The current `YYYY-MM` (UTC, as the venue's leaderboard months are). */
export function currentMonth(now: number): string {
  const date = new Date(now);
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Card codes ("As", "Td") as text with suit symbols. */
export function cardText(card: string): string {
  const suits: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' };
  const suit = suits[card.slice(-1).toLowerCase()];
  return suit === undefined ? card : `${card.slice(0, -1).replace('T', '10')}${suit}`;
}

/** Street names as a heading: "preflop" -> "Preflop". */
export function streetName(street: string | null): string {
  if (street === null) return '—';
  return street.charAt(0).toUpperCase() + street.slice(1);
}
