// Only a 401 withdraws access. Policy and auth-looking close codes and a 403 on the upgrade make the real keeper
// check the key (GET /key) and reconnect: with a working key it is live again, with a revoked one the 401 decides.
import { afterEach, describe, expect, it } from 'vitest';
import { VenueClient } from '../../../main/core/venue/index';
import { startDemoVenue, type RunningDemoVenue } from '../../../main/demo/index';
import { recordedKeeper, waitFor, type RecordedKeeper } from '../../support/venue-live-harness';

const DOUBTFUL_CODES = [1008, 3000, 3003, 4001, 4003, 4401, 4403];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function liveKeeper(
  seed: number,
): Promise<{ demo: RunningDemoVenue; client: VenueClient; recorded: RecordedKeeper }> {
  const demo = await startDemoVenue({ paceMs: 3, seed, historyHands: 20 });
  cleanups.push(() => demo.close());
  const client = new VenueClient({ baseUrl: demo.baseUrl, key: demo.key });
  await client.keyInfo();
  const recorded = recordedKeeper(demo.wsUrl, demo.key, { access: client });
  cleanups.push(() => recorded.keeper.stop());
  await recorded.keeper.start();
  await waitFor(() => recorded.live.table.connected, 'the first state frame');
  return { demo, client, recorded };
}

const opens = (recorded: RecordedKeeper): number =>
  recorded.updates.filter((update) => update.type === 'status' && update.status.phase === 'open').length;

describe('LiveKeeper: only a 401 withdraws access', () => {
  it('each doubtful close code: the keeper checks the key, reconnects and is live again', async () => {
    const { demo, client, recorded } = await liveKeeper(61);
    for (const code of DOUBTFUL_CODES) {
      const before = opens(recorded);
      demo.faults.closeSockets(code, 'policy');
      await waitFor(() => opens(recorded) > before && recorded.live.table.connected, `reconnect after ${code}`);
      expect(recorded.live.status.phase).toBe('open');
      expect(client.access).toBe('working');
      const reasons = recorded.updates.flatMap((update) =>
        update.type === 'status' && update.status.phase === 'reconnecting' ? [update.status.reason] : [],
      );
      expect(reasons.at(-1)).toContain(String(code));
    }
    expect(recorded.updates.some((update) => update.type === 'status' && update.status.phase === 'withdrawn')).toBe(
      false,
    );
  });

  it('a doubtful close code on a revoked key: the upgrade 401 withdraws', async () => {
    const { demo, client, recorded } = await liveKeeper(62);
    demo.faults.revokeKey();
    await waitFor(() => recorded.live.status.phase === 'withdrawn', 'withdrawal');
    expect(client.access).toBe('withdrawn');
    expect(recorded.live.status).toMatchObject({ phase: 'withdrawn' });
    if (recorded.live.status.phase === 'withdrawn') expect(recorded.live.status.reason).toMatch(/401/);
  });

  it('a 403 on the upgrade with a working key: never withdrawn, live again once upgrades pass', async () => {
    const { demo, client, recorded } = await liveKeeper(63);
    demo.faults.refuseUpgrades({ status: 403 });
    demo.faults.dropAllSockets();
    await waitFor(() => demo.faults.refusedUpgrades() >= 3, 'three refused upgrades');
    expect(client.access).toBe('working');
    expect(recorded.live.status.phase).not.toBe('withdrawn');
    const before = opens(recorded);
    demo.faults.refuseUpgrades(null);
    await waitFor(() => opens(recorded) > before && recorded.live.table.connected, 'live again');
  });

  it('a 403 on the upgrade with a revoked key: GET /key answers 401 and that withdraws', async () => {
    const { demo, client, recorded } = await liveKeeper(64);
    // The socket drops (no close code) and every upgrade is answered 403, never 401, also after the revocation.
    demo.faults.refuseUpgrades({ status: 403 });
    demo.faults.dropAllSockets();
    await waitFor(() => demo.faults.refusedUpgrades() >= 1, 'a refused upgrade');
    expect(client.access).toBe('working');
    demo.faults.revokeKey();
    await waitFor(() => recorded.live.status.phase === 'withdrawn', 'withdrawal through GET /key');
    expect(client.access).toBe('withdrawn');
  });
});
