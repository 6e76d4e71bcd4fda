/**
 * Dual control (operator-checks.ts): a decision that bypasses the normal path needs a second operator, someone other
 * than the one deciding. The one deciding is the operator on shift; with no shift open nobody is proven to be
 * deciding, so an approval alone is never enough: one person could approve their own decision.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '../../../preload/contract';
import { operatorChecks } from '../../../main/core/session/operator-checks';
import { operatorAuthSchema } from '../../../preload/contract/cashier';
import type { EventLog } from '../../../main/core/session/event-log';
import type { OperatorBook } from '../../../main/core/session/operator-book';

/** An approval as the channel's schema hands it to main. */
const auth = (operator: string, pin: string) => operatorAuthSchema.parse({ operator, pin });

const DUAL: Settings = { ...defaultSettings, operatorPin: true, dualControl: true };

/** A book where Ann (PIN 1111) and Ben (PIN 2222) are enrolled; it counts the PINs it was asked to check. */
function fakeBook(): { book: OperatorBook; checked: string[] } {
  const pins = new Map([
    ['ann', '1111'],
    ['ben', '2222'],
  ]);
  const checked: string[] = [];
  const book = {
    check: async (name: string, pin: string | undefined) => {
      checked.push(name);
      return pins.get(name.trim().toLowerCase()) === pin
        ? { ok: true as const, name: name.trim() }
        : { ok: false as const, reason: `Wrong PIN for ${name}.` };
    },
  } as unknown as OperatorBook;
  return { book, checked };
}

function recordedEvents(): { events: EventLog; lines: string[] } {
  const lines: string[] = [];
  const events = {
    record: async (_kind: string, text: string) => {
      lines.push(text);
    },
  } as unknown as EventLog;
  return { events, lines };
}

describe('dual control', () => {
  it('refuses an approval with no shift open: nobody is proven to be the one deciding', async () => {
    const { book, checked } = fakeBook();
    const { events, lines } = recordedEvents();
    const checks = operatorChecks(
      book,
      () => DUAL,
      () => null,
      events,
    );
    for (const approval of [auth('Ann', '1111'), undefined])
      await expect(checks.approve(approval, 'Counting as applied')).rejects.toMatchObject({
        code: 'blocked',
        message: 'Counting as applied needs a shift open, then a second operator.',
      });
    expect(lines).toEqual([]);
    expect(checked).toEqual([]);
  });

  it('takes a second operator while Ann is on shift, and refuses Ann approving herself', async () => {
    const { book } = fakeBook();
    const { events, lines } = recordedEvents();
    const checks = operatorChecks(
      book,
      () => DUAL,
      () => 'Ann',
      events,
    );
    await expect(checks.approve(auth(' ann ', '1111'), 'Sending again')).rejects.toMatchObject({
      code: 'approval_required',
    });
    await checks.approve(auth('Ben', '2222'), 'Sending again');
    expect(lines).toEqual(['Ben approved: Sending again.']);
  });

  it('asks nothing when the venue does not use dual control', async () => {
    const { book, checked } = fakeBook();
    const { events } = recordedEvents();
    const checks = operatorChecks(
      book,
      () => ({ ...DUAL, dualControl: false }),
      () => null,
      events,
    );
    await checks.approve(undefined, 'Cancelling');
    expect(checked).toEqual([]);
  });
});
