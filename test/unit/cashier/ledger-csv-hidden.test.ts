/**
 * The ledger CSV in the venue's `hidden` money mode carries no amount anywhere: not in the money columns (left out),
 * and not in the words beside them either. A movement the cashier settled on what the table showed keeps, as its
 * message, the evidence it was settled on ("buy_in 7319 (stack 1000 -> 8319)"): that sentence quotes amounts.
 */
import { describe, expect, it } from 'vitest';
import { ledgerCsv } from '../../../main/core/cashier';
import { T0, movementFixture } from '../../support/cashier-fixtures';

const settledOnEvidence = movementFixture({
  state: 'applied',
  amount: 7319,
  settlement: { at: T0 + 5, how: 'answered', body: null, refusal: null },
  message:
    "Applied (the cashier's decision on what the table showed): The table showed a buy-in for Alice: " +
    '7319 (stack 1000 -> 8319).',
});

describe('the ledger CSV in hidden mode', () => {
  it('quotes no amount in any column, the message included', () => {
    const csv = ledgerCsv([settledOnEvidence], { hideAmounts: true });
    expect(csv).toContain('Alice');
    expect(csv).not.toMatch(/7319|8319/);
  });

  it('keeps the message where amounts may be shown', () => {
    expect(ledgerCsv([settledOnEvidence], {})).toContain('stack 1000 -> 8319');
  });
});
