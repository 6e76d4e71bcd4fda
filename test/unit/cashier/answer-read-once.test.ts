/**
 * The venue's answer to a movement is read once, at the edge (`venue/transaction-answer.ts`), and the sender and the
 * retry table both decide from that reading. A real cashier sends through the real transport (`postTransaction`) to
 * a fake venue that gives each kind of answer the spec names, plus a malformed body and the nulls a host may send;
 * every response the venue gives is read exactly once by the one reader, and the movement ends where the spec's
 * money-movement table says (so the reading is the one the decision used).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openCashier, type Cashier, type MovementState } from '../../../main/core/cashier/index';
import { readTransactionAnswer } from '../../../main/core/venue/transaction-answer';
import type * as AnswerModule from '../../../main/core/venue/transaction-answer';
import { postTransaction, type TransactionAction } from '../../../main/core/venue/transaction';
import { harnessPerTest, reopenOptions, SIM_PLAYERS, type Harness } from '../../support/cashier-harness';
import { pumpUntil } from '../../support/cashier-clock';

vi.mock('../../../main/core/venue/transaction-answer', async (importOriginal) => {
  const actual = await importOriginal<typeof AnswerModule>();
  return { ...actual, readTransactionAnswer: vi.fn(actual.readTransactionAnswer) };
});

const reader = vi.mocked(readTransactionAnswer);
const alice = SIM_PLAYERS.find((player) => player.name === 'Alice');
if (alice === undefined) throw new Error('the harness seats Alice');
const harness = harnessPerTest();

interface VenueAnswer {
  readonly name: string;
  readonly status: number;
  /** The body as the venue sends it (a string is sent as it is: not JSON). */
  readonly body: unknown;
  readonly state: MovementState;
  readonly replay?: boolean;
}

const ANSWERS: readonly VenueAnswer[] = [
  {
    name: 'the host applied it',
    status: 200,
    body: { ok: true, player_name: alice.name, player_id: alice.id, seat_id: alice.seat, amount: 5, stack_before: 100 },
    state: 'applied',
  },
  {
    name: 'the host applied it, every optional field null',
    status: 200,
    body: { ok: true, player_name: null, player_id: null, seat_id: null, amount: null, stack_before: null },
    state: 'applied',
  },
  { name: "the host's stored answer, replayed", status: 200, body: { ok: true }, state: 'applied', replay: true },
  {
    name: 'the host refused it',
    status: 200,
    body: { ok: false, reason: 'unknown_player', message: 'Nobody of that name.' },
    state: 'refused',
  },
  { name: 'a 200 that is an HTML page', status: 200, body: '<html><body>Log in</body></html>', state: 'sending' },
  { name: 'a 200 whose body is null', status: 200, body: null, state: 'sending' },
  { name: 'a 200 whose body is an array', status: 200, body: [{ ok: true }], state: 'sending' },
  { name: 'a 400 bad_amount', status: 400, body: { error: 'bad_amount' }, state: 'refused' },
  { name: 'a 401', status: 401, body: { error: 'unauthorized' }, state: 'queued' },
  { name: 'a 409 hand_in_progress', status: 409, body: { error: 'hand_in_progress' }, state: 'queued' },
  { name: 'a 409 in_progress', status: 409, body: { error: 'in_progress' }, state: 'with-host' },
  { name: 'a 409 outcome_unknown', status: 409, body: { error: 'outcome_unknown' }, state: 'in-doubt' },
  { name: 'a 409 without a code', status: 409, body: 'conflict', state: 'sending' },
  { name: 'a 409 whose code names an object member', status: 409, body: { error: 'constructor' }, state: 'sending' },
  { name: 'a 429 with its hint', status: 429, body: { error: 'rate_limited', retry_after_sec: 30 }, state: 'sending' },
  {
    name: 'a 429 whose hint is null',
    status: 429,
    body: { error: 'rate_limited', retry_after_sec: null },
    state: 'sending',
  },
  { name: 'a 503 host_offline', status: 503, body: { error: 'host_offline' }, state: 'sending' },
  { name: 'a 504 host_timeout', status: 504, body: { error: 'host_timeout' }, state: 'with-host' },
  { name: 'a 500', status: 500, body: { error: 'internal' }, state: 'sending' },
  { name: 'a status the spec does not name', status: 418, body: {}, state: 'sending' },
];

/** A venue that gives `answer` to every POST /transactions/*, counting them. */
function fakeVenue(answer: VenueAnswer): { readonly fetchImpl: typeof fetch; readonly served: () => number } {
  let served = 0;
  const fetchImpl: typeof fetch = async () => {
    served += 1;
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    const headers = answer.replay === true ? { 'Idempotent-Replay': 'true' } : undefined;
    return new Response(text, { status: answer.status, headers });
  };
  return { fetchImpl, served: () => served };
}

/** Reopens the harness's cashier sending through the real transport to `fetchImpl`. */
async function overTheWire(h: Harness, fetchImpl: typeof fetch): Promise<Cashier> {
  await h.cashier.close();
  const cashier = await openCashier({
    ...reopenOptions(h),
    transport: (action: TransactionAction, request, signal) =>
      postTransaction({ baseUrl: 'http://venue.test', key: 'k'.repeat(32), fetchImpl }, action, request, signal),
  });
  h.cashier = cashier;
  cashier.observeStream(h.host.coverage());
  cashier.observeTable(h.host.pushView());
  let ready = false;
  void cashier.whenReady().then(() => (ready = true));
  await pumpUntil(h, () => ready, 5);
  return cashier;
}

describe("the venue's answer to a movement", () => {
  beforeEach(() => reader.mockClear());
  afterEach(() => reader.mockClear());

  it.each(ANSWERS)('is read once per response: $name', async (answer) => {
    const h = await harness();
    const venue = fakeVenue(answer);
    await overTheWire(h, venue.fetchImpl);
    reader.mockClear();
    const result = await h.request({ action: 'buy-in', playerName: alice.name, amount: 5 });
    if (result.kind !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(result)}`);
    const key = result.movement.key;
    expect(await h.runUntil(() => h.movement(key).attempts.length > 0 && !h.cashier.isBusy(), 200)).toBe(true);
    await h.settle();
    expect(venue.served()).toBeGreaterThan(0);
    expect(reader).toHaveBeenCalledTimes(venue.served());
    expect(h.movement(key).state).toBe(answer.state);
    expect(h.movement(key).flags).not.toContain('misdirected');
  });
});
