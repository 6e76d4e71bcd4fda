/** What the page shows while it waits: for its first snapshot (the app), and for a screen loaded on first use. */
import { useEffect, useState } from 'react';

/** How long "connecting" may last before the page says what usually causes it. */
const LONG_CONNECT_MS = 4_000;

export function Loading() {
  const [long, setLong] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setLong(true), LONG_CONNECT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <main className="loading" aria-busy="true">
      Starting the cashier…
      {long && (
        <p role="note">
          Still not connected. A tab that was closed and opened again, or a runtime that was restarted, needs a new
          link: run <code>npm run web -- --link</code> (with the runtime&apos;s <code>--data-dir</code>) and open the
          address it prints. The desktop app reconnects by itself.
        </p>
      )}
    </main>
  );
}

export function ScreenLoading() {
  return (
    <main className="loading" aria-busy="true">
      Loading…
    </main>
  );
}
