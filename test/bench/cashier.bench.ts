/**
 * A buy-in through the cashier (journal the intent with fdatasync, POST, journal the answer) against the baseline
 * of the same work done bare: one fdatasync'd append plus one fetch POST of a buy-in to the same demo venue.
 * Interleaved round by round in one run; reports median and p99 ratios.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { openCashier } from '../../main/core/cashier/index';
import { startDemoVenue } from '../../main/demo/index';
import { postTransaction } from '../../main/core/venue/transaction';
import { interleavedSamples, percentile, round3 } from './stats';
import { movementRequestSchema } from '../../preload/contract/cashier';
import { openShiftArgs } from '../support/shift-args';

const ROUNDS = 150;

export default async function cashierBench(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'cashier-bench-'));
  const venue = await startDemoVenue({
    seed: 11,
    paceMs: 1,
    hostAnswerMs: 2,
    rateLimits: { requestsPerMinute: 1_000_000, writesPerMinute: 1_000_000 },
  });
  await venue.faults.holdBetweenHands();
  const player = venue.inspect.trueTable().seats.find((seat) => seat.name !== null)?.name;
  if (player == null) throw new Error('no seated player');
  const cashier = await openCashier({
    dataDir: join(dir, 'journal'),
    transport: (action, request, signal) =>
      postTransaction({ baseUrl: venue.baseUrl, key: venue.key }, action, request, signal),
    config: {},
  });
  await cashier.whenReady();
  await cashier.openShift(...openShiftArgs(0, 'Bench cashier'));
  const bare = await open(join(dir, 'bare.log'), 'a');
  try {
    const baseline = async (): Promise<void> => {
      await bare.write(`${JSON.stringify({ key: randomUUID(), amount: 1 })}\n`);
      await bare.datasync();
      const response = await fetch(`${venue.baseUrl}/transactions/buy-in`, {
        method: 'POST',
        headers: { authorization: `Bearer ${venue.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ player_name: player, amount: 1, idempotency_key: `bench-${randomUUID()}` }),
      });
      if (response.status !== 200) throw new Error(`baseline got ${response.status}`);
      await response.text();
    };
    // Parsed once, as the session's dispatch parses each request before the cashier sees it.
    const request = movementRequestSchema.parse({
      kind: 'buy_in',
      seatId: 1,
      playerName: player,
      playerId: null,
      amount: 1,
      closeSession: false,
      // Hundreds of identical buy-ins in a row are the point here: each is a confirmed second one.
      confirmSecond: true,
    });
    const subject = async (): Promise<void> => {
      const result = await cashier.request(request);
      if (result.kind !== 'accepted') throw new Error(`subject not accepted: ${JSON.stringify(result)}`);
      const settled = await cashier.whenSettled(result.movement.key);
      if (settled.state !== 'applied') throw new Error(`subject ${settled.state}`);
    };
    const { baseline: base, subject: subj } = await interleavedSamples(baseline, subject, ROUNDS, 5);
    const result = {
      rounds: ROUNDS,
      baselineMedianMs: round3(percentile(base, 50)),
      subjectMedianMs: round3(percentile(subj, 50)),
      medianRatio: round3(percentile(subj, 50) / percentile(base, 50)),
      baselineP99Ms: round3(percentile(base, 99)),
      subjectP99Ms: round3(percentile(subj, 99)),
      p99Ratio: round3(percentile(subj, 99) / percentile(base, 99)),
      targets: { medianRatio: 1.5, p99Ratio: 2 },
    };
    console.log(`cashier bench: median ratio ${result.medianRatio}, p99 ratio ${result.p99Ratio}`);
    return result;
  } finally {
    await bare.close();
    await cashier.close();
    await venue.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
