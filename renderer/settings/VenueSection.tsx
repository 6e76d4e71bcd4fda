/**
 * The venue's address (REST base with /v1, optional WebSocket base) with its key, or back to the built-in demo. A new
 * address is checked with its key by the core before anything changes; where a shift is open or movements are
 * unsettled the core asks first, and this form puts its question to the operator and sends the answer.
 */
import { useId, useState, type FormEvent } from 'react';
import type { InvokeOutcome, SessionSnapshot, VenueBridge } from '../../preload/contract';
import { call, VenueCommandError } from '../bridge/call';
import { FreshDemo } from './FreshDemo';
import { CommandFeedback, useCommand } from '../shared/use-command';
import { useSettingsAuth } from './settings-auth';
import { venueStatusWords } from './venue-status';

/** The core's refusal that carries its question (main/core/session/venue-switch.ts). */
const LEAVE_QUESTION_CODE = 'confirm_leave';

/** A change waiting for the operator's answer: the question in the core's words, and how to send it again. */
interface Asked {
  readonly words: string;
  readonly send: (leave?: true) => Promise<InvokeOutcome<null>>;
  readonly done: string;
}

/** Asks the operator the core's question before a venue change; "Stay" changes nothing. */
function LeaveQuestion({ asked, busy, onAnswer }: { asked: Asked; busy: boolean; onAnswer: (go: boolean) => void }) {
  return (
    <div role="group" aria-label="Change the venue?" className="warning-box">
      <p data-testid="venue-leave-question">{asked.words}</p>
      <div className="form-actions">
        <button type="button" disabled={busy} onClick={() => onAnswer(true)}>
          Change the venue
        </button>
        <button type="button" disabled={busy} onClick={() => onAnswer(false)}>
          Stay on this venue
        </button>
      </div>
    </div>
  );
}

/** What is true of the venue now, and how a change of address goes (or why it cannot be made here). */
function VenueStatusLines({ snapshot, fixed }: { snapshot: SessionSnapshot; fixed: boolean }) {
  return (
    <>
      <p className="muted" data-testid="venue-status">
        {venueStatusWords(
          snapshot.venue.demo ? null : snapshot.settings.venueBaseUrl,
          snapshot.connection,
          snapshot.key.hasKey,
        )}
      </p>
      {fixed ? (
        <p className="muted" data-testid="venue-address-fixed">
          The key was given at start-up for this address, so the address cannot be changed here.
        </p>
      ) : (
        <p className="muted" data-testid="venue-address-warning">
          A new address is changed only after that venue accepts its key: until then you stay on this venue, with its
          key and its shift. The address must use https (wss for the socket), unless the venue runs on this computer.
        </p>
      )}
    </>
  );
}

export function VenueSection({ venue, snapshot }: { venue: VenueBridge; snapshot: SessionSnapshot }) {
  const [baseUrl, setBaseUrl] = useState(snapshot.settings.venueBaseUrl ?? '');
  const [wsUrl, setWsUrl] = useState(snapshot.settings.venueWsUrl ?? '');
  const [key, setKey] = useState('');
  const [asked, setAsked] = useState<Asked | null>(null);
  const { busy, error, notice, run } = useCommand();
  const auth = useSettingsAuth();
  const id = useId();
  // A key given at start-up stays bound to its address: the core refuses a change, so the form offers none.
  const fixed = snapshot.key.fromEnvironment;
  // Either address differing is another venue (another path may be another venue): its key comes with it.
  const moving =
    baseUrl.trim() !== (snapshot.settings.venueBaseUrl ?? '') || wsUrl.trim() !== (snapshot.settings.venueWsUrl ?? '');

  /** Sends a change; the core's question is put to the operator instead of shown as an error. */
  async function change(send: Asked['send'], done: string, leave?: true) {
    setAsked(null);
    await run(
      async () => {
        try {
          return await call(send(leave));
        } catch (failure) {
          if (!(failure instanceof VenueCommandError) || failure.code !== LEAVE_QUESTION_CODE) throw failure;
          setAsked({ words: failure.message, send, done });
          return undefined;
        }
      },
      (value) => {
        if (value === undefined) return null;
        setKey('');
        return done;
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const entered = key.trim();
    const address = { baseUrl: baseUrl.trim(), wsUrl: wsUrl.trim() === '' ? null : wsUrl.trim() };
    void change(
      (leave) =>
        venue.setVenueAddress(
          { ...address, ...(entered === '' ? {} : { key: entered }), ...(leave ? { leaveOpenWork: leave } : {}) },
          auth,
        ),
      moving ? `The venue at ${address.baseUrl} accepted the key; connecting to it.` : 'Connecting again.',
    );
  }

  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Venue</h2>
      <VenueStatusLines snapshot={snapshot} fixed={fixed} />
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
        <label htmlFor={`${id}-key`}>The key for this venue</label>
        <input
          id={`${id}-key`}
          type="password"
          autoComplete="off"
          disabled={fixed}
          value={key}
          onChange={(event) => setKey(event.target.value)}
        />
        <div className="form-actions">
          <button type="submit" disabled={busy || fixed || baseUrl.trim() === '' || (moving && key.trim() === '')}>
            {moving ? 'Check and change the venue' : 'Connect again'}
          </button>
          {!snapshot.venue.demo && !fixed && (
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                void change(
                  (leave) => venue.useDemoVenue(auth ?? null, leave ? { leaveOpenWork: leave } : undefined),
                  'Back on the demo venue.',
                )
              }
            >
              Use the demo venue
            </button>
          )}
        </div>
      </form>
      {asked !== null && (
        <LeaveQuestion
          asked={asked}
          busy={busy}
          onAnswer={(go) => (go ? void change(asked.send, asked.done, true) : setAsked(null))}
        />
      )}
      <CommandFeedback error={error} notice={notice} />
      {snapshot.venue.demo && <FreshDemo venue={venue} />}
    </section>
  );
}
