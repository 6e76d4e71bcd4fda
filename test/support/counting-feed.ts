/**
 * A fake live feed that counts its subscribers and, like a socket still draining, keeps them through close: a test
 * then sees whether the venue connection let go of its feed itself (close alone clears nothing).
 */
import type { LiveView } from '../../main/core/venue/live-keeper';
import { FakeLiveFeed } from './web-fake-feed';

export class CountingFeed extends FakeLiveFeed {
  subscribed = 0;
  override subscribe(listener: (view: LiveView) => void): () => void {
    this.subscribed += 1;
    const stop = super.subscribe(listener);
    return () => {
      this.subscribed -= 1;
      stop();
    };
  }
  override async close(): Promise<void> {
    // A real socket may still deliver a message while it closes: the listeners are not cleared here.
  }
}
