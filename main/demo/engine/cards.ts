/** The live table's deck ("Ah", "Td"), shuffled from the cards stream. Evaluation lives in ../poker/evaluator.ts. */
import { CARD_NAMES } from '../poker/cards';
import type { Rng } from '../rng';

/** The 52 cards in a fixed order. */
export const FRESH_DECK: readonly string[] = CARD_NAMES;

/** A shuffled deck drawn from the given stream (the cards stream, so decisions never change the deal). */
export const shuffledDeck = (rng: Rng): string[] => rng.shuffle(FRESH_DECK);
