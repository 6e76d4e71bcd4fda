/**
 * Routes one invoke to its handler, parsing the untrusted arguments with the contract's zod schema first.
 * Bad arguments are refused (`bad_arguments`, in plain words naming the field: `argument-words.ts`) and no handler
 * runs. Never throws.
 */
import {
  invokeChannels,
  type ChannelResult,
  type InvokeChannel,
  type InvokeOutcome,
  type ParsedChannelArgs,
} from '../../../preload/contract';
import { argumentProblem, plainIssues } from './argument-words';
import { commandError, isInternalError } from './command-error';

/** One handler per contract channel, receiving parsed arguments. */
export type CommandHandlers = {
  readonly [C in InvokeChannel]: (...args: ParsedChannelArgs<C>) => Promise<ChannelResult<C>>;
};

function isChannel(channel: string): channel is InvokeChannel {
  return Object.hasOwn(invokeChannels, channel);
}

/**
 * `log` receives the text of an unexpected error, which the page never sees (the caller's log redacts the key).
 */
export async function dispatch(
  handlers: CommandHandlers,
  channel: string,
  args: unknown,
  log?: (message: string) => void,
): Promise<InvokeOutcome<unknown>> {
  if (!isChannel(channel))
    return {
      ok: false,
      error: { code: 'unknown_channel', message: 'This version of the app does not know that command.' },
    };
  const parsed = invokeChannels[channel].args.safeParse(args, plainIssues);
  if (!parsed.success) return { ok: false, error: { code: 'bad_arguments', message: argumentProblem(parsed.error) } };
  // The map is keyed by channel, so this handler accepts exactly this channel's parsed tuple.
  const handler = handlers[channel] as (...values: readonly unknown[]) => Promise<unknown>;
  try {
    return { ok: true, value: await handler(...(parsed.data as readonly unknown[])) };
  } catch (error) {
    if (isInternalError(error))
      log?.(
        `${channel} failed unexpectedly: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
      );
    return { ok: false, error: commandError(error) };
  }
}
