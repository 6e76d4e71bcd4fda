/**
 * The DemoFaults of the venue's other writers and of a network that delivers late: a request held by a load
 * balancer and processed after the client gave up, the table operator renaming a seat, and the venue's own money
 * movements (its cashier's top-up, a second cashier PC) that carry no key of any client. Part of createFaults.
 */
import type { DemoFaults } from './api';
import { toCents } from './engine/cents';
import { moveMoney } from './engine/movements';
import { isOccupied } from './engine/seating';
import type { EngineSeat } from './engine/types';
import type { VenueParts } from './venue-parts';

type WriterFaults = Pick<DemoFaults, 'deliverNextMovementsLate' | 'renameSeat' | 'otherWriterMovement'>;

function occupiedSeat(parts: VenueParts, seatId: number): EngineSeat {
  const seat = parts.engine.seats[seatId - 1];
  if (seat === undefined || !isOccupied(seat)) throw new Error(`seat ${seatId} is empty`);
  return seat;
}

export function createWriterFaults(parts: VenueParts): WriterFaults {
  const { desk, engine, options } = parts;
  return {
    deliverNextMovementsLate(count, deliverAfterMs, cutAfterMs = options.hostTimeoutMs) {
      if (!Number.isInteger(count) || count < 1) throw new Error(`a count is a whole number >= 1, got ${count}`);
      if (!(deliverAfterMs >= 0 && cutAfterMs >= 0)) throw new Error('delays are milliseconds >= 0');
      desk.deliverLate(count, { cutAfterMs, deliverAfterMs });
    },
    renameSeat(seatId, name) {
      const trimmed = name.replace(/\s+/g, ' ');
      if (trimmed.trim() === '' || trimmed.length > 64) throw new Error('a name is 1 to 64 characters');
      // The operator's choice, verbatim: "AVA BRENNAN" beside "Ava Brennan" is exactly what the fault is for.
      occupiedSeat(parts, seatId).name = name;
    },
    otherWriterMovement(seatId, kind, amount, how = {}) {
      if (!engine.betweenHands) throw new Error('money moves only between hands');
      if (!(Number.isFinite(amount) && amount > 0)) throw new Error(`an amount is a number > 0, got ${amount}`);
      const seat = occupiedSeat(parts, seatId);
      const cents = toCents(amount);
      if (kind === 'cash_out' && cents > (seat.stack ?? 0)) throw new Error(`seat ${seatId} has less than ${amount}`);
      moveMoney(engine, seat, kind, kind === 'buy_in' ? cents : -cents, 'transaction', how.nullIds === true);
    },
  };
}
