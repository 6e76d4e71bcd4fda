/**
 * One answer read through the bridge, read again whenever its key changes (a new player, a tick, a refresh). An
 * answer to an older key, or one that lands after the component left, is dropped: it would show another player's rows.
 * A failure keeps the last answer on screen beside its message; the next answer clears the message.
 */
import { useEffect, useRef, useState } from 'react';
import type { InvokeOutcome } from '../../preload/contract';
import { call, failureText } from '../bridge/call';

export interface BridgeValue<T> {
  readonly value: T | null;
  readonly error: string | null;
  /** The answer shown is not yet the current key's (the first, or a newer one, is on its way). */
  readonly loading: boolean;
}

interface Answer<T> {
  readonly key: string | null;
  readonly value: T | null;
  readonly error: string | null;
}

/** Runs `load` whenever `key` changes; a null key reads nothing (the answer cannot be had yet). */
export function useBridgeValue<T>(key: string | null, load: () => Promise<InvokeOutcome<T>>): BridgeValue<T> {
  const [answer, setAnswer] = useState<Answer<T>>({ key: null, value: null, error: null });
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });
  useEffect(() => {
    if (key === null) return;
    let current = true;
    call(loader.current()).then(
      (value) => {
        if (current) setAnswer({ key, value, error: null });
      },
      (failure: unknown) => {
        if (current) setAnswer((previous) => ({ ...previous, key, error: failureText(failure) }));
      },
    );
    return () => {
      current = false;
    };
  }, [key]);
  return { value: answer.value, error: answer.error, loading: answer.key !== key };
}
