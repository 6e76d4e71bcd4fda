/**
 * Renderer entry, kept tiny on purpose: it opens the bridge and asks for the first snapshot at once, then loads the
 * screens (React and the app, mount.tsx) while that answer travels. On the web runtime the server has usually drawn
 * the table into #root already (first-paint/); otherwise the table's first paint waits for the slower of the two,
 * not for both in a row.
 */
import { connectVenue } from './bridge/connect';
import { SnapshotStore } from './shared/snapshot-store';
// The styles load with the page (a stylesheet link in index.html), not with the screens: the server's first paint
// (first-paint/) is styled before any script has run.
import './styles/base.css';
import './styles/table.css';
import './styles/cashier.css';
import './styles/paper.css';
import './styles/settings.css';
import './styles/monitor.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root');

const venue = connectVenue(window);
// React's flushSync arrives with the screens; until then nothing listens, so a plain call is the same.
let batch: (notify: () => void) => void = (notify) => notify();
const store = new SnapshotStore(venue, (notify) => batch(notify));
store.start();
const monitor = new URLSearchParams(window.location.search).get('view') === 'monitor';

/**
 * When the server drew the table already (first-paint/), the screens take over only once the first snapshot is here:
 * mounting earlier would replace that table with "Connecting…" for a moment. If no snapshot comes soon (the socket
 * was refused, the runtime is gone), they take over anyway, so a table that may be old never stays up unmarked.
 */
const PAINTED_WAIT_MS = 1500;

function firstSnapshotOrTimeout(): Promise<void> {
  if (store.getSnapshot() !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = store.subscribe(() => {
      stop();
      resolve();
    });
    window.setTimeout(resolve, PAINTED_WAIT_MS);
  });
}

/**
 * The screens could not load (the runtime was rebuilt or stopped after it served this page, the connection dropped):
 * the server's drawing would stay up, frozen and still saying LIVE, so it goes, and the page says what to do.
 */
const screensFailed = (): void => {
  delete container.dataset.firstPaint;
  const note = document.createElement('main');
  note.className = 'loading';
  note.setAttribute('role', 'alert');
  note.textContent = 'The app could not load. Reload the page.';
  container.replaceChildren(note);
};

/**
 * Resolves once the next frame has been drawn (rAF runs just before it; the timeout after it), or after 50 ms: a
 * hidden page gets no frames. Measured: loading the screens (React and the app, ~250 KB to fetch and compile) at once
 * held back Chromium's first paint of the drawn table by 50-70 ms (ui-latency bench).
 */
function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => window.setTimeout(resolve, 0));
    window.setTimeout(resolve, 50);
  });
}

const painted = container.dataset.firstPaint !== undefined;
// The drawn table is painted first; the socket and the first snapshot are already under way meanwhile.
const screensLoaded = painted ? afterNextFrame().then(() => import('./mount')) : import('./mount');
Promise.all([screensLoaded, painted ? firstSnapshotOrTimeout() : undefined])
  .then(([screens]) => {
    // Each publish renders synchronously, in the task that brought the push: the screen follows the venue at once.
    batch = screens.flushSync;
    screens.mount(container, { venue, store, monitor });
    // The app has replaced the drawn table (tests and tools wait for this mark to go).
    delete container.dataset.firstPaint;
  })
  .catch(screensFailed);
