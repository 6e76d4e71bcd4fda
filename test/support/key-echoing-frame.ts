/**
 * A live table frame from a venue that echoes its key back: in the table's name and in every player's name, one
 * spelling of the key each, so a scan for the key has something real to find.
 */
import type { LiveState } from '../../main/core/venue/schemas-live';
import { keySpellings } from './key-spellings';
import { tableFrame } from './web-fake-feed';

/** The fake feed's table frame at `pot`, its table and player names carrying `key` as a venue might echo it. */
export function keyEchoingFrame(pot: number, key: string): LiveState {
  const spellings = keySpellings(key);
  const frame = tableFrame(pot);
  return {
    ...frame,
    table_name: `Table ${key}`,
    seats: (frame.seats ?? []).map((seat, index) => ({
      ...seat,
      name: `P${seat.seat_id} ${spellings[index % spellings.length]}`,
    })),
  };
}
