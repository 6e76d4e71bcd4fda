/**
 * Loads one history answer through the bridge and reloads it when its key changes (new arguments, or a sync
 * finished). A refusal or a lost connection is kept as an error message; the last answer stays on screen while
 * the next one loads.
 */
import type { HistoryResult, InvokeOutcome } from '../../preload/contract';
import { useBridgeValue } from '../shared/use-bridge-value';

export interface HistoryQuery<T> {
  readonly result: HistoryResult<T> | null;
  readonly error: string | null;
  readonly loading: boolean;
}

/** Runs `load` whenever `key` changes; answers to an older key are dropped. */
export function useHistoryQuery<T>(key: string, load: () => Promise<InvokeOutcome<HistoryResult<T>>>): HistoryQuery<T> {
  const { value, error, loading } = useBridgeValue(key, load);
  return { result: value, error, loading };
}
