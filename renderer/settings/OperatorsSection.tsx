/**
 * Settings › Operators: who may work the cage. The manager (the first operator set up) enrols an operator with their
 * PIN and lifts the lock a name gets after 10 wrong PINs; a name cannot be claimed by typing it. Shown where the
 * venue asks for operator PINs.
 */
import { useId, useState } from 'react';
import type { SessionSnapshot, VenueBridge } from '../../preload/contract';
import { call } from '../bridge/call';
import { authOf, EMPTY_AUTH, OperatorAuthFields } from '../shared/OperatorAuthFields';
import { CommandFeedback, useCommand } from '../shared/use-command';

export function OperatorsSection({ venue, snapshot }: { venue: VenueBridge; snapshot: SessionSnapshot }) {
  const id = useId();
  const [manager, setManager] = useState(EMPTY_AUTH);
  const [operator, setOperator] = useState(EMPTY_AUTH);
  const { busy, error, notice, run } = useCommand();
  const view = snapshot.operators;
  if (!snapshot.settings.operatorPin || view === undefined) return null;
  const enrol = () =>
    void run(
      () => call(venue.enrolOperator(authOf(manager), authOf(operator))),
      () => `${operator.operator.trim()} is enrolled.`,
    ).then(() => setOperator(EMPTY_AUTH));
  const unlock = (name: string) =>
    void run(
      () => call(venue.unlockOperator(authOf(manager), name)),
      () => `${name} is unlocked.`,
    );
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Operators</h2>
      {view.damaged !== null && (
        <p className="books-damaged" role="alert">
          {view.damaged}
        </p>
      )}
      {view.list.length === 0 ? (
        <p className="muted">No operator yet: the first one to open a shift with a PIN is set up as the manager.</p>
      ) : (
        <ul className="operator-list">
          {view.list.map((entry) => (
            <li key={entry.name} data-testid="operator">
              {entry.name}
              {entry.manager && ' (manager)'}
              {entry.locked && (
                <>
                  {' '}
                  <strong className="books-damaged">locked</strong>{' '}
                  <button type="button" disabled={busy} onClick={() => unlock(entry.name)}>
                    Unlock {entry.name}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        className="stacked-form"
        onSubmit={(event) => {
          event.preventDefault();
          enrol();
        }}
      >
        <OperatorAuthFields legend="The manager" value={manager} onChange={setManager} disabled={busy} />
        <OperatorAuthFields legend="New operator" value={operator} onChange={setOperator} disabled={busy} />
        <button type="submit" disabled={busy}>
          Enrol operator
        </button>
      </form>
      <CommandFeedback error={error} notice={notice} />
    </section>
  );
}
