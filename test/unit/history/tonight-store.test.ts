/**
 * Tonight's hands on disk: a restart mid-night keeps them (round trip through the keeper), events that arrive
 * before the stored night is loaded are applied on top of it, and a corrupt file is reported, set aside and
 * ignored, never thrown.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyTonightEvent, EMPTY_NIGHT } from '../../../main/core/history/tonight-hands';
import { STALE_NIGHT_MS, TonightKeeper } from '../../../main/core/history/tonight-keeper';
import { loadTonight, saveTonight } from '../../../main/core/history/tonight-store';
import type { LiveEvent } from '../../../main/core/venue/schemas-live';

const CAROL = '00000000-0000-4000-8000-00000000000c';
/** The test night's clock: a little after its hands. */
const NIGHT_NOW = () => (1_790_000_000 + 60) * 1000;

function endOf(handNumber: number, stack: number, net: number): LiveEvent {
  return {
    kind: 'end_hand',
    seq: handNumber,
    ts: 1_790_000_000 + handNumber,
    payload: {
      hand_number: handNumber,
      winner_seats: net > 0 ? [3] : [],
      total_pot: 10,
      rake: 0,
      board: ['2h', '3h', '4h'],
      seats: [{ seat_id: 3, player_id: CAROL, name: 'Carol', stack: stack + net, contributed: 5, won: 5 + net, net }],
    },
  };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'venue-tonight-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('tonight store', () => {
  it('round-trips a night exactly', async () => {
    const path = join(dir, 'venue', 'tonight-hands.json');
    const night = [endOf(1, 100, 5), endOf(2, 105, -5)].reduce(applyTonightEvent, EMPTY_NIGHT);
    await saveTonight(path, night);
    expect(await loadTonight(path)).toEqual({ night, problem: null });
  });

  it('reads a missing file as an empty night', async () => {
    expect(await loadTonight(join(dir, 'absent.json'))).toEqual({ night: EMPTY_NIGHT, problem: null });
  });

  it('reports, sets aside and ignores a corrupt file', async () => {
    const path = join(dir, 'tonight-hands.json');
    await writeFile(path, '{"version":1,"night":{"hands":[{"handNumber":"x"');
    const torn = await loadTonight(path);
    expect(torn.night).toEqual(EMPTY_NIGHT);
    expect(torn.problem).toMatch(/corrupt \(not JSON/);
    expect((await readdir(dir)).some((name) => name.startsWith('tonight-hands.json.corrupt-'))).toBe(true);

    await writeFile(
      path,
      JSON.stringify({
        version: 1,
        night: { startedAt: null, hands: [{ handNumber: 'seven' }], open: null, lastHandNumber: null, seen: [] },
      }),
    );
    const invalid = await loadTonight(path);
    expect(invalid.night).toEqual(EMPTY_NIGHT);
    expect(invalid.problem).toMatch(/invalid record/);
  });
});

describe('tonight keeper', () => {
  it('keeps the night across a restart and applies what arrived before loading on top', async () => {
    const path = join(dir, 'tonight-hands.json');
    const problems: string[] = [];
    const before = new TonightKeeper((message) => problems.push(message), NIGHT_NOW);
    await before.open(path);
    before.feed({ type: 'event', event: endOf(1, 100, 5) });
    before.feed({ type: 'event', event: endOf(2, 105, -5) });
    await before.close();
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ version: 1, night: { seen: [1, 2] } });

    const after = new TonightKeeper((message) => problems.push(message), NIGHT_NOW);
    // The live feed opens before the venue's folder is known: this event waits for the stored night.
    after.feed({ type: 'event', event: endOf(3, 100, 7) });
    expect(after.handsOf(CAROL)).toEqual([]);
    await after.open(path);
    expect(after.handsOf(CAROL).map((hand) => [hand.handNumber, hand.stackStart, hand.stackEnd])).toEqual([
      [3, 100, 107],
      [2, 105, 100],
      [1, 100, 105],
    ]);
    // A duplicate of a stored hand (replayed after the restart) counts once.
    after.feed({ type: 'event', event: endOf(2, 105, -5) });
    expect(after.handsOf(CAROL)).toHaveLength(3);
    after.feed({ type: 'new-night' });
    expect(after.handsOf(CAROL)).toEqual([]);
    await after.close();
    expect(problems).toEqual([]);
  });

  it('does not take a past night (stored before the app was closed for the night) as tonight', async () => {
    const path = join(dir, 'tonight-hands.json');
    await saveTonight(path, applyTonightEvent(EMPTY_NIGHT, endOf(1, 100, 5)));
    const lastEnd = (1_790_000_000 + 1) * 1000;
    const sameNight = new TonightKeeper(
      () => undefined,
      () => lastEnd + 60_000,
    );
    await sameNight.open(path);
    expect(sameNight.handsOf(CAROL)).toHaveLength(1);
    await sameNight.close();
    const nextDay = new TonightKeeper(
      () => undefined,
      () => lastEnd + STALE_NIGHT_MS + 1,
    );
    await nextDay.open(path);
    expect(nextDay.handsOf(CAROL)).toEqual([]);
    await nextDay.close();
  });

  it('starts empty, and says why, when the stored night is corrupt', async () => {
    const path = join(dir, 'tonight-hands.json');
    await writeFile(path, 'garbage');
    const problems: string[] = [];
    const keeper = new TonightKeeper((message) => problems.push(message));
    await keeper.open(path);
    keeper.feed({ type: 'event', event: endOf(1, 100, 5) });
    expect(keeper.handsOf(CAROL)).toHaveLength(1);
    await keeper.close();
    expect(problems).toHaveLength(1);
    expect((await loadTonight(path)).night.seen).toEqual([1]);
  });
});
