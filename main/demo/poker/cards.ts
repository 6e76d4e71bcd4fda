/**
 * Cards as pokersolver and the spec's examples spell them ("Ah", "Td") and as small integer codes (rank * 4 + suit,
 * rank 0 for a deuce to 12 for an ace), which the synthetic history uses so a hand allocates no strings while it plays.
 */
const RANKS = '23456789TJQKA';
const SUITS = 'cdhs';

/** Every card's name by its code: CARD_NAMES[code]. */
export const CARD_NAMES: readonly string[] = Array.from(
  { length: 52 },
  (_, code) => `${RANKS[code >> 2]}${SUITS[code & 3]}`,
);

const CODES = new Map(CARD_NAMES.map((name, code) => [name, code]));

/** The code of a card name; throws on anything that is not a card. */
export function cardCode(name: string): number {
  const code = CODES.get(name);
  if (code === undefined) throw new Error(`not a card: ${name}`);
  return code;
}

/** 0 for a deuce up to 12 for an ace. */
export const rankOfCode = (code: number): number => code >> 2;

/** 0 for a deuce up to 12 for an ace, from a card name. */
export const rankIndex = (card: string): number => RANKS.indexOf(card[0] ?? '');
