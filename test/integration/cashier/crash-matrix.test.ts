/**
 * The crash matrix: real cashier processes against one demo venue, SIGKILLed at every phase of an attempt and at
 * random moments (at least 200 kills), each restart resuming from the journal. At the end the venue's own ledger
 * must show every movement applied exactly once under its journaled key, chips conserved, nothing left unsettled.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJournal } from '../../../main/core/cashier/index';
import type { Movement } from '../../../main/core/cashier/index';
import type { RunningDemoVenue } from '../../../main/demo/index';
import { bundleChild, warmChild } from '../../support/cashier-crash-runner';
import { tempDataDir } from '../../support/cashier-harness';
import type { KillPlan, WarmChild } from '../../support/cashier-crash-runner';
import { startHeldDemoVenue } from '../../support/held-demo-venue';

const MIN_KILLS = 200;
/** Each run adds one movement and is killed at the next of these; a resumed movement meets them too. */
const KILLS: readonly KillPlan[] = [
  'intent-written',
  'request-sent',
  'intent-synced',
  'answer-received',
  'random',
  'answer-journaled',
];

/** Movements per journal: a lane starts a fresh journal after this many, so a restart's recovery stays small. */
const SEGMENT = 25;

interface Segment {
  readonly dataDir: string;
  readonly items: { readonly action: string; readonly playerName: string; readonly amount: number }[];
}

interface Lane {
  readonly name: string;
  readonly players: readonly string[];
  readonly segments: Segment[];
  kills: number;
  runs: number;
  warm: WarmChild | null;
}

let venue: RunningDemoVenue;
let work: { readonly dir: string; readonly remove: () => void };
let script: string;

beforeAll(async () => {
  // tmpfs when available: a SIGKILL loses no page cache, so it tests the same thing as a disk, only faster.
  work = tempDataDir('cashier-crash-');
  const workDir = work.dir;
  script = await bundleChild(workDir);
  // One hand played first: until then the venue's hand_number is null, and a re-send needs it known.
  venue = await startHeldDemoVenue({ seed: 7, hostAnswerMs: 4, hostTimeoutMs: 40 });
});

afterAll(async () => {
  await venue?.close();
  work?.remove();
});

/** A plan item's identity (see runLane). */
const itemId = (item: {
  readonly action: string;
  readonly playerName: string;
  readonly amount: number | null;
}): string => `${item.action}:${item.playerName}:${item.amount}`;

/** A deterministic pseudo-random sequence, so a failing schedule can be replayed. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function run(lane: Lane, segment: Segment, kill: KillPlan, random: () => number, last: boolean): Promise<void> {
  // The next child loads while this one runs; only one of them ever opens the journal at a time.
  const child = lane.warm ?? warmChild(script);
  lane.warm = last ? null : warmChild(script);
  const result = await child.run(
    { dataDir: segment.dataDir, baseUrl: venue.baseUrl, key: venue.key, plan: segment.items },
    kill,
    Math.floor(random() * 12),
  );
  lane.runs += 1;
  if (result.killed) lane.kills += 1;
  else if (result.exitCode !== 0) throw new Error(`child failed (${kill}): ${result.stderr || result.stdout}`);
}

/**
 * One journal, one process at a time: every run resumes what the last one left, adds the next movement, and is
 * killed at the next phase. A run without a kill closes each journal segment, letting everything settle.
 */
async function runLane(lane: Lane, laneIndex: number, shouldContinue: () => boolean): Promise<void> {
  const random = lcg(1000 + laneIndex);
  let segment: Segment = { dataDir: join(work.dir, `${lane.name}-0`), items: [] };
  lane.segments.push(segment);
  for (let index = 0; shouldContinue(); index += 1) {
    if (segment.items.length === SEGMENT) {
      await run(lane, segment, 'none', random, false);
      segment = { dataDir: join(work.dir, `${lane.name}-${lane.segments.length}`), items: [] };
      lane.segments.push(segment);
    }
    const buyIn = index % 3 !== 2;
    // Amounts are unique within a lane, so (action, player, amount) names a plan item in the journal.
    segment.items.push({
      action: buyIn ? 'buy-in' : 'cash-out',
      playerName: lane.players[index % lane.players.length] as string,
      amount: buyIn ? 10 + index * 0.25 : (100 + index) / 100,
    });
    // Some movements meet a slow host: 504 first, then the real answer (late, or applied late).
    if (index % 7 === 3)
      venue.faults.timeoutNextMovements(1, index % 2 === 0 ? 'applied-answer-late' : 'apply-later', 15);
    await run(lane, segment, KILLS[(index + laneIndex) % KILLS.length] as KillPlan, random, false);
  }
  await run(lane, segment, 'none', random, true);
}

