/**
 * A proxy in front of a venue for session tests: it forwards every REST request, counts the GET /key ones, records
 * every POST body (what left the machine for the venue) and, while `keyDown`, answers GET /key with 503 (a start
 * while GET /key fails).
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface VenueProxy {
  readonly baseUrl: string;
  keyDown: boolean;
  /** GET /key requests seen (those answered 503 included). */
  keyGets: number;
  readonly posts: string[];
  close(): Promise<void>;
}

export async function startVenueProxy(
  target: string,
  options: { readonly keyDown?: boolean } = {},
): Promise<VenueProxy> {
  const upstream = new URL(target);
  const state = { keyDown: options.keyDown ?? false, keyGets: 0, posts: [] as string[] };
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = (incoming.url ?? '/').replace(/^\/v1/, '');
      const keyGet = incoming.method === 'GET' && path.startsWith('/key');
      if (keyGet) state.keyGets += 1;
      if (state.keyDown && keyGet) {
        outgoing.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'unavailable' }));
        return;
      }
      if (incoming.method === 'POST') state.posts.push(body.toString('utf8'));
      const forwarded = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: `${upstream.pathname.replace(/\/$/, '')}${path}`,
          headers: { ...incoming.headers, host: upstream.host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.destroy());
      forwarded.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}
