/**
 * The ONE place IPC handlers are registered. For every channel of the contract it checks the sender
 * (our window, its main frame, our origin, a role allowed to use the channel) and turns anything thrown into a
 * safe `{ ok: false, error }` that carries neither a stack trace nor the text of an unexpected error. It does not
 * parse the arguments: the session's dispatch (main/core/session/dispatch.ts) parses them, once, with the
 * channel's zod schema, for the Electron and the web paths alike, so there is one parser and one error format.
 */
import type { CommandError, InvokeOutcome } from '../../preload/contract';
import { checkSender, type SenderEvent } from './sender-check';
import type { TrustedWindows, WindowRole } from './trusted-windows';

/** Any contract: its channel names are the keys (the values are the session's business). */
export type ContractShape = Readonly<Record<string, unknown>>;

/**
 * Runs one command with its arguments as the renderer sent them (untrusted: the dispatch parses them). Called only
 * after the sender and its role passed.
 */
export type IpcDispatch<C extends ContractShape> = <K extends keyof C & string>(
  channel: K,
  args: readonly unknown[],
  caller: { readonly role: WindowRole; readonly senderId: number },
) => Promise<InvokeOutcome<unknown>>;

/** The subset of Electron's ipcMain used here. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: SenderEvent, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export interface IpcRegistration<C extends ContractShape> {
  readonly ipcMain: IpcMainLike;
  readonly contract: C;
  readonly trusted: TrustedWindows;
  readonly dispatch: IpcDispatch<C>;
  /** Whether a window role may use a channel (the monitor is read-only). */
  readonly permits: (role: WindowRole, channel: keyof C & string) => boolean;
  /** Main-process log for refusals; receives no argument values. */
  readonly log?: (line: string) => void;
  /**
   * Removes secrets from an unexpected error's message before it is logged. Without it only the error's
   * name is logged: a message we cannot scrub is not written anywhere.
   */
  readonly redact?: (text: string) => string;
}

/** An error outcome. */
function refusal(code: string, message: string): InvokeOutcome<never> {
  const error: CommandError = { code, message };
  return { ok: false, error };
}

function describeUnexpected(error: unknown, redact: ((text: string) => string) | undefined): string {
  const name = error instanceof Error ? error.name : typeof error;
  if (redact === undefined) return name;
  return redact(error instanceof Error ? `${name}: ${error.message}` : String(error));
}

/**
 * Registers a handler for every channel of `contract` and returns a function that removes them all.
 * Channels outside the contract have no handler, so Electron rejects them itself.
 */
export function registerIpcHandlers<C extends ContractShape>(registration: IpcRegistration<C>): () => void {
  const { ipcMain, contract, trusted, dispatch, permits } = registration;
  const log = registration.log ?? ((line: string) => console.warn(line));
  const channels = Object.keys(contract) as (keyof C & string)[];

  for (const channel of channels) {
    ipcMain.handle(channel, async (event, ...rawArgs) => {
      const verdict = checkSender(event, trusted);
      if (!verdict.trusted) {
        log(`[ipc] refused ${channel}: ${verdict.reason}`);
        return refusal('forbidden', 'This window may not call the venue bridge.');
      }
      if (!permits(verdict.role, channel)) {
        log(`[ipc] refused ${channel}: not permitted for the ${verdict.role} window`);
        return refusal('forbidden', `The ${verdict.role} window may not use ${channel}.`);
      }
      try {
        return await dispatch(channel, rawArgs, { role: verdict.role, senderId: event.sender.id });
      } catch (error) {
        // The text of an unexpected error may hold anything (paths, a URL with a key): it never reaches the
        // renderer, and reaches the log only scrubbed.
        log(`[ipc] ${channel} failed unexpectedly: ${describeUnexpected(error, registration.redact)}`);
        return refusal('internal', `${channel} failed unexpectedly; see the main-process log.`);
      }
    });
  }
  return () => {
    for (const channel of channels) ipcMain.removeHandler(channel);
  };
}

/** The subset of WebContents a push needs. */
export interface PushTarget {
  isDestroyed(): boolean;
  send(channel: string, payload: unknown): void;
}

/**
 * Sends one push event on a contract channel to every live window we registered, each role getting its own
 * payload (the monitor its projection): `payloadFor` runs once per role that has a window, never for the others.
 */
export function pushToWindows(
  trusted: TrustedWindows,
  lookup: (webContentsId: number) => PushTarget | undefined,
  channel: string,
  payloadFor: (role: WindowRole) => unknown,
): void {
  for (const role of ['cashier', 'monitor'] as const) {
    const ids = trusted.idsIn(role);
    if (ids.length === 0) continue;
    const payload = payloadFor(role);
    pushTo(ids, lookup, channel, payload);
  }
}

function pushTo(
  ids: readonly number[],
  lookup: (webContentsId: number) => PushTarget | undefined,
  channel: string,
  payload: unknown,
): void {
  for (const id of ids) {
    const target = lookup(id);
    if (target !== undefined && !target.isDestroyed()) target.send(channel, payload);
  }
}
