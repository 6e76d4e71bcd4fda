/**
 * The session's questions to the operator book (operator-book.ts), under the venue's settings: who opens and closes
 * a shift, who changes the venue's controls, who approves a decision under dual control. With operator PINs off in
 * Settings nothing is asked (the names typed are then only names).
 */
import type { Settings } from '../../../preload/contract';
import type { OperatorAuth } from '../../../preload/contract/cashier';
import { venueNameKey } from '../../../preload/contract/player-name';
import { CommandRefusal } from './command-error';
import type { SessionContext } from './context';
import type { EventLog } from './event-log';
import type { OperatorBook } from './operator-book';

export function operatorChecks(
  book: OperatorBook,
  settings: () => Settings,
  shiftOperator: () => string | null,
  events: EventLog,
): Pick<SessionContext, 'checkOperatorPin' | 'authorize' | 'approve'> {
  const proven = async (operator: string, pin: string | undefined): Promise<string> => {
    // No operator yet: whoever is set up first (with a PIN) is the manager (operator-book.ts).
    const verdict = await book.check(operator, pin, true);
    if (!verdict.ok) throw new CommandRefusal('blocked', verdict.reason);
    return verdict.name;
  };
  return {
    async checkOperatorPin(operator, pin) {
      if (!settings().operatorPin) return;
      if (operator.trim() === '') throw new CommandRefusal('blocked', 'Type who is at the drawer, and their PIN.');
      await proven(operator, pin);
    },
    async authorize(auth, what) {
      if (!settings().operatorPin) return null;
      if (auth === undefined)
        throw new CommandRefusal('pin_required', `Changing ${what} needs an operator's name and PIN.`);
      return proven(auth.operator, auth.pin);
    },
    async approve(approval: OperatorAuth | undefined, what: string) {
      if (!settings().operatorPin || !settings().dualControl) return;
      const onShift = shiftOperator();
      // The second operator is second to the one on shift; with none on shift, one person could approve their own.
      if (onShift === null) throw new CommandRefusal('blocked', `${what} needs a shift open, then a second operator.`);
      if (approval === undefined)
        throw new CommandRefusal('approval_required', `${what} needs a second operator's name and PIN.`);
      if (venueNameKey(onShift) === venueNameKey(approval.operator))
        throw new CommandRefusal('approval_required', `${what} needs a second operator, not ${onShift.trim()}.`);
      const approver = await proven(approval.operator, approval.pin);
      void events.record('approval', `${approver} approved: ${what}.`, approver);
    },
  };
}
