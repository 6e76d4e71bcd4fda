/**
 * A cashier process for the crash matrix. Started ahead of time, it waits for its orders on stdin, then opens the
 * journal in `dataDir` (resuming every unfinished movement with its key), requests the plan's movements that the
 * journal does not hold yet, waits for all to settle, prints a summary line and exits 0. `killAt` makes it SIGKILL
 * itself at that phase of the first attempt that reaches it ('request-sent' waits `killDelayMs` first, so the
 * request is on the wire). It prints "ready" once recovery has finished (the parent uses it to time random kills).
 *
 * `killTarget` chooses whose attempt the kill waits for: 'first' (any movement), 'resend' (a movement sent again
 * under a new key), 'requeued' (a movement that went back to the queue on 409 hand_in_progress and leaves it again).
 * With `sendAgain`, the child watches the live table (stream and GET /live/state) and presses "send again" wherever
 * the cashier offers it, as a cashier would; it is done when every plan item applied or was refused, movements left
 * in doubt only because they were sent again.
 */
import { openCashier } from '../../main/core/cashier/index';
import type { CashierPhase } from '../../main/core/cashier/index';
import type { Cashier, Movement } from '../../main/core/cashier/index';
import { postTransaction } from '../../main/core/venue/transaction';
import { readLiveTable, streamedLiveTable } from './cashier-live-table';
import { movementRequestSchema } from '../../preload/contract/cashier';
import { openShiftArgs } from './shift-args';

interface PlanItem {
  readonly action: 'buy-in' | 'cash-out';
  readonly playerName: string;
  readonly amount: number;
}

/** A plan item's identity: its amounts are unique within a journal, so a journaled movement names its item. */
const itemId = (item: {
  readonly action: string;
  readonly playerName: string;
  readonly amount: number | null;
}): string => `${item.action}:${item.playerName}:${item.amount}`;

interface Orders {
  readonly dataDir: string;
  readonly baseUrl: string;
  readonly key: string;
  readonly plan: readonly PlanItem[];
  readonly killAt: CashierPhase | null;
  readonly killDelayMs: number;
  readonly killTarget?: 'first' | 'resend' | 'requeued';
  readonly sendAgain?: boolean;
}

/** The parent starts this process ahead of time; it waits here for its orders (one JSON line on stdin). */
async function readOrders(): Promise<Orders> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return JSON.parse(text) as Orders;
}

const {
  dataDir,
  baseUrl,
  key,
  plan,
  killAt,
  killDelayMs,
  killTarget = 'first',
  sendAgain = false,
} = await readOrders();

const die = (): void => {
  process.kill(process.pid, 'SIGKILL');
};

let opened: Cashier | null = null;
/** True while "send again" is being pressed. */
let pressing = false;

/** Whether a phase reached by this movement is the one the kill waits for. */
function isTarget(movementKey: string): boolean {
  if (killTarget === 'first') return true;
  const movement = opened?.snapshot().movements.find((candidate) => candidate.key === movementKey);
  // A movement's first record is written before memory has it: unknown while "send again" runs, it is the re-send.
  if (movement === undefined) return killTarget === 'resend' && pressing;
  if (killTarget === 'resend') return movement.replaces !== null;
  return movement.attempts.some((attempt) => attempt.errorCode === 'hand_in_progress');
}

const cashier = await openCashier({
  dataDir,
  transport: (action, request, signal) => postTransaction({ baseUrl, key, timeoutMs: 5_000 }, action, request, signal),
  ...(sendAgain ? { readTable: (signal: AbortSignal) => readLiveTable(baseUrl, key, signal) } : {}),
  config: { retry: { baseMs: 5, maxMs: 40 }, queuedRetryMs: 20 },
  onPhase: (phase, movementKey) => {
    if (phase !== killAt || !isTarget(movementKey)) return;
    if (phase === 'request-sent') setTimeout(die, killDelayMs);
    else die();
  },
});
opened = cashier;
// Money moves only inside a shift, and nothing opens one by itself: the first run opens it, restarts find it open.
if (cashier.snapshot().shifts.all.length === 0) await cashier.openShift(...openShiftArgs(0, 'Test cashier'));
/** A cashier's live view: the table as a caught-up state frame, refreshed while the child runs. */
async function watchTable(): Promise<void> {
  const table = await streamedLiveTable(baseUrl, key);
  // The stand-in keeper's heartbeat: this test venue has no other writer and the stand-in reads it every 15 ms, so it
  // vouches for an unbroken stream since before any intent (as a real keeper's complete replay after a restart would).
  cashier.observeStream({ unbrokenSince: 0, deliveredThrough: Date.now() });
  cashier.observeTable(table);
}
const tableTimer = sendAgain ? setInterval(() => void watchTable().catch(() => undefined), 15) : null;
if (sendAgain) await watchTable();
await cashier.whenReady();
process.stdout.write('ready\n');
const known = new Set(cashier.snapshot().movements.map(itemId));
const asRequest = (item: PlanItem) =>
  movementRequestSchema.parse({
    kind: item.action === 'buy-in' ? 'buy_in' : 'cash_out',
    seatId: 1,
    playerName: item.playerName,
    playerId: null,
    amount: item.amount,
    closeSession: false,
  });
for (const item of plan) {
  if (known.has(itemId(item))) continue;
  let result = await cashier.request(asRequest(item));
  if (result.kind === 'blocked') {
    // One unsettled movement per player: let the resumed one settle first.
    await Promise.all(cashier.snapshot().movements.map((movement) => cashier.whenSettled(movement.key)));
    result = await cashier.request(asRequest(item));
  }
  if (result.kind !== 'accepted') throw new Error(`plan item ${itemId(item)} not accepted: ${JSON.stringify(result)}`);
}
/** Settled, or left in doubt only because it was sent again (its own key is polled for as long as it takes). */
const finished = (movement: Movement): boolean =>
  ['applied', 'refused', 'cancelled'].includes(movement.state) ||
  (movement.state === 'in-doubt' && movement.replacedBy !== null);
if (sendAgain) {
  while (!cashier.snapshot().movements.every(finished)) {
    for (const movement of cashier.snapshot().movements) {
      if (movement.sendAgainBlockedBy !== null) continue;
      pressing = true;
      await cashier.resolveInDoubt(movement.key, 'send-again').finally(() => {
        pressing = false;
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
} else {
  await Promise.all(cashier.snapshot().movements.map((movement) => cashier.whenSettled(movement.key)));
}
if (tableTimer !== null) clearInterval(tableTimer);
const states = cashier.snapshot().movements.map((movement) => movement.state);
await cashier.close();
process.stdout.write(`done ${JSON.stringify(states)}\n`);
