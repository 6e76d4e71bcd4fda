/**
 * The venue key is bound to the origins (scheme, host, port) it was checked against: the REST base's and the
 * socket's. It is sent nowhere else. A new address with another origin drops the key and asks for it again.
 */

/** `{base}` with http(s) -> ws(s), when the settings give no WebSocket address. */
export function defaultWsUrl(baseUrl: string): string {
  return baseUrl.replace(/^http/, 'ws');
}

/** The binding of a key: both origins the key travels to, as one comparable string. */
export function keyOrigin(baseUrl: string, wsUrl: string | null): string {
  return `${new URL(baseUrl).origin} ${new URL(wsUrl ?? defaultWsUrl(baseUrl)).origin}`;
}

/** Whether a key bound to `bound` may be sent to this address. */
export function keyMayGoTo(bound: string | null, baseUrl: string, wsUrl: string | null): boolean {
  return bound !== null && bound === keyOrigin(baseUrl, wsUrl);
}
