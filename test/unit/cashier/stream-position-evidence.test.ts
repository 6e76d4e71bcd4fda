/**
 * "After the intent" is after the stream position journaled with it: a replayed event at or below the intent's seq
 * (same run) is never evidence nor another writer's move, and after a restart the stack as it left is "not applied"
 * only when the keeper's unbroken stretch reaches back to the intent's seq in the same run; else "cannot tell", and
 * the summary says why.
 */
import { describe, expect, it } from 'vitest';
import { assessEvidence, matchesMovement, type EvidenceInputs } from '../../../main/core/cashier/evidence';
import { intentPositionOf } from '../../../main/core/cashier/stream-position';
import type { StreamCoverage } from '../../../main/core/cashier/types';
import { T0, appliedEventFixture, liveReadingFixture, movementFixture } from '../../support/cashier-fixtures';

const RUN = 'run-a';
/** In doubt since T0 + 100, its intent journaled at seq 40 of RUN on an unbroken stream. */
const inDoubt = movementFixture({
  state: 'in-doubt',
  mayHaveReachedHost: true,
  doubt: { since: T0 + 100, reason: 'outcome_unknown' },
  sentPosition: { run: RUN, seq: 40, unbroken: true },
});
const aliceAsLeft = liveReadingFixture([{ seat_id: 1, player_id: 'p-alice', name: 'Alice', stack: 100 }]);

/**
 * The stream after a restart: this process's stretch began (in time) after the intent, but a complete replay from
 * the saved seq carried it back to seq 40; a heartbeat after the reading was answered.
 */
const afterRestart: StreamCoverage = {
  unbrokenSince: T0 + 120,
  deliveredThrough: T0 + 200,
  run: RUN,
  seq: 44,
  unbrokenAfter: 40,
  stretchStart: 'continued',
};

const inputs = (overrides: Partial<EvidenceInputs> = {}): EvidenceInputs => ({
  now: T0 + 300,
  table: aliceAsLeft,
  readFailure: null,
  events: [],
  otherMovementForPlayer: false,
  stream: afterRestart,
  stackMovedAt: null,
  ...overrides,
});

describe('events are ordered by seq', () => {
  const replayed = (seq: number) => appliedEventFixture({ observedAt: T0 + 130, position: { run: RUN, seq } });

  it('a replayed event at or below the intent seq is never evidence, even seen after the intent', () => {
    expect(matchesMovement(inDoubt, replayed(40))).toBe(false);
    expect(matchesMovement(inDoubt, replayed(12))).toBe(false);
    expect(matchesMovement(inDoubt, replayed(41))).toBe(true);
  });

  it('in another run, or without a position, the order of seeing decides', () => {
    const otherRun = appliedEventFixture({ observedAt: T0 + 130, position: { run: 'run-b', seq: 3 } });
    expect(matchesMovement(inDoubt, otherRun)).toBe(true);
    expect(matchesMovement(inDoubt, appliedEventFixture({ observedAt: T0 - 1 }))).toBe(false);
  });

  it("a replayed seat edit from before the intent is not another writer's move since", () => {
    const edit = (seq: number) =>
      appliedEventFixture({
        kind: 'adjustment',
        source: 'seat_edit',
        amount: 30,
        delta: 30,
        stack_before: 70,
        stack_after: 100,
        observedAt: T0 + 130,
        position: { run: RUN, seq },
      });
    expect(assessEvidence(inDoubt, inputs({ events: [edit(39)] })).verdict).toBe('not-applied');
    const after = assessEvidence(inDoubt, inputs({ events: [edit(42)] }));
    expect(after.verdict).toBe('inconclusive');
    expect(after.summary).toContain('moved since it left by another application');
  });
});

describe('coverage by positions across a restart', () => {
  it('the stack as it left, with the stretch reaching back to the intent seq: not applied', () => {
    const evidence = assessEvidence(inDoubt, inputs());
    expect(evidence.verdict).toBe('not-applied');
  });

  it.each([
    [
      'an incomplete replay',
      { unbrokenAfter: 44, stretchStart: 'incomplete-replay' },
      "the venue's replay could not prove it complete",
    ],
    ['a reset replay', { run: 'run-b', unbrokenAfter: 2, stretchStart: 'engine-reset' }, 'engine restarted'],
    ['a heal', { unbrokenAfter: 43, stretchStart: 'healed' }, 'the table was reread from the venue'],
    ['a stream not delivering now', { unbrokenSince: null, unbrokenAfter: null }, 'not delivering'],
    [
      'a stretch whose start is not known yet',
      { unbrokenAfter: null, stretchStart: 'connected' },
      'has not yet shown where it resumed',
    ],
    [
      'an incomplete replay from an emptied buffer, before its first event',
      { unbrokenAfter: null, stretchStart: 'incomplete-replay' },
      "the venue's replay could not prove it complete",
    ],
  ] as const)('%s: cannot tell, and says why', (_name, stream, why) => {
    const evidence = assessEvidence(inDoubt, inputs({ stream: { ...afterRestart, ...stream } }));
    expect(evidence.verdict).toBe('inconclusive');
    expect(evidence.summary).toContain(why);
  });

  it('an intent journaled while the stream was broken proves nothing later', () => {
    const broken = { ...inDoubt, sentPosition: { run: RUN, seq: 40, unbroken: false } };
    const evidence = assessEvidence(broken, inputs());
    expect(evidence.verdict).toBe('inconclusive');
    expect(evidence.summary).toContain('not delivering without a break when it left');
  });

  it('without a journaled position (an older journal) the times decide: a stretch begun after the intent', () => {
    const older = { ...inDoubt, sentPosition: undefined };
    const evidence = assessEvidence(older, inputs());
    expect(evidence.verdict).toBe('inconclusive');
    expect(evidence.summary).toContain('broke since it left');
  });

  it('the heartbeat must still prove delivery past the reading', () => {
    const evidence = assessEvidence(inDoubt, inputs({ stream: { ...afterRestart, deliveredThrough: T0 + 140 } }));
    expect(evidence.verdict).toBe('inconclusive');
    expect(evidence.summary).toContain('heartbeat');
  });
});

describe('the position an intent journals', () => {
  it('is the run and newest seq, unbroken when the stretch reaches it', () => {
    expect(intentPositionOf(afterRestart)).toEqual({ run: RUN, seq: 44, unbroken: true });
    expect(intentPositionOf({ ...afterRestart, unbrokenSince: null, unbrokenAfter: null })).toEqual({
      run: RUN,
      seq: 44,
      unbroken: false,
    });
  });

  it('is at least where the stretch starts: the newest replayed event came before the intent', () => {
    const replaying = { ...afterRestart, seq: 44, unbrokenAfter: 60, stretchStart: 'incomplete-replay' } as const;
    expect(intentPositionOf(replaying)).toEqual({ run: RUN, seq: 60, unbroken: true });
    expect(intentPositionOf({ ...replaying, seq: null })).toEqual({ run: RUN, seq: 60, unbroken: true });
  });

  it('is unknown before any seq, or while the stretch has not shown where it starts (times decide then)', () => {
    expect(intentPositionOf({ ...afterRestart, seq: null, unbrokenSince: null, unbrokenAfter: null })).toBeNull();
    expect(intentPositionOf({ ...afterRestart, unbrokenAfter: null, stretchStart: 'incomplete-replay' })).toBeNull();
    expect(intentPositionOf({ unbrokenSince: T0, deliveredThrough: T0 })).toBeNull();
  });
});
