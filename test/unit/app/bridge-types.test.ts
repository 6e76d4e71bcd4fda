/**
 * The bridge is typed where it is built (preload/contract/bridge.ts), with no cast to VenueBridge: each method is made
 * for its own channel and checked against it. The `@ts-expect-error` lines are the type-level half of this test: each
 * marks a wrong signature that `tsc -p tsconfig.json` (npm run typecheck) must refuse, and the typecheck fails if one
 * of them is ever accepted. The run-time half shows each method rides its own channel.
 */
import { describe, expect, it } from 'vitest';
import type { BridgeMethodOf, InvokeOutcome, SessionSnapshot, VenueBridge } from '../../../preload/contract';
import { createBridge, type BridgeTransport } from '../../../preload/contract/bridge';
import { bridgeChannels, type BridgeMethod } from '../../../preload/contract/channels';

function recordingTransport(): { transport: BridgeTransport; channels: string[] } {
  const channels: string[] = [];
  const transport: BridgeTransport = {
    invoke: async (channel) => {
      channels.push(channel);
      return { ok: true, value: null };
    },
    subscribe: () => () => undefined,
    onShowView: () => () => undefined,
  };
  return { transport, channels };
}

/** A method made the way bridge.ts makes one but handing back the transport's untyped outcome: refused. */
function untypedMethod<M extends BridgeMethod>(transport: BridgeTransport, method: M): BridgeMethodOf<M> {
  // @ts-expect-error the transport's outcome is InvokeOutcome<unknown>, not the outcome of this method's channel
  return (...args) => transport.invoke(bridgeChannels[method], args);
}

describe('the bridge against VenueBridge', () => {
  it('has one method per contract channel, each on its own channel, besides subscribe and onShowView', async () => {
    const { transport, channels } = recordingTransport();
    const bridge = createBridge(transport);
    const methods = Object.keys(bridgeChannels) as BridgeMethod[];
    expect(Object.keys(bridge).sort()).toEqual([...methods, 'onShowView', 'subscribe'].sort());
    for (const method of methods) {
      const invoke = bridge[method] as (...args: unknown[]) => Promise<InvokeOutcome<unknown>>;
      await invoke('an argument');
    }
    expect(channels).toEqual(methods.map((method) => bridgeChannels[method]));
  });

  it('refuses a method with the wrong arguments or result, and a bridge with a wrong or missing member', () => {
    const bridge = createBridge(recordingTransport().transport);
    // @ts-expect-error sendNow takes a movement id (a string), not a number
    const wrongArgument = () => bridge.sendNow(42);
    // @ts-expect-error a sendNow that takes a number is not the contract's sendNow
    const takesNumber: BridgeMethodOf<'sendNow'> = async (_id: number) => ({ ok: true, value: null });
    // @ts-expect-error getSnapshot answers a SessionSnapshot, not a number
    const wrongResult: BridgeMethodOf<'getSnapshot'> = async () => ({ ok: true, value: 42 });
    const wrongSubscribe: VenueBridge = {
      ...bridge,
      // @ts-expect-error a listener of numbers is not a snapshot listener
      subscribe: (listener: (snapshot: number) => void) => () => listener(0),
    };
    const { sendNow: _left, ...withoutSendNow } = bridge;
    // @ts-expect-error a bridge without sendNow is not a VenueBridge
    const missing: VenueBridge = withoutSendNow;
    const snapshotListener: Parameters<VenueBridge['subscribe']>[0] = (_snapshot: SessionSnapshot) => undefined;
    expect([
      untypedMethod,
      wrongArgument,
      takesNumber,
      wrongResult,
      wrongSubscribe,
      missing,
      snapshotListener,
    ]).toHaveLength(7);
  });
});
