/**
 * Locks on every web contents and on the session: no navigation, no new windows, no webviews, no
 * permissions (but sanitized clipboard writes from our own pages), no requests outside our origin, our CSP on every
 * response. The deciding functions are
 * exported so tests call them directly; the `harden*` functions only attach them.
 */
import { isAppUrl } from './app-origin';
import { withSecurityHeaders } from './csp';

/** The part of an Electron event these guards use. */
export interface PreventableEvent {
  preventDefault(): void;
}

/** What `setWindowOpenHandler` answers. */
export interface WindowOpenDecision {
  readonly action: 'deny';
}

/** The subset of WebContents the guards attach to. */
export interface GuardableContents {
  on(event: 'will-navigate', listener: (event: PreventableEvent) => void): unknown;
  on(event: 'will-redirect', listener: (event: PreventableEvent) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: () => WindowOpenDecision): void;
}

/** A guard that refuses whatever the event would have done. */
export function refuse(event: PreventableEvent): void {
  event.preventDefault();
}

/** Window-open handler: no page may open another window or tab. */
export function denyWindowOpen(): WindowOpenDecision {
  return { action: 'deny' };
}

/**
 * Attaches the navigation, redirect, webview and window-open locks. Our pages never navigate (views are
 * in-app state), so every navigation is refused, including to our own origin.
 */
export function hardenWebContents(contents: GuardableContents): void {
  contents.on('will-navigate', refuse);
  contents.on('will-redirect', refuse);
  contents.on('will-attach-webview', refuse);
  contents.setWindowOpenHandler(denyWindowOpen);
}

/**
 * The one permission our pages get: writing sanitized text to the clipboard ("Copy secret" for a new webhook),
 * and only for our own origin. Reading the clipboard, notifications, media, geolocation, everything else: denied.
 */
export const ALLOWED_PERMISSION = 'clipboard-sanitized-write';

/** Whether `permission`, asked by a page at `requestingUrl` (an origin or a URL), is granted. */
export function permissionDecision(permission: string, requestingUrl: string | undefined): boolean {
  return permission === ALLOWED_PERMISSION && requestingUrl !== undefined && isAppUrl(requestingUrl);
}

/** Permission request handler: everything is refused but permissionDecision's one exception. */
export function decidePermissionRequest(
  _contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details?: { readonly requestingUrl?: string },
): void {
  callback(permissionDecision(permission, details?.requestingUrl));
}

/** Permission check handler: "not granted" but for permissionDecision's one exception. */
export function decidePermissionCheck(_contents: unknown, permission: string, requestingOrigin: string): boolean {
  return permissionDecision(permission, requestingOrigin);
}

/** Device access (HID, serial, USB): never. */
export function denyDevicePermission(): boolean {
  return false;
}

/** Schemes a page may fetch from: our own, inline images, and Chromium's devtools. */
export function isAllowedRequestUrl(url: string): boolean {
  return isAppUrl(url) || url.startsWith('data:') || url.startsWith('devtools:');
}

/** The answer to `onBeforeRequest`: cancel anything outside our origin. */
export function requestDecision(details: { readonly url: string }): { cancel: boolean } {
  return { cancel: !isAllowedRequestUrl(details.url) };
}

/** The answer to `onHeadersReceived`: the response's headers with our CSP forced in. */
export function headersDecision(details: { readonly responseHeaders?: Record<string, string | string[]> }): {
  responseHeaders: Record<string, string[]>;
} {
  return { responseHeaders: withSecurityHeaders(details.responseHeaders) };
}

/** The subset of an Electron Session the guards attach to. */
export interface GuardableSession {
  setPermissionRequestHandler(
    handler: (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { readonly requestingUrl?: string },
    ) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (contents: unknown, permission: string, requestingOrigin: string) => boolean,
  ): void;
  setDevicePermissionHandler(handler: () => boolean): void;
  webRequest: {
    onBeforeRequest(
      listener: (details: { url: string }, callback: (response: { cancel: boolean }) => void) => void,
    ): void;
    onHeadersReceived(
      listener: (
        details: { responseHeaders?: Record<string, string[]> },
        callback: (response: { responseHeaders: Record<string, string[]> }) => void,
      ) => void,
    ): void;
  };
}

/**
 * Denies every permission (clipboard writes from our origin aside) and device access, cancels foreign requests, forces
 * the CSP.
 */
export function hardenSession(session: GuardableSession): void {
  session.setPermissionRequestHandler(decidePermissionRequest);
  session.setPermissionCheckHandler(decidePermissionCheck);
  session.setDevicePermissionHandler(denyDevicePermission);
  session.webRequest.onBeforeRequest((details, callback) => callback(requestDecision(details)));
  session.webRequest.onHeadersReceived((details, callback) => callback(headersDecision(details)));
}
