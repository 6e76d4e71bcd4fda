/** The venue's address (REST base with /v1, optional WebSocket base), or back to the built-in demo. */
import { useId, useState, type FormEvent } from 'react';
import type { SessionSnapshot, VenueBridge } from '../../preload/contract';
import { call } from '../bridge/call';
import { FreshDemo } from './FreshDemo';
import { CommandFeedback, useCommand } from '../shared/use-command';
import { useSettingsAuth } from './settings-auth';

export function VenueSection({ venue, snapshot }: { venue: VenueBridge; snapshot: SessionSnapshot }) {
  const [baseUrl, setBaseUrl] = useState(snapshot.settings.venueBaseUrl ?? '');
  const [wsUrl, setWsUrl] = useState(snapshot.settings.venueWsUrl ?? '');
  const { busy, error, notice, run } = useCommand();
  const auth = useSettingsAuth();
  const id = useId();
  // A key given at start-up stays bound to its address: the core refuses a change, so the form offers none.
  const fixed = snapshot.key.fromEnvironment;
  function submit(event: FormEvent) {
    event.preventDefault();
    void run(
      () =>
        call(
          venue.setVenueAddress({ baseUrl: baseUrl.trim(), wsUrl: wsUrl.trim() === '' ? null : wsUrl.trim() }, auth),
        ),
      () => 'Venue address saved; connecting.',
    );
  }
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Venue</h2>
      <p className="muted">
        {snapshot.venue.demo
          ? 'Running on the built-in demo venue.'
          : `Connected to ${snapshot.settings.venueBaseUrl ?? ''}`}
      </p>
      {fixed ? (
        <p className="muted" data-testid="venue-address-fixed">
          The key was given at start-up for this address, so the address cannot be changed here.
        </p>
      ) : (
        <p className="muted" data-testid="venue-address-warning">
          {snapshot.key.hasKey
            ? 'Changing the address (or going back to the demo) removes the venue key: ' +
              'you will enter it again for the new venue. '
            : ''}
          The address must use https (wss for the socket), unless the venue runs on this computer.
        </p>
      )}
      <form onSubmit={submit} className="stacked-form">
        <label htmlFor={`${id}-base`}>Venue address (REST base, ending in /v1)</label>
        <input
          id={`${id}-base`}
          disabled={fixed}
          value={baseUrl}
          placeholder="https://venue.example/v1"
          onChange={(event) => setBaseUrl(event.target.value)}
        />
        <label htmlFor={`${id}-ws`}>WebSocket address (optional)</label>
        <input
          id={`${id}-ws`}
          disabled={fixed}
          value={wsUrl}
          placeholder="wss://venue.example/v1"
          onChange={(event) => setWsUrl(event.target.value)}
        />
        <div className="form-actions">
          <button type="submit" disabled={busy || fixed}>
            Save venue address
          </button>
          {!snapshot.venue.demo && !fixed && (
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                void run(
                  () => call(venue.useDemoVenue(auth)),
                  () => 'Back on the demo venue.',
                )
              }
            >
              Use the demo venue
            </button>
          )}
        </div>
      </form>
      <CommandFeedback error={error} notice={notice} />
      {snapshot.venue.demo && <FreshDemo venue={venue} />}
    </section>
  );
}
