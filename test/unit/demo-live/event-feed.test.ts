// The replay window's bookkeeping: complete and reset exactly as the spec's envelope rules read.
import { describe, expect, it } from 'vitest';
import { EventFeed } from '../../../main/demo/live/event-feed';

const feedWith = (window: number, count: number): EventFeed => {
  const feed = new EventFeed(window, () => 1_790_000_000_000);
  for (let i = 0; i < count; i += 1) feed.publish('tick', { i });
  return feed;
};

describe('event feed', () => {
  it('numbers events 1, 2, 3 ... and stamps ts in Unix seconds', () => {
    const feed = feedWith(10, 3);
    const { events } = feed.catchup(0);
    expect(events.map((event) => event.seq)).toEqual([1, 2, 3]);
    expect(events[0]?.ts).toBe(1_790_000_000);
  });

  it('complete is true for any cursor from oldest_seq - 1 to newest_seq', () => {
    const feed = feedWith(5, 12);
    for (const cursor of [7, 9, 12]) {
      const { envelope, events } = feed.catchup(cursor);
      expect(envelope).toMatchObject({ complete: true, reset: false, oldest_seq: 8, newest_seq: 12, window: 5 });
      expect(events.map((event) => event.seq)).toEqual(
        Array.from({ length: 12 - cursor }, (_, index) => cursor + 1 + index),
      );
    }
  });

  it('complete is false once an event after the cursor was evicted by the window', () => {
    const { envelope, events } = feedWith(5, 12).catchup(6);
    expect(envelope).toMatchObject({ complete: false, reset: false, count: 5 });
    expect(events[0]?.seq).toBe(8);
  });

  it('an emptied buffer proves nothing: complete false even for the newest cursor', () => {
    const feed = feedWith(5, 4);
    feed.evict();
    expect(feed.catchup(4).envelope).toMatchObject({ complete: false, count: 0, oldest_seq: null, newest_seq: null });
    feed.publish('tick', {});
    expect(feed.catchup(4).envelope).toMatchObject({ complete: true, count: 1, oldest_seq: 5 });
    expect(feed.catchup(3).envelope.complete).toBe(false);
  });

  it('a cursor beyond this run after a restart is a previous run: reset true, the whole window replayed', () => {
    const feed = feedWith(100, 50);
    feed.restart();
    feed.publish('tick', {});
    feed.publish('tick', {});
    const { envelope, events } = feed.catchup(40);
    expect(envelope).toMatchObject({ reset: true, complete: false, count: 2, oldest_seq: 1, newest_seq: 2 });
    expect(events.map((event) => event.seq)).toEqual([1, 2]);
  });

  it('a fresh run with nothing published is complete for cursor 0', () => {
    expect(feedWith(10, 0).catchup(0).envelope).toMatchObject({ complete: true, reset: false, count: 0 });
  });
});
