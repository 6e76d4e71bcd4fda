/**
 * An HTTP server on 127.0.0.1 standing in for a venue's REST API: the test gives the request handler, this listens
 * on a free port and closes cleanly (open keep-alive connections too, so a test never waits on a socket's timeout).
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackVenueServer {
  /** http://127.0.0.1:<port>/v1, the base URL a session is configured with. */
  readonly baseUrl: string;
  close(): Promise<void>;
}

/** Listens with `handler` on a free loopback port; resolves once it is listening. */
export async function startLoopbackVenueServer(handler: RequestListener): Promise<LoopbackVenueServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
