/**
 * "Send again" is the only way a second key for the same money is minted, so two presses of it (two tabs, a
 * double-click) must mint one, whatever the other press or command does meanwhile.
 */
import { describe, expect, it } from 'vitest';
import { acceptedKey, harnessPerTest } from '../../support/cashier-harness';
import type { Harness } from '../../support/cashier-harness';
import { expectInDoubtNotApplied } from '../../support/in-doubt-not-applied';
import { runUntilSettled } from '../../support/run-until-settled';

const harness = harnessPerTest();

async function inDoubtNotApplied(h: Harness): Promise<string> {
  const key = await acceptedKey(h.cashier, { action: 'buy-in', playerName: 'Alice', amount: 10 });
  await expectInDoubtNotApplied(h, key);
  return key;
}

/** Keys the host heard, each once. */
const keysHeard = (h: Harness): string[] => [...new Set(h.host.keysSeen)];

describe('two "send again" presses for one movement', () => {
  it('in the same tick: one new key, the other press refused', async () => {
    const h = await harness({ faults: ['timeout-never'] });
    const key = await inDoubtNotApplied(h);
    const results = await runUntilSettled(
      h,
      Promise.all([h.cashier.resolveInDoubt(key, 'send-again'), h.cashier.resolveInDoubt(key, 'send-again')]),
      500,
    );
    expect(results.map((result) => result.ok).sort()).toEqual([false, true]);
    await h.runUntil(() => h.cashier.snapshot().movements.some((movement) => movement.state === 'applied'), 500);
    expect(h.cashier.snapshot().movements).toHaveLength(2);
    expect(keysHeard(h)).toHaveLength(2);
  });

  it('with "leave it" and "accept shown" pressed in the same tick: at most one new key', async () => {
    const h = await harness({ faults: ['timeout-never'] });
    const key = await inDoubtNotApplied(h);
    const presses = Promise.all([
      h.cashier.resolveInDoubt(key, 'send-again'),
      h.cashier.resolveInDoubt(key, 'leave'),
      h.cashier.resolveInDoubt(key, 'accept-shown'),
      h.cashier.resolveInDoubt(key, 'send-again'),
    ]);
    const results = await runUntilSettled(h, presses, 500);
    expect(results.filter((result, index) => result.ok && index % 3 === 0).length).toBeLessThanOrEqual(1);
    // "Accept shown" cannot settle it: the table shows it did not apply.
    expect(results[2]?.ok).toBe(false);
    await h.settle();
    expect(h.cashier.snapshot().movements.length).toBeLessThanOrEqual(2);
    expect(keysHeard(h).length).toBeLessThanOrEqual(2);
  });

  it('closed while the press reads the table: refused, nothing journaled, nothing sent later', async () => {
    const h = await harness({ faults: ['timeout-never'] });
    const key = await inDoubtNotApplied(h);
    const heard = keysHeard(h).length;
    const press = h.cashier.resolveInDoubt(key, 'send-again');
    const closing = h.cashier.close();
    const pressed = await runUntilSettled(h, press, 500);
    await closing;
    expect(pressed.ok).toBe(false);
    // A restart finds no replacement in the journal to link and send.
    await h.restart();
    await h.settle();
    expect(h.cashier.snapshot().movements.map((movement) => movement.key)).toEqual([key]);
    expect(keysHeard(h)).toHaveLength(heard);
  });
});
