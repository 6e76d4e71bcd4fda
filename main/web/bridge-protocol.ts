/**
 * The web bridge's wire format from the page (renderer/bridge/web-bridge.ts speaks the other side; what the runtime
 * sends is WebServerMessage in preload/contract/bridge.ts, shared with the page). Client messages are untrusted and
 * parsed with zod; the invoke's own arguments are parsed later by the session with the contract.
 */
import { z } from 'zod';

export const clientMessageSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('subscribe') }),
  /** The page has kept its tab secret (web-sessions.ts): the session's binding to this tab now holds. */
  z.object({ t: z.literal('tab-kept') }),
  z.object({
    t: z.literal('invoke'),
    id: z.number().int().nonnegative(),
    channel: z.string().max(100),
    args: z.array(z.unknown()).max(8),
  }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** Largest client message accepted (a movement request is a few hundred bytes). */
export const MAX_CLIENT_MESSAGE_BYTES = 64 * 1024;
