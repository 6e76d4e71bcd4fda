/** The venue key: entry (write-only: the key never comes back to the page), check with GET /key, removal. */
import { useId, useState, type FormEvent } from 'react';
import type { KeyView, SessionSnapshot, VenueBridge } from '../../preload/contract';
import { WEAK_STORAGE_WARNING } from '../../preload/contract/key-storage';
import { call } from '../bridge/call';
import { CommandFeedback, useCommand } from '../shared/use-command';
import { useSettingsAuth } from './settings-auth';
import { ErrorLine } from '../shared/ErrorLine';

const storageWords: Record<NonNullable<KeyView['storage']>, string> = {
  encrypted: 'It is saved encrypted by this computer’s keyring.',
  'memory-only': 'It is kept in memory only, until the app quits.',
  'weak-accepted': 'It is saved with weak protection (accepted after the keyring warning).',
};

/** How the key is kept, and the explicit choice to save it with weak protection when the keyring is missing. */
function KeyStorageNotice({
  keyView,
  busy,
  onAcceptWeak,
}: {
  keyView: KeyView;
  busy: boolean;
  onAcceptWeak: () => void;
}) {
  return (
    <>
      {keyView.hasKey && keyView.storage !== null && <p data-testid="key-storage">{storageWords[keyView.storage]}</p>}
      <ErrorLine error={keyView.problem} />
      {keyView.persistRefused === 'encryption-unavailable' && (
        <p className="warning-box">
          Encryption is not available on this computer, so the key is not saved: enter it again after a restart.
        </p>
      )}
      {keyView.persistRefused === 'weak-backend' && (
        <div className="warning-box" role="alert" aria-label="Weak key storage">
          <p>{WEAK_STORAGE_WARNING}</p>
          <button type="button" className="danger" disabled={busy} onClick={onAcceptWeak}>
            Store the key with weak protection
          </button>
        </div>
      )}
    </>
  );
}

export function KeySection({ venue, snapshot }: { venue: VenueBridge; snapshot: SessionSnapshot }) {
  const [draft, setDraft] = useState('');
  const { busy, error, notice, run } = useCommand();
  const auth = useSettingsAuth();
  const id = useId();
  const key = snapshot.key;
  function submit(event: FormEvent) {
    event.preventDefault();
    const entered = draft.trim();
    setDraft('');
    void run(
      () => call(venue.setKey(entered, auth)),
      (check) => `Key accepted for venue ${check.venue} (kid ${check.kid}).`,
    );
  }
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Venue key</h2>
      <p data-testid="key-status">
        {key.hasKey
          ? `A key is set for venue ${key.venue ?? 'unknown'} (kid ${key.kid ?? 'unknown'}).`
          : 'No key is set.'}
        {key.fromEnvironment ? ' It was given at start-up and cannot be changed here.' : ''}
      </p>
      <KeyStorageNotice
        keyView={key}
        busy={busy}
        onAcceptWeak={() =>
          void run(
            () => call(venue.acceptWeakKeyStorage({ acceptWeakStorage: true })),
            () => 'The key is saved with weak protection.',
          )
        }
      />
      {!key.fromEnvironment && (
        <form onSubmit={submit} className="stacked-form">
          <label htmlFor={`${id}-key`}>New venue key</label>
          <input
            id={`${id}-key`}
            type="password"
            autoComplete="off"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" disabled={busy || draft.trim() === ''}>
            Save key
          </button>
        </form>
      )}
      <div className="form-actions">
        <button
          type="button"
          disabled={busy || !key.hasKey}
          onClick={() =>
            void run(
              () => call(venue.checkKey()),
              (check) =>
                `Key works: venue ${check.venue}, kid ${check.kid}, ${check.live ? 'host live' : 'host offline'}.`,
            )
          }
        >
          Check key
        </button>
        {!key.fromEnvironment && (
          <button
            type="button"
            disabled={busy || !key.hasKey}
            onClick={() =>
              void run(
                () => call(venue.removeKey(auth)),
                () => 'Key removed.',
              )
            }
          >
            Remove key
          </button>
        )}
      </div>
      <CommandFeedback error={error} notice={notice} />
    </section>
  );
}
