// phe ships no types; this declares the small part the demo venue uses.
declare module 'phe' {
  const phe: {
    /** Strength of the best five of 5 to 7 cards given as phe card codes: smaller is better. */
    evaluateCardCodes(codes: readonly number[]): number;
    /** phe's code of a card given as its rank ("A") and suit ("h"). */
    cardCode(rank: string, suit: string): number;
    /** 0 (straight flush) to 8 (high card) for a strength. */
    handRank(strength: number): number;
  };
  export default phe;
}
