/** DemoFaults: the switches tests flip to put the venue in every state the spec describes. */
import type { DemoFaults, DemoMoneyMode, DemoTimeoutMode } from './api';
import { toCents } from './engine/cents';
import { editSeat } from './engine/movements';
import { projectLiveState } from './live/projection';
import { createCashierFaults } from './venue-cashier-faults';
import type { VenueParts } from './venue-parts';
import { createLiveFaults } from './venue-live-faults';
import { createLostEventFaults } from './lost-event-fault';
import { createWriterFaults } from './venue-writer-faults';

export function createFaults(parts: VenueParts): DemoFaults {
  const { runner, feed, engine, keys, sockets, injector, history, host, switches, options } = parts;
  const now = (): number => Date.now();
  return {
    ...createCashierFaults(parts),
    ...createLiveFaults(parts),
    ...createLostEventFaults(parts.lostEvents),
    ...createWriterFaults(parts),
    setHostOnline(online: boolean): void {
      if (!online && runner.isHostOnline) switches.lastKnownState = projectLiveState(engine, now());
      runner.setHostOnline(online);
    },
    timeoutNextMovements(count: number, mode: DemoTimeoutMode, lateMs?: number): void {
      host.timeoutNext(count, mode, lateMs);
    },
    setHostAnswerLatency(ms: number): void {
      host.setAnswerLatency(ms);
    },
    pauseTable: () => runner.pause(),
    resumeTable: () => runner.resume(),
    holdBetweenHands: () => runner.holdBetweenHands(),
    forceHandInProgress(on: boolean): void {
      switches.forceHandInProgress = on;
    },
    restartEngine(): void {
      feed.restart();
      engine.markRestart();
      sockets.closeAll(1012, 'engine_restart');
    },
    evictReplayBuffer: () => feed.evict(),
    revokeKey: (key = options.key) => keys.revoke(key),
    restoreKey: (key = options.key) => keys.restore(key),
    dropAllSockets: () => sockets.dropAll(),
    freezeSockets(frozen: boolean): void {
      switches.frozen = frozen;
    },
    closeSession(): Promise<void> {
      history.publishSession(engine.beginSession(parts.nextSessionUid()));
      return Promise.resolve();
    },
    republish: () => history.republish(),
    mergePlayers: (oldId: string, canonicalId: string) => history.mergePlayers(oldId, canonicalId),
    injectUnknownEventKind(
      kind = 'demo_unknown_kind',
      payload: Record<string, unknown> = { note: 'clients ignore kinds they do not know' },
    ): void {
      feed.publish(kind, { ...payload });
    },
    setInjectUnknownFields(on: boolean): void {
      injector.on = on;
    },
    setMoneyMode: (mode: DemoMoneyMode) => history.setMoneyMode(mode),
    setApiUpdated(date: string): void {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`an interface date must be YYYY-MM-DD, got ${date}`);
      switches.apiUpdated = date;
    },
    seatEdit(seatId: number, stack: number): void {
      if (!Number.isFinite(stack) || stack < 0) throw new Error(`a stack must be a number >= 0, got ${stack}`);
      editSeat(engine, seatId, toCents(stack));
    },
  };
}
