/** The live plane's faults (live/live-faults.ts) wired to one running venue's parts. */
import type { DemoLiveFaults } from './live/live-faults';
import type { VenueParts } from './venue-parts';

export function createLiveFaults(parts: VenueParts): DemoLiveFaults {
  const { feed, engine, sockets, liveFaults } = parts;
  return {
    refuseUpgrades(refusal): void {
      liveFaults.refusal = refusal;
    },
    refusedUpgrades: () => liveFaults.refused,
    restartEngineUnderSockets(): void {
      feed.restart();
      engine.markRestart();
    },
    closeSockets(code: number, reason = 'demo_close'): void {
      sockets.closeAll(code, reason);
    },
    malformNextStartHandSeat(): void {
      liveFaults.malformNextStartHand = true;
    },
  };
}
