/**
 * A button's task and the one line that says why it failed: `run(task)` clears the line when the task succeeds and
 * words the failure when it throws (never both, never a stale line after a success).
 */
import { useState } from 'react';
import { failureText } from '../bridge/call';

export function useTaskError(): {
  readonly error: string | null;
  readonly run: (task: () => Promise<void>) => Promise<void>;
} {
  const [error, setError] = useState<string | null>(null);
  async function run(task: () => Promise<void>): Promise<void> {
    try {
      await task();
      setError(null);
    } catch (failure) {
      setError(failureText(failure));
    }
  }
  return { error, run };
}