describe('cashier crash matrix (real processes, SIGKILL)', () => {
  it('applies every movement exactly once through 200+ kills and restarts', async () => {
    const seated = venue.inspect
      .trueTable()
      .seats.filter((seat) => seat.name !== null && (seat.stack ?? 0) > 20)
      .map((seat) => seat.name as string);
    expect(seated.length).toBeGreaterThanOrEqual(2);
    const half = Math.ceil(seated.length / 2);
    const lanes: Lane[] = [seated.slice(0, half), seated.slice(half)].map((players, index) => ({
      name: `lane${index}`,
      players,
      segments: [],
      kills: 0,
      runs: 0,
      warm: null,
    }));
    const totalKills = (): number => lanes.reduce((sum, lane) => sum + lane.kills, 0);
    const account = venue.inspect.chipAccount();
    const started = performance.now();
    await Promise.all(lanes.map((lane, index) => runLane(lane, index, () => totalKills() < MIN_KILLS)));
    const elapsedMs = performance.now() - started;

    const journaled: Movement[] = [];
    for (const segment of lanes.flatMap((lane) => lane.segments)) {
      const recovered = await readJournal(segment.dataDir);
      expect(recovered.report.skippedCorrupt).toBe(0);
      journaled.push(...recovered.movements);
      // One movement per plan item: a restart never re-requested something already journaled.
      const ids = recovered.movements.map(itemId);
      expect(new Set(ids).size).toBe(recovered.movements.length);
      expect(ids.sort()).toEqual(segment.items.map(itemId).sort());
    }
    expect(journaled.filter((movement) => !['applied', 'refused'].includes(movement.state))).toEqual([]);

    const ledger = venue.inspect.ledger();
    const ledgerKeys = ledger.map((entry) => entry.idempotency_key);
    expect(new Set(ledgerKeys).size).toBe(ledgerKeys.length);
    const applied = journaled.filter((movement) => movement.state === 'applied');
    expect([...ledgerKeys].sort()).toEqual(applied.map((movement) => movement.key).sort());
    for (const movement of applied) {
      const entry = ledger.find((candidate) => candidate.idempotency_key === movement.key);
      expect(entry?.amount).toBe(movement.amount);
      expect(entry?.kind).toBe(movement.action === 'buy-in' ? 'buy_in' : 'cash_out');
    }
    const after = venue.inspect.chipAccount();
    expect(after.initialCents + after.appliedCents).toBe(after.stacksCents + after.potCents + after.rakeCents);
    const ledgerCents = ledger.reduce((sum, entry) => sum + Math.round(entry.delta * 100), 0);
    expect(after.appliedCents - account.appliedCents).toBe(ledgerCents);
    expect(totalKills()).toBeGreaterThanOrEqual(MIN_KILLS);
    console.log(
      JSON.stringify({
        kills: totalKills(),
        runs: lanes.reduce((sum, lane) => sum + lane.runs, 0),
        movements: journaled.length,
        applied: applied.length,
        elapsedMs: Math.round(elapsedMs),
      }),
    );
  }, 240_000);
});

/** The phases a journaled attempt passes, each a kill point. */
const PHASES: readonly KillPlan[] = [
  'intent-written',
  'intent-synced',
  'request-sent',
  'answer-received',
  'answer-journaled',
];

