/**
 * The floor under the start-up ratio (start to first table drawn, against a blank page), so that the ratio is read
 * against the least this browser needs rather than against zero: the page the web runtime draws for a printed link,
 * captured once and served as a static file with no scripts and its stylesheet inlined (allowed by a CSP hash). That
 * is the least a browser can be asked to do to show this styled table, so the app's first table cannot be on screen
 * sooner. It is served twice: with the app's own security headers, and with the same headers less
 * Cross-Origin-Opener-Policy (which makes Chromium open the page in a new browsing context group and process).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { securityHeaders } from '../../main/web/static-files';

/** Opens a printed link as a browser would (its 303 and cookies, by hand) and returns the drawn page's HTML. */
export async function capturePaintedPage(linkUrl: string): Promise<string> {
  const exchanged = await fetch(linkUrl, { redirect: 'manual' });
  const location = exchanged.headers.get('location');
  if (exchanged.status !== 303 || location === null) throw new Error(`the link answered ${exchanged.status}`);
  const cookie = exchanged.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const page = await (await fetch(new URL(location, linkUrl), { headers: { cookie } })).text();
  if (!page.includes('data-first-paint=')) throw new Error('the runtime did not draw the page');
  return page;
}

/** The drawn page without its scripts and with its stylesheet inlined; `css` is that stylesheet's text. */
export async function scriptFreeStyledPage(
  page: string,
  rendererDir: string,
): Promise<{ readonly html: string; readonly css: string }> {
  const link = /<link rel="stylesheet"[^>]*href="\.\/([^"]+)"[^>]*>/.exec(page);
  if (link === null) throw new Error('the drawn page links no stylesheet');
  const css = await readFile(join(rendererDir, link[1] ?? ''), 'utf8');
  const html = page.replace(/<script\b[^>]*>[^<]*<\/script>/g, '').replace(link[0], () => `<style>${css}</style>`);
  return { html, css };
}

/** Serves `html` at `/` with the app's headers (its CSP allowing the inline style) and at `/without-coop`. */
export async function floorServer(html: string, css: string) {
  const styleHash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  let port = 0;
  const server = createServer((request, response) => {
    const headers: Record<string, string> = { ...securityHeaders(port) };
    headers['content-security-policy'] = (headers['content-security-policy'] ?? '').replace(
      "style-src 'self'",
      `style-src 'self' ${styleHash}`,
    );
    if (request.url === '/without-coop') delete headers['cross-origin-opener-policy'];
    response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(html);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    withoutCoopUrl: `http://127.0.0.1:${port}/without-coop`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
