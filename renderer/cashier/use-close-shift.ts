/** Closing the shift on a reviewed count: the count waiting for its confirmation, the press, and what main answered. */
import { useState } from 'react';
import type { PrintableShiftSummary, VenueBridge } from '../../preload/contract';
import { call, failureText } from '../bridge/call';
import type { ShiftWho } from './use-shift-operator';

/** A count the cashier reviewed, waiting for the confirmation that closes the shift on it. */
export interface CountToClose {
  readonly counted: number;
  readonly denominations: readonly { value: number; count: number }[] | null;
  readonly note: string | null;
  /** Who counted, and their PIN where the venue asks for PINs. */
  readonly who: ShiftWho;
}

export function useCloseShift(venue: VenueBridge) {
  const [summary, setSummary] = useState<PrintableShiftSummary | null>(null);
  const [pending, setPending] = useState<CountToClose | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm(count: CountToClose) {
    setBusy(true);
    try {
      setSummary(
        await call(
          venue.closeShift(count.counted, {
            denominations: count.denominations === null ? null : [...count.denominations],
            note: count.note,
            ...count.who,
          }),
        ),
      );
      setError(null);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setPending(null);
      setBusy(false);
    }
  }

  return { summary, pending, setPending, error, setError, busy, confirm };
}
