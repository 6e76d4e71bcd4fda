/**
 * parseTable is checked by hand for speed; this holds it to the zod schema it replaced, over valid views and every
 * kind of malformed one: the same answer for each input, and null (changes nothing) for anything malformed.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseTable } from '../../../main/core/cashier/observations';

const optionalNumber = z.number().finite().nullish().transform((value) => value ?? null);
const optionalString = z.string().nullish().transform((value) => value ?? null);
const reference = z.object({
  betweenHands: z.boolean(),
  handNumber: z.number().int().nullable().optional().transform((value) => (value === undefined ? null : value ?? 0)),
  seats: z.array(z.object({
    seat_id: z.number().int().nullish().transform((value) => value ?? null),
    player_id: optionalString,
    name: optionalString,
    stack: optionalNumber,
  })),
});

const oddValues: unknown[] = [undefined, null, 0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '', '7', true, [], {}, 'Player'];

function seat(index: number): Record<string, unknown> {
  return { seat_id: index, player_id: `p-${index}`, name: `Player ${index}`, stack: 100 * index + 0.5, extra: 'ignored' };
}

/** Valid views, then each field of the view and of a seat replaced by each odd value. */
function inputs(): unknown[] {
  const valid = { betweenHands: false, handNumber: 12, seats: [seat(1), seat(2)] };
  const all: unknown[] = [valid, { ...valid, handNumber: null }, { betweenHands: true, seats: [] }, null, [], 'table', 42];
  for (const odd of oddValues) {
    for (const field of ['betweenHands', 'handNumber', 'seats']) all.push({ ...valid, [field]: odd });
    for (const field of ['seat_id', 'player_id', 'name', 'stack']) all.push({ ...valid, seats: [seat(1), { ...seat(2), [field]: odd }] });
    all.push({ ...valid, seats: [seat(1), odd] });
  }
  return all;
}

describe('parseTable', () => {
  it('answers exactly as the zod schema it replaced, for valid and malformed views', () => {
    for (const input of inputs()) {
      const expected = reference.safeParse(input);
      expect(parseTable(input), JSON.stringify(input) ?? String(input)).toEqual(expected.success ? expected.data : null);
    }
  });

  it('drops a view with a malformed seat entirely and keeps a valid one without unknown fields', () => {
    expect(parseTable({ betweenHands: true, seats: [seat(1), { ...seat(2), stack: '200' }] })).toBeNull();
    expect(parseTable({ betweenHands: true, handNumber: 3, seats: [seat(1)] })).toEqual({
      betweenHands: true,
      handNumber: 3,
      seats: [{ seat_id: 1, player_id: 'p-1', name: 'Player 1', stack: 100.5 }],
    });
  });
});
