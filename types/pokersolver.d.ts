// pokersolver ships no types; this declares the small part the demo venue uses.
declare module 'pokersolver' {
  export interface SolvedHand {
    /** e.g. "Full House" */
    name: string;
    /** e.g. "Full House, A's over K's" */
    descr: string;
    rank: number;
    cards: ReadonlyArray<{ value: string; suit: string }>;
  }
  export const Hand: {
    solve(cards: readonly string[], game?: string): SolvedHand;
    winners(hands: readonly SolvedHand[]): SolvedHand[];
  };
}
