/** A tray movement as the renderer receives it, for tests of the words and tones the cashier reads. */
import type { MovementDetail, MovementView } from '../../preload/contract';

/** A movement's detail with nothing to say (no refusal, no wait, no status or error heard). */
export const NO_DETAIL: MovementDetail = {
  refusalCode: null,
  refusalMessage: null,
  waitReason: null,
  lastStatus: null,
  lastError: null,
};

/** Ava Brennan's whole-stack cash-out on seat 3, queued, with nothing heard yet; `overrides` set what a test reads. */
export function trayMovementFixture(overrides: Partial<MovementView> = {}): MovementView {
  return {
    id: 'mv-a',
    kind: 'cash_out',
    seatId: 3,
    playerName: 'Ava Brennan',
    playerId: null,
    amount: null,
    closeSession: false,
    status: 'queued',
    reason: null,
    withHostSince: null,
    sendAgainBlockedBy: null,
    requestedAt: 0,
    settledAt: null,
    stackAfter: null,
    evidence: null,
    replaces: null,
    replacedBy: null,
    bothApplied: false,
    misdirected: false,
    adjustment: null,
    stackBefore: null,
    detail: NO_DETAIL,
    ...overrides,
  };
}
