/**
 * An optional last argument left out by the UI never reaches main as null: over the web runtime's JSON socket
 * `[id, choice, undefined]` would become `[id, choice, null]`, which the channel's schema refuses.
 */
import { describe, expect, it } from 'vitest';
import { cashierChannels } from '../../../preload/contract/cashier';
import { createBridge } from '../../../preload/contract/bridge';

describe('the bridge and optional arguments', () => {
  it('sends no trailing undefined, so the args survive JSON and parse', async () => {
    const sent: unknown[][] = [];
    const bridge = createBridge({
      invoke: async (_channel, args) => {
        sent.push(JSON.parse(JSON.stringify(args)) as unknown[]);
        return { ok: true, value: null };
      },
      subscribe: () => () => undefined,
      onShowView: () => () => undefined,
    });
    await bridge.resolveInDoubt('mv-key-0001', 'leave', undefined);
    await bridge.cancelMovement('mv-key-0001', undefined);
    expect(sent).toEqual([['mv-key-0001', 'leave'], ['mv-key-0001']]);
    expect(cashierChannels['cashier:resolve-in-doubt'].args.safeParse(sent[0]).success).toBe(true);
    expect(cashierChannels['cashier:cancel'].args.safeParse(sent[1]).success).toBe(true);
    // What the bug sent: refused.
    expect(cashierChannels['cashier:cancel'].args.safeParse(['mv-key-0001', null]).success).toBe(false);
  });
});
