/** Finding seats and players by name, the way the host matches a cashier's typed name. */
import type { EngineSeat } from './types';

/** Case, surrounding spaces and repeated spaces do not make a different player. */
export const normalizeName = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

export const isOccupied = (seat: EngineSeat): boolean => seat.playerId !== null;

export const findSeatByName = (seats: readonly EngineSeat[], name: string): EngineSeat | undefined =>
  seats.find((seat) => seat.name !== null && normalizeName(seat.name) === normalizeName(name));

export const firstFreeSeat = (seats: readonly EngineSeat[]): EngineSeat | undefined =>
  seats.find((seat) => !isOccupied(seat));

export function vacate(seat: EngineSeat): void {
  seat.playerId = null;
  seat.name = null;
  seat.stack = null;
  seat.present = false;
  seat.busted = false;
}

/** Seat ids in order starting after `fromSeat` and wrapping around (fromSeat itself comes last). */
export function seatOrderAfter<T extends { readonly seatId: number }>(items: readonly T[], fromSeat: number): T[] {
  const sorted = [...items].sort((a, b) => a.seatId - b.seatId);
  return [...sorted.filter((item) => item.seatId > fromSeat), ...sorted.filter((item) => item.seatId <= fromSeat)];
}
