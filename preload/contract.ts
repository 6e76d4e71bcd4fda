/**
 * THE contract between main and renderer (ARCHITECTURE.md "One typed contract").
 * main imports it to register handlers and parse arguments; the preload names channels from
 * `contract/channels`; the renderer imports types only. Features add a section file under contract/ and
 * spread its channel map into `invokeChannels` below.
 */
import type { z } from 'zod';
import type { AppView, bridgeChannels, snapshotEvent, BridgeMethod } from './contract/channels';
import { cashierChannels } from './contract/cashier';
import type { ChannelSpec } from './contract/define';
import { historyChannels } from './contract/history';
import { printChannels } from './contract/print';
import { settingsChannels } from './contract/settings';
import { snapshotChannels, type SessionSnapshot } from './contract/snapshot';

export * from './contract/cashier';
export * from './contract/history';
export * from './contract/key-storage';
export * from './contract/print';
export * from './contract/settings';
export * from './contract/table';
export type { DiskView, EventLogEntry, OperatorsView, ReconnectAnswer, SessionSnapshot } from './contract/snapshot';
export { bridgeChannels, snapshotEvent } from './contract/channels';
export type { AppView, BridgeMethod, ChannelName } from './contract/channels';

/** Every invoke channel: argument schema (parsed in main) and result type. */
export const invokeChannels = {
  ...snapshotChannels,
  ...cashierChannels,
  ...settingsChannels,
  ...historyChannels,
  ...printChannels,
} as const;

export type InvokeChannels = typeof invokeChannels;
export type InvokeChannel = keyof InvokeChannels;

/** The arguments a caller passes on a channel (before parsing: defaults may be omitted). */
export type ChannelArgs<C extends InvokeChannel> = z.input<InvokeChannels[C]['args']>;
/** The arguments a handler receives (after parsing). */
export type ParsedChannelArgs<C extends InvokeChannel> = z.output<InvokeChannels[C]['args']>;
export type ChannelResult<C extends InvokeChannel> =
  InvokeChannels[C] extends ChannelSpec<z.ZodTuple, infer Result> ? Result : never;

/** Every push event main sends to the renderer, with its payload. */
export type PushEvents = { readonly [Event in typeof snapshotEvent]: SessionSnapshot };

/** Why a command was refused, carried across the bridge as data (not as a thrown transport error). */
export interface CommandError {
  /** e.g. `bad_arguments`, `not_ready`, `confirmation_required`, `unauthorized`, `host_offline`, ... */
  readonly code: string;
  readonly message: string;
}

/** What every invoke returns over the wire; the renderer turns `ok: false` into a thrown error. */
export type InvokeOutcome<Result> =
  { readonly ok: true; readonly value: Result } | { readonly ok: false; readonly error: CommandError };

type MethodChannel<M extends BridgeMethod> = (typeof bridgeChannels)[M];

/** One named method of the bridge: its channel's arguments in, its channel's result (as an outcome) out. */
export type BridgeMethodOf<M extends BridgeMethod> = (
  ...args: ChannelArgs<MethodChannel<M>>
) => Promise<InvokeOutcome<ChannelResult<MethodChannel<M>>>>;

/** Every named method of the bridge, one per contract channel. */
export type VenueBridgeMethods = { readonly [M in BridgeMethod]: BridgeMethodOf<M> };

/** The API the renderer sees as `window.venue`: named methods only, never ipcRenderer. Refusals come back as
 * data (`ok: false`) because thrown errors lose their fields when they cross Electron's contextBridge. */
export type VenueBridge = VenueBridgeMethods & {
  /** Registers a snapshot listener; returns its unsubscribe. */
  readonly subscribe: (listener: (snapshot: SessionSnapshot) => void) => () => void;
  /**
   * Registers a listener for the menu's screen switches (Electron only; the web runtime has no menu); returns its
   * unsubscribe.
   */
  readonly onShowView: (listener: (view: AppView) => void) => () => void;
};
