/**
 * A cashier process for the crash matrix. Started ahead of time, it waits for its orders on stdin, then opens the
 * journal in `dataDir` (resuming every unfinished movement with its key), requests the plan's movements that the
 * journal does not hold yet, waits for all to settle, prints a summary line and exits 0. `killAt` makes it SIGKILL
 * itself at that phase of the first attempt that reaches it ('request-sent' waits `killDelayMs` first, so the
 * request is on the wire). It prints "ready" once recovery has finished (the parent uses it to time random kills).
 */
import { openCashier } from '../../main/core/cashier/index';
import type { CashierPhase } from '../../main/core/cashier/index';
import { postTransaction } from '../../main/core/venue/transaction';

interface PlanItem {
  readonly action: 'buy-in' | 'cash-out';
  readonly playerName: string;
  readonly amount: number;
}

/** A plan item's identity: its amounts are unique within a journal, so a journaled movement names its item. */
const itemId = (item: { readonly action: string; readonly playerName: string; readonly amount: number | null }): string => `${item.action}:${item.playerName}:${item.amount}`;

interface Orders {
  readonly dataDir: string;
  readonly baseUrl: string;
  readonly key: string;
  readonly plan: readonly PlanItem[];
  readonly killAt: CashierPhase | null;
  readonly killDelayMs: number;
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

const { dataDir, baseUrl, key, plan, killAt, killDelayMs } = await readOrders();

const die = (): void => {
  process.kill(process.pid, 'SIGKILL');
};

const cashier = await openCashier({
  dataDir,
  transport: (action, request, signal) => postTransaction({ baseUrl, key, timeoutMs: 5_000 }, action, request, signal),
  config: { retry: { baseMs: 5, maxMs: 40 }, queuedRetryMs: 20 },
  onPhase: (phase) => {
    if (phase !== killAt) return;
    if (phase === 'request-sent') setTimeout(die, killDelayMs);
    else die();
  },
});
await cashier.whenReady();
process.stdout.write('ready\n');
const known = new Set(cashier.snapshot().movements.map(itemId));
const asRequest = (item: PlanItem) => ({ kind: item.action === 'buy-in' ? 'buy_in' as const : 'cash_out' as const, seatId: 1, playerName: item.playerName, playerId: null, amount: item.amount, closeSession: false });
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
await Promise.all(cashier.snapshot().movements.map((movement) => cashier.whenSettled(movement.key)));
const states = cashier.snapshot().movements.map((movement) => movement.state);
await cashier.close();
process.stdout.write(`done ${JSON.stringify(states)}\n`);
