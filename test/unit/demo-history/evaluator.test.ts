/** The shared evaluator (phe) must name every hand as pokersolver does and pick the same winners. */
import fc from 'fast-check';
import pokersolver from 'pokersolver';
import { describe, expect, it } from 'vitest';
import { CARD_NAMES } from '../../../main/demo/poker/cards';
import { handName, strengthOf } from '../../../main/demo/poker/evaluator';

/** A board of 3 to 5 cards and several players' hole cards, all distinct. */
const deal = fc
  .record({ players: fc.integer({ min: 2, max: 6 }), boardSize: fc.integer({ min: 3, max: 5 }) })
  .chain(({ players, boardSize }) =>
    fc
      .shuffledSubarray([...CARD_NAMES], { minLength: boardSize + players * 2, maxLength: boardSize + players * 2 })
      .map((cards) => ({
        board: cards.slice(0, boardSize),
        holes: Array.from({ length: players }, (_, i) => cards.slice(boardSize + i * 2, boardSize + 2 + i * 2)),
      })),
  );

describe('the showdown evaluator', () => {
  it('names every hand as pokersolver does and picks the same winners', () => {
    fc.assert(
      fc.property(deal, ({ board, holes }) => {
        const solved = holes.map((hole) => pokersolver.Hand.solve([...hole, ...board]));
        const strengths = holes.map((hole) => strengthOf([...hole, ...board]));
        expect(strengths.map(handName)).toEqual(solved.map((hand) => hand.name));
        const best = new Set(pokersolver.Hand.winners(solved));
        const top = Math.min(...strengths);
        expect(strengths.map((strength) => strength === top)).toEqual(solved.map((hand) => best.has(hand)));
      }),
      { numRuns: 3000 },
    );
  });

  it('ranks the edge cases: wheel, broadway, three pairs, two trips, straight flush over quads', () => {
    const strength = (cards: string): number => strengthOf(cards.split(' '));
    const name = (cards: string): string => handName(strength(cards));
    expect(name('Ah 2d 3c 4s 5h 9c Kd')).toBe('Straight');
    expect(strength('Ah 2d 3c 4s 5h 6c Kd')).toBeLessThan(strength('Ah 2d 3c 4s 5h 9c Kd'));
    expect(name('Ah Kh Qh Jh Th 2c 3d')).toBe('Straight Flush');
    expect(name('Ah Ad Kc Ks 5h 5c 9d')).toBe('Two Pair');
    expect(strength('Ah Ad Kc Ks 5h 5c 9d')).toBe(strength('Ah Ad Kc Ks 9h 2c 3d'));
    expect(name('Ah Ad Ac Ks Kh Kc 9d')).toBe('Full House');
    expect(name('Ah Ad 7c 5s 2h')).toBe('Pair');
    expect(strength('9h Th Jh Qh Kh Kd Kc')).toBeLessThan(strength('Ks Kd Kc Kh Ah Ad 2c'));
  });
});
