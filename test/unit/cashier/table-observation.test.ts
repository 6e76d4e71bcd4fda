/**
 * parseTable is checked by hand for speed; this holds it to the zod schema it replaced, over valid views and every
 * kind of malformed one: the same answer for each input, and null (changes nothing) for anything malformed.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseTable } from '../../../main/core/cashier/observations';

const optionalNumber = z
  .number()
  .finite()
  .nullish()
  .transform((value) => value ?? null);
const optionalString = z
  .string()
  .nullish()
  .transform((value) => value ?? null);
// Provenance is required; unknown hand fields stay unknown (null), never "no hand yet" or "between hands".
const reference = z.object({
  source: z.enum(['state-frame', 'event', 'live-state-read', 'restored']),
  live: z.boolean(),
  caughtUp: z.boolean(),
  receivedAt: z.number().finite(),
  venueTs: optionalNumber,
  betweenHands: z
    .boolean()
    .nullish()
    .transform((value) => value ?? null),
  handNumber: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? null),
  seats: z.array(
    z.object({
      seat_id: z
        .number()
        .int()
        .nullish()
        .transform((value) => value ?? null),
      player_id: optionalString,
      name: optionalString,
      stack: optionalNumber,
    }),
  ),
});

const oddValues: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  '7',
  true,
  [],
  {},
  'Player',
];

function seat(index: number): Record<string, unknown> {
  return {
    seat_id: index,
    player_id: `p-${index}`,
    name: `Player ${index}`,
    stack: 100 * index + 0.5,
    extra: 'ignored',
  };
}

const STAMP = { source: 'state-frame', live: true, caughtUp: true, receivedAt: 1_700_000_000_000, venueTs: null };

/** Valid views, then each field of the view and of a seat replaced by each odd value. */
function inputs(): unknown[] {
  const valid = { ...STAMP, betweenHands: false, handNumber: 12, seats: [seat(1), seat(2)] };
  const all: unknown[] = [
    valid,
    { ...valid, handNumber: null },
    { ...valid, betweenHands: null },
    { ...STAMP, betweenHands: true, seats: [] },
    { betweenHands: true, handNumber: 3, seats: [] },
    null,
    [],
    'table',
    42,
  ];
  for (const odd of oddValues) {
    for (const field of ['source', 'live', 'caughtUp', 'receivedAt', 'venueTs', 'betweenHands', 'handNumber', 'seats'])
      all.push({ ...valid, [field]: odd });
    for (const field of ['seat_id', 'player_id', 'name', 'stack'])
      all.push({ ...valid, seats: [seat(1), { ...seat(2), [field]: odd }] });
    all.push({ ...valid, seats: [seat(1), odd] });
  }
  return all;
}

describe('parseTable', () => {
  it('answers exactly as the zod schema it replaced, for valid and malformed views', () => {
    for (const input of inputs()) {
      const expected = reference.safeParse(input);
      expect(parseTable(input), JSON.stringify(input) ?? String(input)).toEqual(
        expected.success ? expected.data : null,
      );
    }
  });

  it('drops a view with a malformed seat entirely and keeps a valid one without unknown fields', () => {
    expect(parseTable({ ...STAMP, betweenHands: true, seats: [seat(1), { ...seat(2), stack: '200' }] })).toBeNull();
    expect(parseTable({ ...STAMP, betweenHands: true, handNumber: 3, seats: [seat(1)] })).toEqual({
      ...STAMP,
      betweenHands: true,
      handNumber: 3,
      seats: [{ seat_id: 1, player_id: 'p-1', name: 'Player 1', stack: 100.5 }],
    });
  });

  it('refuses a view that does not say where it came from', () => {
    expect(parseTable({ betweenHands: true, handNumber: 3, seats: [seat(1)] })).toBeNull();
    expect(parseTable({ ...STAMP, source: 'rumour', betweenHands: true, handNumber: 3, seats: [] })).toBeNull();
  });
});
