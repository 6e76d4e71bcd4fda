/** Settings › Operators: the manager enrols an operator or lifts a lock; the screen's list of who is enrolled. */
import type { OperatorsView } from '../../../preload/contract';
import { CommandRefusal } from './command-error';
import type { CommandHandlers } from './dispatch';
import type { OperatorBook } from './operator-book';

export function operatorCommands(book: OperatorBook): Pick<CommandHandlers, 'operators:enrol' | 'operators:unlock'> {
  return {
    'operators:enrol': async (manager, operator) => {
      const verdict = await book.enrol(manager.operator, manager.pin, operator.operator, operator.pin);
      if (!verdict.ok) throw new CommandRefusal('blocked', verdict.reason);
      return null;
    },
    'operators:unlock': async (manager, name) => {
      const verdict = await book.unlock(manager.operator, manager.pin, name);
      if (!verdict.ok) throw new CommandRefusal('blocked', verdict.reason);
      return null;
    },
  };
}

export function operatorsView(book: OperatorBook): OperatorsView {
  return {
    list: book.list(),
    damaged:
      book.damage.length === 0
        ? null
        : 'The operator records on this PC are damaged: no PIN can be checked until a manager has checked the books.',
  };
}
