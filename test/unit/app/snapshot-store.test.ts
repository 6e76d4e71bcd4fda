import { describe, expect, it } from 'vitest';
import type { InvokeOutcome, SessionSnapshot, VenueBridge } from '../../../preload/contract';
import { SnapshotStore } from '../../../renderer/shared/snapshot-store';

function snapshot(version: number, epoch = 'a'): SessionSnapshot {
  return { version, epoch } as SessionSnapshot;
}

/** A bridge whose pushes the test drives; getSnapshot answers when the test says. */
function fakeBridge() {
  let push: (value: SessionSnapshot) => void = () => undefined;
  let answer: (outcome: InvokeOutcome<SessionSnapshot>) => void = () => undefined;
  const bridge = {
    subscribe(listener: (value: SessionSnapshot) => void) {
      push = listener;
      return () => undefined;
    },
    getSnapshot: () => new Promise<InvokeOutcome<SessionSnapshot>>((resolve) => (answer = resolve)),
  } as unknown as VenueBridge;
  return {
    bridge,
    push: (value: SessionSnapshot) => push(value),
    answer: (value: SessionSnapshot) => answer({ ok: true, value }),
  };
}

describe('SnapshotStore', () => {
  it('publishes every push the moment it arrives, in order, ending on the newest (main paces, not the page)', () => {
    const { bridge, push } = fakeBridge();
    const store = new SnapshotStore(bridge);
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.getSnapshot()?.version ?? -1));
    store.start();
    push(snapshot(1));
    expect(seen).toEqual([1]);
    push(snapshot(2));
    push(snapshot(3));
    expect(seen).toEqual([1, 2, 3]);
    push(snapshot(3));
    expect(seen).toEqual([1, 2, 3]);
    expect(store.loaded().version).toBe(3);
  });

  it("runs each publish's listeners together in one batch (the page passes React's flushSync)", () => {
    const { bridge, push } = fakeBridge();
    const batches: string[][] = [];
    const store = new SnapshotStore(bridge, (notify) => {
      batches.push([]);
      notify();
    });
    store.subscribe(() => batches.at(-1)?.push(`a${store.loaded().version}`));
    store.subscribe(() => batches.at(-1)?.push(`b${store.loaded().version}`));
    store.start();
    push(snapshot(1));
    push(snapshot(2));
    expect(batches).toEqual([
      ['a1', 'b1'],
      ['a2', 'b2'],
    ]);
  });

  it('drops an older version (the first invoke answered after a push) but takes a new epoch', async () => {
    const { bridge, push, answer } = fakeBridge();
    const store = new SnapshotStore(bridge);
    store.start();
    push(snapshot(5));
    answer(snapshot(4));
    await Promise.resolve();
    expect(store.getSnapshot()?.version).toBe(5);
    const restarted = new SnapshotStore(bridge);
    restarted.start();
    push(snapshot(9, 'a'));
    push(snapshot(1, 'b'));
    expect(restarted.getSnapshot()).toEqual(snapshot(1, 'b'));
  });
});

describe('SnapshotStore sharing', () => {
  it('publishes an isolated push at once and keeps unchanged sections identical across pushes', () => {
    const { bridge, push } = fakeBridge();
    const store = new SnapshotStore(bridge);
    store.start();
    const table = { pot: 1 };
    const cashier = { tray: [{ id: 'mv-1', status: 'applied' }] };
    push({ version: 1, epoch: 'a', table, cashier } as unknown as SessionSnapshot);
    const first = store.getSnapshot();
    push(JSON.parse(JSON.stringify({ version: 2, epoch: 'a', table: { pot: 2 }, cashier })) as SessionSnapshot);
    const second = store.getSnapshot();
    expect(second?.version).toBe(2);
    expect(second?.table).toEqual({ pot: 2 });
    expect(second?.cashier).toBe(first?.cashier);
  });
});
