/**
 * "Start a fresh demo venue": the built-in demo keeps its venue, shifts and movements across restarts; this forgets
 * them (the core wipes the demo's state and journal together) after the cashier confirms.
 */
import { useState } from 'react';
import type { VenueBridge } from '../../preload/contract';
import { call } from '../bridge/call';
import { useSettingsAuth } from './settings-auth';
import { CommandFeedback, useCommand } from '../shared/use-command';

export function FreshDemo({ venue }: { venue: VenueBridge }) {
  const [asking, setAsking] = useState(false);
  const { busy, error, notice, run } = useCommand();
  // Forgetting the demo's shifts and movements is the venue's control: who authorizes Settings' changes signs it.
  const auth = useSettingsAuth();
  return (
    <div className="fresh-demo">
      <p className="muted">
        The demo venue is kept in the data folder: after a restart its table, shifts and movements are still here.
      </p>
      {asking ? (
        <div role="group" aria-label="Confirm a fresh demo venue">
          <p data-testid="fresh-demo-warning">
            A fresh demo venue forgets this one: its table, every shift and every movement of the demo. Nothing of a
            real venue is touched.
          </p>
          <div className="form-actions">
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                void run(
                  () => call(venue.startFreshDemo(auth)),
                  () => 'A fresh demo venue is running.',
                ).then(() => setAsking(false))
              }
            >
              Forget this demo and start fresh
            </button>
            <button type="button" disabled={busy} onClick={() => setAsking(false)}>
              Keep this demo
            </button>
          </div>
        </div>
      ) : (
        <div className="form-actions">
          <button type="button" disabled={busy} onClick={() => setAsking(true)}>
            Start a fresh demo venue
          </button>
        </div>
      )}
      <CommandFeedback error={error} notice={notice} />
    </div>
  );
}
