/** The demo venue's lost transaction_applied fault: the switch, and its text command. */
import { describe, expect, it } from 'vitest';
import type { DemoFaults } from '../../../main/demo/api';
import { parseFaultCommand } from '../../../main/demo/fault-commands';
import { LostEventSwitch } from '../../../main/demo/lost-event-fault';

describe('lost transaction_applied fault', () => {
  it('keeps exactly the next N transaction_applied events off the stream, and nothing else', () => {
    const lost = new LostEventSwitch();
    lost.loseNext(2);
    expect(lost.swallow('start_hand')).toBe(false);
    expect(lost.swallow('transaction_applied')).toBe(true);
    expect(lost.swallow('payout_applied')).toBe(false);
    expect(lost.swallow('transaction_applied')).toBe(true);
    expect(lost.swallow('transaction_applied')).toBe(false);
    expect(() => lost.loseNext(0)).toThrow(/1 or more/);
  });

  it('is the text command lose-event [N]', () => {
    const calls: number[] = [];
    const faults = { loseNextTransactionEvents: (count = 1) => calls.push(count) } as unknown as DemoFaults;
    const parsed = parseFaultCommand('lose-event:3');
    if (!parsed.ok) throw new Error(parsed.message);
    parsed.command.run(faults);
    const plain = parseFaultCommand('lose-event');
    if (!plain.ok) throw new Error(plain.message);
    plain.command.run(faults);
    expect(calls).toEqual([3, 1]);
    expect(parseFaultCommand('lose-event lots').ok).toBe(false);
    expect(parseFaultCommand('lose-event 1 2').ok).toBe(false);
  });
});
