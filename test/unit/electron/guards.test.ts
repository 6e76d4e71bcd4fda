import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, withSecurityHeaders } from '../../../main/electron/csp';
import {
  decidePermissionCheck,
  decidePermissionRequest,
  denyDevicePermission,
  denyWindowOpen,
  hardenSession,
  hardenWebContents,
  headersDecision,
  permissionDecision,
  requestDecision,
  type GuardableContents,
  type GuardableSession,
  type PreventableEvent,
} from '../../../main/electron/guards';

class FakeEvent implements PreventableEvent {
  prevented = false;
  preventDefault(): void {
    this.prevented = true;
  }
}

class FakeContents implements GuardableContents {
  readonly listeners = new Map<string, (event: PreventableEvent) => void>();
  openHandler: (() => { action: 'deny' }) | undefined;
  on(event: string, listener: (event: PreventableEvent) => void): this {
    this.listeners.set(event, listener);
    return this;
  }
  setWindowOpenHandler(handler: () => { action: 'deny' }): void {
    this.openHandler = handler;
  }
  fire(name: string): FakeEvent {
    const event = new FakeEvent();
    const listener = this.listeners.get(name);
    if (listener === undefined) throw new Error(`no ${name} listener`);
    listener(event);
    return event;
  }
}

describe('Content-Security-Policy', () => {
  it('is exactly the strict policy', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
    );
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe');
  });

  it('replaces a looser policy in any letter case and keeps other headers', () => {
    const headers = withSecurityHeaders({ 'content-security-policy': 'default-src *', 'Content-Type': 'text/html' });
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['Content-Type']).toEqual(['text/html']);
    expect(headers['X-Content-Type-Options']).toEqual(['nosniff']);
  });

  it('is added to a response that had no headers', () => {
    expect(headersDecision({}).responseHeaders['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
  });
});

describe('web contents guards', () => {
  it('refuses navigation, redirects and webviews, and denies window.open', () => {
    const contents = new FakeContents();
    hardenWebContents(contents);
    expect(contents.fire('will-navigate').prevented).toBe(true);
    expect(contents.fire('will-redirect').prevented).toBe(true);
    expect(contents.fire('will-attach-webview').prevented).toBe(true);
    expect(contents.openHandler?.()).toEqual({ action: 'deny' });
    expect(denyWindowOpen()).toEqual({ action: 'deny' });
  });
});

describe('session guards', () => {
  it('denies every permission request and check, cancels foreign requests, forces the CSP', () => {
    let requestHandler: Parameters<GuardableSession['setPermissionRequestHandler']>[0] | undefined;
    let checkHandler: Parameters<GuardableSession['setPermissionCheckHandler']>[0] | undefined;
    let deviceHandler: (() => boolean) | undefined;
    let beforeRequest: Parameters<GuardableSession['webRequest']['onBeforeRequest']>[0] | undefined;
    let headersReceived: Parameters<GuardableSession['webRequest']['onHeadersReceived']>[0] | undefined;
    const session: GuardableSession = {
      setPermissionRequestHandler: (handler) => (requestHandler = handler),
      setPermissionCheckHandler: (handler) => (checkHandler = handler),
      setDevicePermissionHandler: (handler) => (deviceHandler = handler),
      webRequest: {
        onBeforeRequest: (listener) => (beforeRequest = listener),
        onHeadersReceived: (listener) => (headersReceived = listener),
      },
    };
    hardenSession(session);

    const grants: boolean[] = [];
    for (const permission of ['media', 'notifications', 'clipboard-read', 'geolocation', 'clipboard-sanitized-write']) {
      requestHandler?.({}, permission, (granted) => grants.push(granted), {
        requestingUrl: 'app://renderer/index.html',
      });
    }
    expect(grants).toEqual([false, false, false, false, true]);
    expect(checkHandler?.({}, 'clipboard-read', 'app://renderer')).toBe(false);
    expect(checkHandler?.({}, 'clipboard-sanitized-write', 'app://renderer')).toBe(true);
    expect(deviceHandler?.()).toBe(false);

    const answers: boolean[] = [];
    for (const url of [
      'app://renderer/index.html',
      'https://evil.example/x.js',
      'http://127.0.0.1:1/',
      'file:///etc/passwd',
    ]) {
      beforeRequest?.({ url }, (response) => answers.push(response.cancel));
    }
    expect(answers).toEqual([false, true, true, true]);

    let forced: Record<string, string[]> | undefined;
    headersReceived?.({ responseHeaders: {} }, (response) => (forced = response.responseHeaders));
    expect(forced?.['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
  });

  it('grant sanitized clipboard writes to our own pages only, and nothing else', () => {
    expect(permissionDecision('clipboard-sanitized-write', 'app://renderer/index.html')).toBe(true);
    expect(permissionDecision('clipboard-sanitized-write', 'app://renderer')).toBe(true);
    expect(permissionDecision('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(permissionDecision('clipboard-sanitized-write', 'app://other/index.html')).toBe(false);
    expect(permissionDecision('clipboard-sanitized-write', undefined)).toBe(false);
    for (const permission of [
      'clipboard-read',
      'media',
      'notifications',
      'openExternal',
      'fullscreen',
      'pointerLock',
      'unknown',
    ]) {
      expect(permissionDecision(permission, 'app://renderer/index.html')).toBe(false);
    }
  });

  it('direct handlers deny', () => {
    let granted: boolean | undefined;
    decidePermissionRequest(null, 'media', (answer) => (granted = answer));
    expect(granted).toBe(false);
    expect(decidePermissionCheck(null, 'media', 'app://renderer')).toBe(false);
    expect(denyDevicePermission()).toBe(false);
    expect(requestDecision({ url: 'app://other/index.html' }).cancel).toBe(true);
  });
});
