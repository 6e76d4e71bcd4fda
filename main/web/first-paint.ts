/**
 * The web runtime's first paint: index.html with the table already drawn inside #root, so it is on screen before
 * the page's scripts have loaded (the time from start to the first table drawn is what a cashier waits through).
 * Drawn by the renderer's own components (renderer/first-paint/), from the monitor projection of the snapshot and
 * through the runtime's key scrub, for the one request that spends its role's page cookie (web-sessions.ts: the page
 * the link's redirect opens). The page's scripts take over once the first snapshot arrives over the socket
 * (renderer/main.tsx).
 *
 * React's server renderer loads when the runtime starts (the server listens once it has); if it fails to load, pages
 * are served as built, and the table comes with the scripts.
 */
import type { SessionSnapshot } from '../../preload/contract';
import type { Role } from './web-sessions';

type RenderFirstPaint = (projected: SessionSnapshot, view: Role) => string;

/**
 * The renderer's server-side entry, loaded as a file at run time (the web runtime runs from source, under tsx). Not a
 * static import: the renderer's code is checked with DOM types only (tsconfig.web.json), and the layer map keeps
 * main from building on the renderer; this is the one file of it the runtime executes, as it serves the built rest.
 * The layer map lets this file load exactly this module by URL (DYNAMIC_IMPORTS in eslint-rules/layer-map.js).
 */
const RENDER_ENTRY = new URL('../../renderer/first-paint/render.tsx', import.meta.url).href;

/** The one place index.html may be drawn into: the empty root the renderer build writes. */
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * index.html with `markup` inside its root, marked so the page's scripts know the table is drawn; null when the
 * page has no single empty root (then it is served as built).
 */
export function paintedPage(indexHtml: string, markup: string, view: Role): string | null {
  const at = indexHtml.indexOf(EMPTY_ROOT);
  if (at < 0 || indexHtml.includes(EMPTY_ROOT, at + EMPTY_ROOT.length)) return null;
  const root = `<div id="root" data-first-paint="${view}">${markup}</div>`;
  return indexHtml.slice(0, at) + root + indexHtml.slice(at + EMPTY_ROOT.length);
}

export interface FirstPainter {
  /** The first paint's markup, or null when the renderer could not load (or failed on this snapshot). */
  draw(projected: SessionSnapshot, view: Role): string | null;
}

/** Loads the server renderer; a failure is logged (by error name only) and leaves pages as built. */
export async function startFirstPainter(log: (message: string) => void): Promise<FirstPainter> {
  let render: RenderFirstPaint | null = null;
  try {
    const entry = (await import(RENDER_ENTRY)) as { readonly renderFirstPaint: RenderFirstPaint };
    render = entry.renderFirstPaint;
  } catch (error) {
    log(`[web] first paint unavailable: ${error instanceof Error ? error.name : typeof error}`);
  }
  return {
    draw(projected, view) {
      if (render === null) return null;
      try {
        return render(projected, view);
      } catch (error) {
        log(`[web] first paint failed: ${error instanceof Error ? error.name : typeof error}`);
        return null;
      }
    },
  };
}
