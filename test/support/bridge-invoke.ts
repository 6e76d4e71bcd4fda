/**
 * One raw invoke frame on a web runtime bridge socket, written by hand as a page's bridge would send it, and the
 * outcome the runtime answers it with.
 */
import type { WebSocket } from 'ws';

export interface InvokeOutcome {
  readonly ok: boolean;
  readonly error?: { readonly code: string; readonly message: string };
}

/** Sends one invoke frame with this `id` and resolves with the outcome of the result frame bearing the same id. */
export function invokeOnBridge(socket: WebSocket, id: number, channel: string, args: unknown): Promise<InvokeOutcome> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const message = JSON.parse(String(data)) as { t: string; id?: number; outcome?: InvokeOutcome };
      if (message.t !== 'result' || message.id !== id || message.outcome === undefined) return;
      socket.off('message', onMessage);
      resolve(message.outcome);
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ t: 'invoke', id, channel, args }));
  });
}
