/**
 * The front door of `npm run web`: the runtime serves the BUILT renderer, which only a build makes. Right after
 * `npm ci` there is none, and after a `git pull` it may be older than the sources; serving either would show
 * "not found" or yesterday's screens. So before serving, the renderer is built when its index.html is missing or
 * older than any source it is built from. Build output goes to standard error: standard output stays the one
 * JSON line the runtime prints.
 */
import { spawn } from 'node:child_process';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** What the renderer is built from, relative to the project root. */
const SOURCES = ['renderer', 'preload', 'vite.config.ts', 'package.json'];

/** Why a build is needed, or null when the built renderer is current. */
export type RendererState = 'missing' | 'stale' | null;

async function mtimeOf(path: string): Promise<number | null> {
  return stat(path).then(
    (info) => info.mtimeMs,
    () => null,
  );
}

/** The newest modification time under `path` (a file or a folder, walked recursively); null when absent. */
async function newestUnder(path: string): Promise<number | null> {
  const info = await stat(path).catch(() => null);
  if (info === null) return null;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, (await mtimeOf(join(entry.parentPath, entry.name))) ?? 0);
  }
  return newest;
}

/**
 * Compares the built index.html with the sources under `projectRoot` (absent sources, as in a package, count as
 * current).
 */
export async function rendererState(rendererDir: string, projectRoot: string): Promise<RendererState> {
  const built = await mtimeOf(join(rendererDir, 'index.html'));
  if (built === null) return 'missing';
  for (const source of SOURCES) {
    const newest = await newestUnder(join(projectRoot, source));
    if (newest !== null && newest > built) return 'stale';
  }
  return null;
}

/**
 * Runs the renderer's Vite build into `rendererDir`, its output on our standard error. Rejects when it fails.
 * It builds beside the target and then swaps it in, so a page being served (or a second runtime building at the
 * same time) never sees a half-written folder.
 */
export async function buildRenderer(rendererDir: string, projectRoot: string): Promise<void> {
  const building = `${rendererDir}.building-${process.pid}`;
  try {
    await runViteBuild(building, projectRoot);
    const previous = `${rendererDir}.previous-${process.pid}`;
    await rename(rendererDir, previous).catch(() => undefined);
    // Another runtime may have put its fresh build in place meanwhile: then that one is served.
    await rename(building, rendererDir).catch(() => undefined);
    await rm(previous, { recursive: true, force: true });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
}

async function runViteBuild(outDir: string, projectRoot: string): Promise<void> {
  const vitePackage = createRequire(join(projectRoot, 'package.json')).resolve('vite/package.json');
  const viteCli = join(dirname(vitePackage), 'bin', 'vite.js');
  const child = spawn(process.execPath, [viteCli, 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: projectRoot,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  // A signal to the runtime while it builds ends the build too, so no vite process outlives it; the failed build
  // then ends the runtime with a message.
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  let code: number | string;
  try {
    code = await new Promise<number | string>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (exitCode, signal) => resolve(exitCode ?? signal ?? 'unknown'));
    });
  } finally {
    process.off('SIGINT', forward);
    process.off('SIGTERM', forward);
  }
  if (code !== 0) throw new Error(`the renderer build failed (${code})`);
}

/** Builds the renderer when it is missing or stale; `log` says so in one line first. */
export async function ensureRendererBuilt(
  rendererDir: string,
  projectRoot: string,
  log: (line: string) => void,
): Promise<void> {
  const state = await rendererState(rendererDir, projectRoot);
  if (state === null) return;
  log(
    `web: the app's page in ${rendererDir} is ${state === 'missing' ? 'not built yet' : 'older than its sources'}; ` +
      `building it now (npm run build does the same)…`,
  );
  await buildRenderer(rendererDir, projectRoot);
}
