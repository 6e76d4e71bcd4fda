/**
 * Renderer entry, kept tiny on purpose: it opens the bridge and asks for the first snapshot at once, then loads the
 * screens (React and the app, mount.tsx) while that answer travels. The table's first paint then waits for the
 * slower of the two, not for both in a row.
 */
import { connectVenue } from './bridge/connect';
import { SnapshotStore } from './shared/snapshot-store';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root');

const venue = connectVenue(window);
// React's flushSync arrives with the screens; until then nothing listens, so a plain call is the same.
let batch: (notify: () => void) => void = (notify) => notify();
const store = new SnapshotStore(venue, { batch: (notify) => batch(notify) });
store.start();
const monitor = new URLSearchParams(window.location.search).get('view') === 'monitor';

void import('./mount').then((screens) => {
  // Each publish renders synchronously, in the task that brought the push: the screen follows the venue at once.
  batch = screens.flushSync;
  screens.mount(container, { venue, store, monitor });
});
