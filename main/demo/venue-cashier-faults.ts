/**
 * The DemoFaults that put a cashier in every money situation the spec allows: a lost answer, a slow host, unknown
 * hand fields, and a cut table view while writes pass. Part of createFaults (venue-faults.ts).
 */
import type { DemoFaults } from './api';
import type { VenueParts } from './venue-parts';

type CashierFaults = Pick<
  DemoFaults,
  'releaseLostAnswers' | 'slowHostNextMovements' | 'setNullHandFields' | 'cutTableView'
>;

export function createCashierFaults(parts: VenueParts): CashierFaults {
  const { host, sockets, switches } = parts;
  return {
    releaseLostAnswers: () => host.releaseLostAnswers(),
    slowHostNextMovements: (count: number, holdMs: number) => host.slowNext(count, holdMs),
    setNullHandFields(on: boolean): void {
      switches.nullHandFields = on;
    },
    cutTableView(on: boolean): void {
      switches.tableViewCut = on;
      // Open sockets drop as in a network cut; new ones are refused at the upgrade while the cut lasts.
      if (on) sockets.dropAll();
    },
  };
}
