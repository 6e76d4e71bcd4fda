import { describe, expect, it } from 'vitest';
import { ScrubbedPushes, type Scrub, type SnapshotSource } from '../../../main/core/session/scrubbed-pushes';
import type { SessionSnapshot } from '../../../preload/contract';

/** A source whose pushes the test drives, counting its subscriptions. */
function fakeSource() {
  const listeners = new Set<(snapshot: SessionSnapshot) => void>();
  let current = { version: 1, epoch: 'e' } as SessionSnapshot;
  let subscriptions = 0;
  const source: SnapshotSource = {
    snapshot: () => current,
    subscribe(listener) {
      subscriptions += 1;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const push = (version: number) => {
    current = { version, epoch: 'e' } as SessionSnapshot;
    for (const listener of listeners) listener(current);
  };
  return { source, push, listening: () => listeners.size, subscriptions: () => subscriptions };
}

describe('ScrubbedPushes', () => {
  it('scrubs each push once however many windows and pages listen, and hands all of them the scrubbed one', () => {
    const { source, push, subscriptions } = fakeSource();
    const scrubbed: number[] = [];
    const scrub: Scrub = <T>(value: T): T => {
      scrubbed.push((value as SessionSnapshot).version);
      return { ...(value as SessionSnapshot), epoch: 'scrubbed' } as T;
    };
    const pushes = new ScrubbedPushes(source, scrub);
    const seen: string[] = [];
    for (const name of ['cashier', 'monitor', 'second tab'])
      pushes.subscribe((snapshot) => seen.push(`${name}:${snapshot.version}:${snapshot.epoch}`));
    push(2);
    push(3);
    expect(scrubbed).toEqual([2, 3]);
    expect(subscriptions()).toBe(1);
    expect(seen).toEqual([
      'cashier:2:scrubbed',
      'monitor:2:scrubbed',
      'second tab:2:scrubbed',
      'cashier:3:scrubbed',
      'monitor:3:scrubbed',
      'second tab:3:scrubbed',
    ]);
    expect(pushes.snapshot()).toEqual({ version: 3, epoch: 'scrubbed' });
  });

  it('listens to the source only while someone listens to it', () => {
    const { source, push, listening, subscriptions } = fakeSource();
    const pushes = new ScrubbedPushes(source, (value) => value);
    const seen: number[] = [];
    const stopFirst = pushes.subscribe((snapshot) => seen.push(snapshot.version));
    const stopSecond = pushes.subscribe(() => undefined);
    stopFirst();
    expect(listening()).toBe(1);
    push(2);
    stopSecond();
    expect(listening()).toBe(0);
    pushes.subscribe((snapshot) => seen.push(snapshot.version));
    push(3);
    expect(seen).toEqual([3]);
    expect(subscriptions()).toBe(2);
  });
});
