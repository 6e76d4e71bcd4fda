/**
 * The open shift's reconciliation while an answer is held in memory for a full disk. The journal then holds only the
 * movement's intent (sending, never answered as far as the disk knows), yet the venue applied it and the live stream
 * delivered its event: that event is "pending: answer not yet saved", never "at the table not through this cashier".
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MovementView, ShiftRecord } from '../../../main/core/cashier/index';
import { booksFor } from '../../../main/core/storage/books';
import { openLedgerLink, type LedgerLink } from '../../../main/core/session/ledger-link';
import type { Cents } from '../../../main/core/venue/money';
import { T0, appliedEventFixture, movementFixture } from '../../support/cashier-fixtures';

const shift: ShiftRecord = {
  id: 'shift-open',
  openedAt: T0 - 60_000,
  openedBy: 'cashier',
  openingFloat: 0 as Cents,
  operator: 'Ana',
  close: null,
};

/** The movement as the cashier snapshot shows it: its intent journaled, its answer (applied) held or not. */
const sending = (unsavedAnswer: string | null): MovementView => ({
  ...movementFixture({ state: 'sending', mayHaveReachedHost: false, shiftId: shift.id, firstSentAt: T0 }),
  shiftId: shift.id,
  attemptCount: 0,
  withHostSince: null,
  cancelBlockedBy: null,
  sendAgainBlockedBy: null,
  unsavedAnswer,
});

let dir: string | null = null;
let link: LedgerLink | null = null;
afterEach(async () => {
  await link?.close();
  if (dir !== null) await rm(dir, { recursive: true, force: true });
  link = null;
  dir = null;
});

async function statusWith(unsavedAnswer: string | null): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'vc-recon-unsaved-'));
  link = await openLedgerLink(
    dir,
    await booksFor(dir),
    () => false,
    () => undefined,
  );
  await link.ledger.note({ type: 'resume', at: T0 - 50_000, verdict: 'no-cursor' });
  const { observedAt: _observed, ...fields } = appliedEventFixture({ stack_before: null, stack_after: null });
  await link.ledger.note({ type: 'event', at: T0 + 5, seq: 1, venueTs: T0 + 4, catchUp: false, fields });
  return link.forShift(shift, [sending(unsavedAnswer)], T0 + 20_000).view.status;
}

describe('the reconciliation while an answer waits for the disk', () => {
  it('counts the event pending, not as a movement through another cashier', async () => {
    const status = await statusWith('The venue answered: applied. Not yet saved on this PC: the disk is full.');
    expect(status).toContain('1 pending: answer not yet saved');
    expect(status).not.toContain('not through this cashier');
  });

  it('without a held answer, the same intent-only movement leaves its event to other writers', async () => {
    expect(await statusWith(null)).toContain('at the table not through this cashier');
  });
});
