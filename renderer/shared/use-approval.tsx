/**
 * Dual control in a dialog: main refuses a decision that needs a second operator (`approval_required`, in words);
 * this then shows where that operator types their name and PIN, and the next press of the same button sends them.
 * Main checks the approver (not the operator on shift, the right PIN) and writes the approval to the event log.
 */
import { useState } from 'react';
import { VenueCommandError } from '../bridge/call';
import { authOf, EMPTY_AUTH, OperatorAuthFields } from './OperatorAuthFields';

export function useApproval() {
  const [asked, setAsked] = useState<string | null>(null);
  const [draft, setDraft] = useState(EMPTY_AUTH);
  return {
    /** What to send with the next press: the second operator once main has asked for one. */
    approval: asked === null ? undefined : authOf(draft),
    /** True when the failure was main asking for a second operator (the fields are then shown). */
    asks(failure: unknown): boolean {
      if (!(failure instanceof VenueCommandError) || failure.code !== 'approval_required') return false;
      setAsked(failure.message);
      return true;
    },
    fields:
      asked === null ? null : (
        <div className="approval" data-testid="approval">
          <p role="status">{asked} Then press the same button again.</p>
          <OperatorAuthFields legend="Second operator" value={draft} onChange={setDraft} />
        </div>
      ),
  };
}
