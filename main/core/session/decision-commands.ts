/**
 * The cashier's presses on one movement (send now, cancel, the choices for one in doubt), with dual control where
 * the venue turns it on: counting a movement as applied, sending again and cancelling one that was already tried
 * each need a second operator's PIN first (operator-checks.ts), checked before the cashier core is asked anything.
 */
import type { InDoubtChoice, OperatorAuth } from '../../../preload/contract';
import type { CommandResult } from '../cashier';
import { CommandRefusal } from './command-error';
import type { SessionContext } from './context';
import type { CommandHandlers } from './dispatch';

function refusedUnlessOk(result: CommandResult): void {
  if (!result.ok) throw new CommandRefusal('blocked', result.reason);
}

/** The decision in words, for the approval and the event log. */
function decisionWords(context: SessionContext, id: string, what: string): string {
  const movement = context
    .requireLink()
    .cashier.snapshot()
    .movements.find((candidate) => candidate.key === id);
  if (movement === undefined) throw new CommandRefusal('not_found', 'No such movement.');
  const amount = movement.amount === null ? 'the whole stack' : String(movement.amount);
  return `${what} of ${movement.playerName}'s ${movement.action} of ${amount}`;
}

const CHOICE_WORDS: Record<InDoubtChoice, string | null> = {
  'accept-shown': 'Counting as applied',
  'send-again': 'Sending again',
  leave: null,
};

export function decisionCommands(
  context: SessionContext,
): Pick<CommandHandlers, 'cashier:send-now' | 'cashier:cancel' | 'cashier:resolve-in-doubt'> {
  return {
    'cashier:send-now': async (id) => {
      refusedUnlessOk(await context.requireLink().cashier.sendNow(id));
      return null;
    },
    'cashier:cancel': async (id, approval?: OperatorAuth) => {
      const tried = context
        .requireLink()
        .cashier.snapshot()
        .movements.find((candidate) => candidate.key === id)?.attemptCount;
      // Cancelling one that never left the queue is the cashier's own correction; one already tried is a decision.
      if ((tried ?? 0) > 0) await context.approve(approval, decisionWords(context, id, 'Cancelling'));
      refusedUnlessOk(await context.requireLink().cashier.cancel(id));
      return null;
    },
    'cashier:resolve-in-doubt': async (id, choice, approval?: OperatorAuth) => {
      const words = CHOICE_WORDS[choice];
      if (words !== null) await context.approve(approval, decisionWords(context, id, words));
      const result = await context.requireLink().cashier.resolveInDoubt(id, choice);
      refusedUnlessOk(result);
      return choice === 'send-again' && result.ok ? { id: result.movement.key } : null;
    },
  };
}
