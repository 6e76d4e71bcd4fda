import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_SCHEME_PRIVILEGES,
  createAppProtocolHandler,
  registerAppSchemePrivileged,
} from '../../../main/electron/protocol';
import { CONTENT_SECURITY_POLICY } from '../../../main/electron/csp';
import { resolveRendererFile } from '../../../main/electron/renderer-files';

let base: string;
let root: string;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'app-protocol-'));
  root = path.join(base, 'renderer');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>ok</title>');
  await writeFile(path.join(root, 'assets', 'main.js'), 'console.log(1)');
  await writeFile(path.join(base, 'secret.txt'), 'outside');
  await mkdir(path.join(base, 'renderer-sibling'));
  await writeFile(path.join(base, 'renderer-sibling', 'x.js'), 'sibling');
  await symlink(path.join(base, 'secret.txt'), path.join(root, 'assets', 'escape.txt'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const get = (url: string, method = 'GET') => createAppProtocolHandler(root)(new Request(url, { method }));

describe('app:// protocol', () => {
  it('is registered as a standard, secure scheme without a CSP bypass', () => {
    const registered: unknown[] = [];
    registerAppSchemePrivileged({ registerSchemesAsPrivileged: (schemes) => registered.push(...schemes) });
    expect(registered).toEqual([APP_SCHEME_PRIVILEGES]);
    expect(APP_SCHEME_PRIVILEGES.privileges).toMatchObject({
      standard: true,
      secure: true,
      bypassCSP: false,
      corsEnabled: false,
    });
  });

  it('serves files from the renderer directory with the CSP and the right type', async () => {
    const page = await get('app://renderer/index.html');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>ok</title>');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const root = await get('app://renderer/?view=monitor');
    expect(root.status).toBe(200);
    const script = await get('app://renderer/assets/main.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it.each([
    'app://renderer/../secret.txt',
    'app://renderer/%2e%2e/secret.txt',
    'app://renderer/assets/..%2f..%2fsecret.txt',
    'app://renderer/..%5csecret.txt',
    'app://renderer/%2e%2e%2f%2e%2e%2fsecret.txt',
    'app://renderer/..%2frenderer-sibling/x.js',
    'app://renderer/index.html%00.js',
    'app://renderer/assets/escape.txt',
    'app://renderer/missing.js',
    'app://other/index.html',
  ])('refuses %s and never serves a byte from outside', async (url) => {
    const response = await get(url);
    expect(response.status).toBeGreaterThanOrEqual(400);
    const body = await response.text();
    expect(body).not.toContain('outside');
    expect(body).not.toContain('sibling');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('names traversal as the reason', async () => {
    expect(await resolveRendererFile(root, 'app://renderer/a/%2e%2e%2f%2e%2e%2fsecret.txt')).toMatchObject({
      kind: 'refused',
      status: 403,
    });
    expect(await resolveRendererFile(root, 'app://renderer/assets/escape.txt')).toMatchObject({
      kind: 'refused',
      reason: 'link leaves the renderer directory',
    });
  });

  it('refuses methods other than GET and HEAD, and HEAD carries no body', async () => {
    expect((await get('app://renderer/index.html', 'POST')).status).toBe(405);
    const head = await get('app://renderer/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
