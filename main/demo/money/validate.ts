/**
 * The transaction routes' body rules, checked in the order the error codes are listed: the body itself, then the
 * idempotency key, then the player name, the amount and close_session. The demo's own reading of the spec, on
 * purpose independent of the client's.
 */
import type { MovementRequest } from '../engine/movements';
import { isWholeCents, toCents } from '../engine/cents';

export type MovementAction = 'buy-in' | 'cash-out';

export type TransactionBodyError = 'bad_body' | 'idempotency_key_required' | 'bad_player_name' | 'bad_amount';

export type ValidatedMovement =
  | { readonly ok: true; readonly idempotencyKey: string; readonly request: MovementRequest }
  | { readonly ok: false; readonly error: TransactionBodyError; readonly message: string };

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
const MAX_AMOUNT = 1_000_000;
const MAX_NAME = 64;

const fail = (error: TransactionBodyError, message: string): ValidatedMovement => ({ ok: false, error, message });

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function validateMovement(action: MovementAction, body: unknown): ValidatedMovement {
  if (!isPlainObject(body)) return fail('bad_body', 'The body must be a JSON object.');
  const key = body.idempotency_key;
  if (key === undefined || key === null) return fail('idempotency_key_required', 'idempotency_key is required.');
  // A key of the wrong shape is a malformed body, not a missing key.
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    return fail('bad_body', 'idempotency_key must be 8 to 128 characters from A-Z a-z 0-9 _ . : -');
  }
  const name = body.player_name;
  if (typeof name !== 'string' || name.trim().length === 0 || name.length > MAX_NAME) {
    return fail('bad_player_name', `player_name must be a non-blank string of at most ${MAX_NAME} characters.`);
  }
  const amount = body.amount;
  const amountGiven = amount !== undefined && amount !== null;
  if (action === 'buy-in' && !amountGiven) return fail('bad_amount', 'amount is required for a buy-in.');
  if (amountGiven && (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || amount > MAX_AMOUNT)) {
    return fail('bad_amount', `amount must be a JSON number above 0 and at most ${MAX_AMOUNT}.`);
  }
  if (amountGiven && !isWholeCents(amount as number))
    return fail('bad_amount', 'amount must be a whole number of cents.');
  const close = body.close_session;
  if (close !== undefined && close !== null) {
    if (action === 'buy-in') return fail('bad_body', 'close_session applies to cash-outs only.');
    if (typeof close !== 'boolean') return fail('bad_body', 'close_session must be a boolean.');
  }
  return {
    ok: true,
    idempotencyKey: key,
    request: {
      kind: action === 'buy-in' ? 'buy_in' : 'cash_out',
      playerName: name,
      amountCents: amountGiven ? toCents(amount as number) : null,
      closeSession: close === true,
    },
  };
}
