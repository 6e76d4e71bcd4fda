/** Runs one command at a time for a form and keeps its last error or notice for display. */
import { useCallback, useState } from 'react';
import { failureText } from '../bridge/call';
import { ErrorLine } from './ErrorLine';

export function useCommand() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Stable identity (setters are stable) so callers can list it in effect dependencies.
  const run = useCallback(
    async <T,>(command: () => Promise<T>, success?: (value: T) => string | null): Promise<T | undefined> => {
      setBusy(true);
      setError(null);
      setNotice(null);
      try {
        const value = await command();
        setNotice(success?.(value) ?? null);
        return value;
      } catch (failure) {
        setError(failureText(failure));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [],
  );
  return { busy, error, notice, run };
}

export function CommandFeedback({ error, notice }: { error: string | null; notice: string | null }) {
  return (
    <>
      <ErrorLine error={error} />
      {notice !== null && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
    </>
  );
}
