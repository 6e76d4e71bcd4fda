import { describe, expect, it } from 'vitest';
import type { MovementDetail, MovementView } from '../../../preload/contract';
import {
  movementDetails,
  movementSentence,
  movementTone,
  refusalSentence,
} from '../../../renderer/cashier/movement-sentence';
import { commandRefusal } from '../../../renderer/cashier/command-refusal';
import { movementTitle } from '../../../renderer/cashier/movement-text';
import { VenueCommandError } from '../../../renderer/bridge/call';
import { NO_DETAIL, trayMovementFixture } from '../../support/tray-movement';

/** A refused 5000-chip cash-out of a 226-chip stack. */
function movement(overrides: Partial<MovementView> = {}, detail: Partial<MovementDetail> = {}): MovementView {
  return trayMovementFixture({
    id: 'mv-3f1c2a9e-1111-4222-8333-944455556666',
    amount: 5000,
    status: 'refused',
    reason: 'Refused: Stack 226 is less than 5000.',
    settledAt: 1,
    stackBefore: 226,
    detail: { ...NO_DETAIL, ...detail },
    ...overrides,
  });
}

const chips = { unit: 'chips', hideAmounts: false } as const;
/** What must never reach the main sentence: codes, statuses, network errors, references. */
const RAW = /[a-z]+_[a-z_]+|ECONN|\b[45]\d\d\b|mv-|bad_gateway/;

describe('the sentence a cashier acts on', () => {
  it('says how much can be cashed out when the stack is short', () => {
    const short = movement({}, { refusalCode: 'insufficient_stack', refusalMessage: 'Stack 226 is less than 5000.' });
    expect(movementSentence(short, chips)).toBe('Only 226 chips on the seat: cash out at most 226 chips.');
    expect(movementSentence(short, { unit: 'dollars', hideAmounts: false })).toBe(
      'Only $226.00 on the seat: cash out at most $226.00.',
    );
    // The venue hides money: no figure, still a sentence to act on.
    expect(movementSentence(short, { unit: 'chips', hideAmounts: true })).toMatch(/^Not enough chips on the seat/);
  });

  it('words every refusal the spec lists, the host reasons and an unknown one, without raw codes', () => {
    const codes = [
      'bad_body',
      'idempotency_key_required',
      'bad_player_name',
      'bad_amount',
      'hand_in_progress',
      'insufficient_stack',
      'unknown_player',
      'table_full',
      'stack_remaining',
      'nothing_to_cash_out',
      'refused',
      'venue_new_reason_2027',
    ];
    const sentences = codes.map((code) =>
      refusalSentence(movement({}, { refusalCode: code, refusalMessage: `${code}: the venue's words` }), chips),
    );
    for (const [index, sentence] of sentences.entries()) {
      expect(sentence, codes[index]).not.toMatch(RAW);
      expect(sentence.length, codes[index]).toBeGreaterThan(20);
    }
    // Each spec'd reason has its own words; only the unknown ones share the fallback.
    expect(new Set(sentences.slice(0, 10)).size).toBe(10);
    expect(sentences[10]).toBe(sentences[11]);
    expect(sentences[11]).toMatch(/nothing was applied/i);
  });

  it('says why a movement waits: host offline, unreachable venue, rate limit, hand in progress', () => {
    const waiting = (waitReason: string | null, status: MovementView['status'] = 'sending') =>
      movementSentence(movement({ status, reason: 'x' }, { waitReason, lastError: 'ECONNREFUSED' }), chips);
    expect(waiting('host_offline')).toMatch(/host is offline: nothing was sent yet/);
    expect(waiting('network-before-send')).toMatch(/cannot be reached: nothing was sent yet/);
    expect(waiting('rate_limited')).toMatch(/slow down/);
    expect(waiting(null, 'queued')).toMatch(/A hand is in progress/);
    expect(waiting('server_error')).toMatch(/answered with an error/);
    for (const reason of ['host_offline', 'network-before-send', 'network-unknown', 'rate_limited', 'in_progress'])
      expect(waiting(reason), reason).not.toMatch(RAW);
  });

  it('keeps the codes, statuses, errors and the reference one click away', () => {
    const failed = movement(
      { status: 'sending', reason: 'Not sent (ECONNREFUSED); retrying.' },
      { waitReason: 'network-before-send', lastError: 'ECONNREFUSED', lastStatus: null },
    );
    const rows = movementDetails(failed, false);
    expect(rows).toContainEqual({ label: 'Last error', value: 'ECONNREFUSED' });
    expect(rows).toContainEqual({ label: 'Reference', value: failed.id });
    const gateway = movementDetails(
      movement({ status: 'sending' }, { lastStatus: 502, lastError: 'bad_gateway' }),
      false,
    );
    expect(gateway).toContainEqual({ label: 'HTTP status', value: '502' });
    // With money hidden the venue's own words (which may quote amounts) stay out.
    const hidden = movementDetails(
      movement({}, { refusalCode: 'insufficient_stack', refusalMessage: 'Stack 226' }),
      true,
    );
    expect(hidden.map((row) => row.value).join(' ')).not.toMatch(/226/);
  });

  it('gives every state family its own tone', () => {
    const tones = (['applied', 'refused', 'in-doubt', 'queued', 'cancelled'] as const).map((status) =>
      movementTone({ status }),
    );
    expect(new Set(tones).size).toBe(5);
    expect(movementTone({ status: 'left-in-doubt' })).toBe('doubt');
    expect(movementTone({ status: 'with-host' })).toBe('pending');
    expect(movementTone({ status: 'withdrawn' })).toBe('withdrawn');
  });

  it('gives each exception its own tone, never an applied card’s', () => {
    const exceptions = [
      movementTone({ status: 'applied', bothApplied: true }),
      movementTone({ status: 'applied', misdirected: true }),
      movementTone({ status: 'in-doubt', counted: { state: 'asking', note: 'counted' } }),
      movementTone({ status: 'refused', counted: { state: 'contradicted', note: 'refused' } }),
    ];
    expect(exceptions).toEqual(['double', 'misdirected', 'counted', 'contradiction']);
    const plain = (['applied', 'refused', 'in-doubt', 'queued', 'cancelled'] as const).map((status) =>
      movementTone({ status }),
    );
    expect(new Set([...plain, ...exceptions]).size).toBe(9);
  });
});