describe('cashier crash matrix: the queue during a hand and the new-key path', () => {
  let amountStep = 0;
  /** A one-item journal of its own, with an amount no other run uses (so the venue's ledger names the item). */
  function freshItem(
    name: string,
    player: string,
  ): {
    readonly dataDir: string;
    readonly item: { readonly action: 'buy-in'; readonly playerName: string; readonly amount: number };
  } {
    amountStep += 1;
    return {
      dataDir: join(work.dir, `${name}-${amountStep}`),
      item: { action: 'buy-in', playerName: player, amount: 500 + amountStep * 0.01 },
    };
  }

  /** The venue's ledger entries for an item (by its unique amount) and the journal's movements for it. */
  async function outcome(
    dataDir: string,
    amount: number,
  ): Promise<{ readonly applied: readonly string[]; readonly journaled: readonly Movement[] }> {
    const applied = venue.inspect
      .ledger()
      .filter((entry) => entry.amount === amount)
      .map((entry) => entry.idempotency_key);
    return { applied, journaled: (await readJournal(dataDir)).movements };
  }

  async function runOnce(
    dataDir: string,
    plan: readonly unknown[],
    kill: KillPlan,
    options: { readonly killTarget: 'first' | 'resend' | 'requeued'; readonly sendAgain: boolean },
  ): Promise<boolean> {
    const result = await warmChild(script).run(
      { dataDir, baseUrl: venue.baseUrl, key: venue.key, plan, ...options },
      kill,
      0,
    );
    if (!result.killed && result.exitCode !== 0)
      throw new Error(`child failed (${String(kill)}): ${result.stderr || result.stdout}`);
    return result.killed;
  }

  it(
    'a buy-in queued on hand_in_progress applies once, killed at every phase ' +
      'of leaving the queue and of its first attempt',
    async () => {
      const player = venue.inspect.trueTable().seats.find((seat) => seat.name !== null)?.name as string;
      let kills = 0;
      for (const killTarget of ['first', 'requeued'] as const) {
        for (const phase of PHASES) {
          const { dataDir, item } = freshItem('queued', player);
          venue.faults.forceHandInProgress(true);
          // The hand ends while the child runs: its queued retries meet the hand, then leave for good.
          const handEnds = setTimeout(() => venue.faults.forceHandInProgress(false), 30);
          if (await runOnce(dataDir, [item], phase, { killTarget, sendAgain: false })) kills += 1;
          clearTimeout(handEnds);
          venue.faults.forceHandInProgress(false);
          await runOnce(dataDir, [item], 'none', { killTarget, sendAgain: false });
          const { applied, journaled } = await outcome(dataDir, item.amount);
          expect(journaled).toHaveLength(1);
          expect(journaled[0]?.state).toBe('applied');
          expect(applied).toEqual([journaled[0]?.key]);
        }
      }
      expect(kills).toBeGreaterThanOrEqual(PHASES.length);
    },
    120_000,
  );

  it(
    'send again after outcome_unknown and a fresh reading applies once, killed ' + 'at every phase of the re-send',
    async () => {
      const player = venue.inspect.trueTable().seats.find((seat) => seat.name !== null)?.name as string;
      let kills = 0;
      for (const phase of PHASES) {
        const { dataDir, item } = freshItem('resend', player);
        // The host never answers the first key: outcome_unknown for good, so only a re-send can apply it.
        venue.faults.timeoutNextMovements(1, 'never');
        if (await runOnce(dataDir, [item], phase, { killTarget: 'resend', sendAgain: true })) kills += 1;
        await runOnce(dataDir, [item], 'none', { killTarget: 'resend', sendAgain: true });
        const { applied, journaled } = await outcome(dataDir, item.amount);
        const resend = journaled.find((movement) => movement.replaces !== null);
        const old = journaled.find((movement) => movement.replaces === null);
        expect(journaled).toHaveLength(2);
        expect(old?.state).toBe('in-doubt');
        expect(old?.replacedBy).toBe(resend?.key);
        expect(resend?.state).toBe('applied');
        expect(applied).toEqual([resend?.key]);
      }
      expect(kills).toBe(PHASES.length);
    },
    120_000,
  );
});
