import { describe, expect, it } from 'vitest';
import { summaryNarrowingProblem } from '../../../main/core/history/summary-narrowing';
import { fakeHand } from '../../support/history-fake-source';

const hand = (extra: Record<string, unknown>): Record<string, unknown> => ({ ...fakeHand(1), ...extra });

describe('hand summary narrowing (in place, after the venue client validated the answer)', () => {
  it('accepts summaries whose read fields have the narrowed types, are null, or are absent', () => {
    const bare = { hand_id: 'h-1', ts: 1 };
    expect(
      summaryNarrowingProblem([hand({}), hand({ board: null, stakes: null, session_uid: undefined }), bare]),
    ).toBeNull();
    expect(summaryNarrowingProblem([hand({ stakes: { big_blind: null, ante: 'x' }, extra: [1] })])).toBeNull();
  });

  it('names the first summary and field whose type is wrong', () => {
    expect(summaryNarrowingProblem([hand({}), hand({ board: ['Ah', 7] })])).toBe(
      'hands.1.board: expected an array of strings',
    );
    expect(summaryNarrowingProblem([hand({ final_pot_bb: '12' })])).toBe('hands.0.final_pot_bb: expected a number');
    expect(summaryNarrowingProblem([hand({ stakes: [2] })])).toBe(
      'hands.0.stakes: expected an object with a numeric big_blind',
    );
    expect(summaryNarrowingProblem([hand({ stakes: { big_blind: '2' } })])).toMatch(/^hands\.0\.stakes/);
    expect(summaryNarrowingProblem([hand({ session_uid: 5 })])).toBe('hands.0.session_uid: expected a string');
  });
});
