/**
 * Boots the real main/index.ts in a child process with a hand-written fake `electron` module (the binary
 * cannot be downloaded here) and checks the wiring end to end: the session on the demo venue, hardened
 * windows, IPC sender checks, the app:// handler, the monitor, a clean quit.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../main/electron/csp';
import { spawnGroup } from '../../support/child-processes';

const support = fileURLToPath(new URL('./support/', import.meta.url));
let userData: string;
let observed: Record<string, unknown>;

function bootMain(): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawnGroup(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        path.join(support, 'register-fake-electron.mjs'),
        path.join(support, 'boot-main.ts'),
      ],
      { env: { ...process.env, FAKE_ELECTRON_USER_DATA: userData } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0) reject(new Error(`boot failed (${code}): ${stderr}`));
      else resolve(JSON.parse(line) as Record<string, unknown>);
    });
  });
}

beforeAll(async () => {
  userData = await mkdtemp(path.join(tmpdir(), 'main-boot-'));
  observed = await bootMain();
});

afterAll(async () => {
  await rm(userData, { recursive: true, force: true });
});

describe('main/index.ts booted on a fake electron', () => {
  it('registers app:// as privileged and enables the sandbox for every renderer', () => {
    expect(observed.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, bypassCSP: false }) },
    ]);
    expect(observed.sandboxEnabled).toBe(true);
  });

  it('opens the hardened main window on our origin and the monitor with ?view=monitor', () => {
    expect(observed.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    });
    expect(observed.mainUrl).toEqual(['app://renderer/index.html']);
    expect(observed.monitorUrl).toEqual(['app://renderer/index.html?view=monitor']);
    expect(observed.monitorMenuRemoved).toBe(true);
    // One display only: the monitor stays an ordinary window rather than covering the cashier's screen.
    expect(observed.monitorFullscreen).toBe(false);
  });

  it('switches the main window to a screen from the menu', () => {
    expect(observed.viewSwitch).toEqual({ channel: 'ui:show-view', payload: 'history' });
  });

  it('runs the session on the demo venue and pushes snapshots', () => {
    expect(observed.snapshotOk).toBe(true);
    expect(observed.demo).toBe(true);
    expect(observed.pushedVersion).toBeGreaterThan(0);
  });

  it('refuses foreign frames, bad arguments and monitor writes', () => {
    expect(observed.foreign).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(observed.badArgs).toMatchObject({ ok: false, error: { code: 'bad_arguments' } });
    expect(observed.monitorRead).toBe(true);
    expect(observed.monitorWrite).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('serves the renderer with the CSP and refuses traversal', () => {
    expect(observed.pageStatus).toBe(200);
    expect(observed.pageCsp).toBe(CONTENT_SECURITY_POLICY);
    expect(observed.traversalStatus).toBe(403);
  });

  it('denies window.open and permissions', () => {
    expect(observed.windowOpen).toEqual({ action: 'deny' });
    expect(observed.permissionGranted).toBe(false);
  });

  it('quits cleanly: holds the first quit until the session closed, then removes every handler', () => {
    expect(observed.quitCalls).toBe(2);
    expect(observed.handlersAfterQuit).toBe(0);
  });
});
