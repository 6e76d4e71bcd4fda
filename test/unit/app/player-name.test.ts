import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameVenueName, venueNameKey } from '../../../preload/contract/player-name';

describe('the venue naming rule', () => {
  it('takes names that differ only in case, spaces or Unicode form as one name', () => {
    expect(sameVenueName('Ava Brennan', 'AVA BRENNAN')).toBe(true);
    expect(sameVenueName('Ava Brennan', 'Ava Brennan ')).toBe(true);
    expect(sameVenueName('Ava Brennan', '  ava   brennan')).toBe(true);
    expect(sameVenueName('Ava Brennan', 'Ava\u00a0Brennan')).toBe(true);
    expect(sameVenueName('Ava Brennan', '\uff21va Brennan')).toBe(true); // full-width A
    expect(sameVenueName('Zoë', 'Zoe\u0308')).toBe(true); // composed and decomposed
    expect(sameVenueName('Straße', 'STRASSE')).toBe(true);
  });

  it('keeps different names apart, and a missing or blank name matches nothing', () => {
    expect(sameVenueName('Ava Brennan', 'Ava Brenan')).toBe(false);
    expect(sameVenueName('Ava Brennan', 'AvaBrennan')).toBe(false);
    expect(sameVenueName(null, null)).toBe(false);
    expect(sameVenueName('', '')).toBe(false);
    expect(sameVenueName('  ', ' ')).toBe(false);
    expect(sameVenueName('Ava', undefined)).toBe(false);
  });

  it('is idempotent and symmetric for any string', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(venueNameKey(venueNameKey(a))).toBe(venueNameKey(a));
        expect(sameVenueName(a, b)).toBe(sameVenueName(b, a));
        expect(sameVenueName(a, ` ${a.toUpperCase()}  `)).toBe(venueNameKey(a) !== '');
      }),
    );
  });
});
