/** The line every history screen shows: how old its data is, and whether it is offline or stale. */
import type { HistoryResult } from '../../preload/contract';
import { useNow } from '../shared/use-now';
import { dataAge } from './format';

interface DataAgeLineProps {
  readonly result: Pick<HistoryResult<unknown>, 'fetchedAt' | 'stale' | 'availability'> | null;
  readonly offline: boolean;
  readonly error?: string | null;
}

export function DataAgeLine({ result, offline, error = null }: DataAgeLineProps) {
  const now = useNow(15_000);
  const age = result === null ? { text: 'loading…', stale: false } : dataAge(result, offline, now);
  return (
    <p className={`data-age ${age.stale ? 'data-age-stale' : ''}`} data-testid="data-age" data-stale={age.stale}>
      {age.text}
      {error !== null && <span className="field-error"> — {error}</span>}
    </p>
  );
}

/** Says why there is nothing to show, when there is no data. */
export function EmptyState({ result }: { readonly result: HistoryResult<unknown> | null }) {
  if (result === null || result.data !== null) return null;
  const words: Record<HistoryResult<unknown>['availability'], string> = {
    available: '',
    not_published: 'Not yet published: the venue publishes its history when a night closes.',
    not_available_offline: 'Not available offline: this was never fetched, and the venue cannot be reached.',
    unavailable: `The venue could not be read${result.error === null ? '' : `: ${result.error}`}.`,
    no_venue: 'No venue is connected.',
  };
  return (
    <p className="history-empty" role="status">
      {words[result.availability]}
    </p>
  );
}
