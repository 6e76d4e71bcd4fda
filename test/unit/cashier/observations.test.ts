/**
 * The cashier's live inputs are the venue's already-parsed values: a table view typed with its provenance, and a
 * transaction_applied payload as venue/schemas-live.ts parsed it. Nothing parses them again; a transaction becomes
 * the cashier's observation (money kinds only, absent fields null) and a view without provenance does not typecheck.
 */
import { describe, expect, it } from 'vitest';
import { transactionObservation } from '../../../main/core/cashier/observations';
import type { TableObservation } from '../../../main/core/cashier/types';
import { TransactionAppliedSchema } from '../../../main/core/venue/schemas-live';
import { NULL_TRANSACTION_FIELDS } from '../../support/null-transaction-fields';

/** The fields evidence reads, as the venue sent them (and as the observation keeps them). */
const fields = {
  kind: 'buy_in',
  seat_id: 3,
  player_id: 'p-3',
  name: 'Bo Lin',
  amount: 50,
  delta: 50,
  stack_before: 100,
  stack_after: 150,
  hand_number: 12,
  source: 'transaction',
} as const;
const payload = TransactionAppliedSchema.parse({ ...fields, session_id: 7, extra: 'ignored' });

describe('transactionObservation', () => {
  it('keeps exactly the fields evidence reads, stamped with when it was seen and the venue time', () => {
    expect(transactionObservation(payload, 1_000, 1_700_000_000)).toEqual({
      ...fields,
      session_id: '7',
      observedAt: 1_000,
      venueTs: 1_700_000_000,
    });
  });

  it('gives every absent field null, and no venue time when the frame had none', () => {
    expect(transactionObservation(TransactionAppliedSchema.parse({ kind: 'cash_out' }), 5)).toEqual({
      kind: 'cash_out',
      ...NULL_TRANSACTION_FIELDS,
      observedAt: 5,
      venueTs: null,
    });
  });

  it('drops a kind the spec does not name and a session id that is neither text nor a number', () => {
    expect(transactionObservation({ ...payload, kind: 'rake' }, 1)).toBeNull();
    expect(transactionObservation({ ...payload, session_id: { id: 7 } }, 1)).toBeNull();
    expect(transactionObservation({ ...payload, kind: 'adjustment', session_id: null }, 1)).toMatchObject({
      kind: 'adjustment',
      session_id: null,
    });
  });
});

describe('the table view the cashier takes', () => {
  it('must say where it came from and how old it is (by type: nothing checks it at run time)', () => {
    const seats = [{ seat_id: 1, player_id: 'p-1', name: 'Ava', stack: 100 }];
    const view: TableObservation = {
      source: 'state-frame',
      live: true,
      caughtUp: true,
      receivedAt: 1,
      venueTs: null,
      betweenHands: null,
      handNumber: null,
      seats,
    };
    // @ts-expect-error a view without its provenance (source, caughtUp, receivedAt) is not a TableObservation
    const bare: TableObservation = { live: true, venueTs: null, betweenHands: true, handNumber: 3, seats };
    expect([view.source, bare.seats]).toEqual(['state-frame', seats]);
  });
});
