/**
 * Showdown evaluation for the whole demo venue (live table and synthetic history) by the `phe` package, a fast
 * lookup-table evaluator, with each hand named as pokersolver names it ("Pair", "Two Pair"...): published
 * hand_rank_name values read the same whichever side played the hand (a property test holds both against pokersolver).
 */
import phe from 'phe';
import { CARD_NAMES, cardCode } from './cards';

/** phe's card code for each of our codes. */
const PHE_CODES = Int32Array.from(CARD_NAMES, (name) => phe.cardCode(name[0] ?? '', name[1] ?? ''));

/** pokersolver's names by phe's category (0 = straight flush ... 8 = high card). */
const NAMES = [
  'Straight Flush',
  'Four of a Kind',
  'Full House',
  'Flush',
  'Straight',
  'Three of a Kind',
  'Two Pair',
  'Pair',
  'High Card',
] as const;

const scratch: number[] = [];

/** Strength of the best five of 5 to 7 card codes: SMALLER is better, equal strengths split. */
export function strengthOfCodes(codes: ArrayLike<number>, count = codes.length): number {
  scratch.length = count;
  for (let i = 0; i < count; i += 1) scratch[i] = PHE_CODES[codes[i] as number] as number;
  return phe.evaluateCardCodes(scratch);
}

/** Strength of the best five of 5 to 7 named cards ("Ah"...): smaller is better. */
export const strengthOf = (cards: readonly string[]): number => strengthOfCodes(cards.map(cardCode));

/** pokersolver's name of a strength's category, e.g. "Full House". */
export const handName = (strength: number): string => NAMES[phe.handRank(strength)] as string;

/** 0 (high card) up to 8 (straight flush). */
export const handCategory = (strength: number): number => 8 - phe.handRank(strength);
