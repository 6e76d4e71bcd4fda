/**
 * Loads one history answer through the bridge and reloads it when its key changes (new arguments, or a sync
 * finished). A refusal or a lost connection is kept as an error message; the last answer stays on screen while
 * the next one loads.
 */
import { useEffect, useRef, useState } from 'react';
import type { HistoryResult, InvokeOutcome } from '../../preload/contract';
import { call, failureText } from '../bridge/call';

export interface HistoryQuery<T> {
  readonly result: HistoryResult<T> | null;
  readonly error: string | null;
  readonly loading: boolean;
}

interface Answer<T> {
  readonly key: string | null;
  readonly result: HistoryResult<T> | null;
  readonly error: string | null;
}

/** Runs `load` whenever `key` changes; answers to an older key are dropped. */
export function useHistoryQuery<T>(key: string, load: () => Promise<InvokeOutcome<HistoryResult<T>>>): HistoryQuery<T> {
  const [answer, setAnswer] = useState<Answer<T>>({ key: null, result: null, error: null });
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });
  useEffect(() => {
    let current = true;
    call(loader.current()).then(
      (result) => {
        if (current) setAnswer({ key, result, error: null });
      },
      (error: unknown) => {
        if (current) setAnswer((previous) => ({ ...previous, key, error: failureText(error) }));
      },
    );
    return () => {
      current = false;
    };
  }, [key]);
  return { result: answer.result, error: answer.error, loading: answer.key !== key };
}
