/** The keys this venue honours, and revocation (immediate: the socket server listens for it). */

export interface KeyInfo {
  readonly kid: string;
  /** Unix seconds when the key was issued. */
  readonly iat: number;
}

export class KeyRing {
  private readonly keys = new Map<string, KeyInfo>();
  private readonly revoked = new Set<string>();
  private readonly revokeListeners = new Set<(key: string) => void>();

  issue(key: string, info: KeyInfo): void {
    this.keys.set(key, info);
  }

  /** The key's info when it is known and not revoked. */
  check(key: string | null): KeyInfo | null {
    if (key === null || this.revoked.has(key)) return null;
    return this.keys.get(key) ?? null;
  }

  revoke(key: string): void {
    this.revoked.add(key);
    for (const listener of this.revokeListeners) listener(key);
  }

  restore(key: string): void {
    this.revoked.delete(key);
  }

  onRevoke(listener: (key: string) => void): void {
    this.revokeListeners.add(listener);
  }
}

/** The key of an `Authorization: Bearer <key>` header, or null when missing or malformed. */
export function bearerKey(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer ([A-Za-z0-9_.~+/=-]+)$/.exec(header.trim());
  return match?.[1] ?? null;
}