describe('a refused command', () => {
  it('shows main’s sentence and keeps the code and any movement reference for the details', () => {
    const refused = commandRefusal(
      new VenueCommandError(
        'blocked',
        'Ava already has a buy-in that is queued (mv-3f1c2a9e-1111-4222-8333-944455556666); it must settle first.',
      ),
    );
    expect(refused.sentence).toBe('Ava already has a buy-in that is queued; it must settle first.');
    expect(refused.detail).toBe('code blocked · ref mv-3f1c2a9e-1111-4222-8333-944455556666');
    expect(commandRefusal(new VenueCommandError('blocked', 'No shift is open: open a shift first.'))).toEqual({
      sentence: 'No shift is open: open a shift first.',
      detail: 'code blocked',
    });
  });
});

describe('a tray title', () => {
  it("names the amount in the drawer's unit and a walk-in as such", () => {
    const walkIn = movement({ kind: 'buy_in', seatId: null, amount: 1250, status: 'applied' });
    expect(movementTitle(walkIn, 'dollars')).toBe('Buy in $1,250.00 · Ava Brennan (walk-in)');
    expect(movementTitle(walkIn, 'chips')).toBe('Buy in 1,250 chips · Ava Brennan (walk-in)');
    expect(movementTitle({ ...walkIn, seatId: 4 }, 'chips', true)).toBe('Buy in · Ava Brennan (seat 4)');
  });
});
