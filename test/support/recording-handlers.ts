/** Handlers for every contract channel that only record the arguments they were called with (dispatch tests). */
import { invokeChannels } from '../../preload/contract';
import type { CommandHandlers } from '../../main/core/session/dispatch';

export function recordingHandlers(calls: unknown[][]): CommandHandlers {
  const handlers: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const channel of Object.keys(invokeChannels)) {
    handlers[channel] = async (...args: unknown[]) => {
      calls.push(args);
      return null;
    };
  }
  return handlers as unknown as CommandHandlers;
}
