/**
 * LiveKeeper: one WebSocket per venue key that never loses its place.
 *
 * - Reconnects with full-jitter exponential backoff (backoff.ts), resuming with `since_seq` = the last consumed
 *   seq, which is persisted so an app restart resumes too.
 * - A ping/pong heartbeat terminates a half-open socket: no pong or frame within `pongTimeoutMs` of the last one,
 *   checked every `pingIntervalMs` (15 s + 30 s: detected within 45 s).
 * - Replay envelopes: `complete: false` is a gap (reported, with "reconcile against /hands"), `reset: true` a new
 *   engine run (seq tracking restarts, replayed hands already seen are dropped). Duplicates are dropped.
 * - Revocation (401 on the upgrade, an auth/policy close code, or the REST client seeing a withdrawn key) stops
 *   reconnecting for good and says so.
 * - Subscribers get every applied frame and event in order; `table` is the model after them.
 */
import WebSocket from 'ws';
import { Backoff, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff';
import { systemClock, type Clock } from './clock';
import { VenueProtocolError } from './errors';
import { INITIAL_CURSOR, onConnectionOpened, onEvent, onReplay, resumeSeq, type LiveCursor, type LiveGap } from './live-cursor';
import { readFrameText } from './live-frames';
import type { LivePersistence, PersistedLive } from './live-persistence';
import type { KeyAccess } from './rest-client';
import type { LiveEvent, LiveState } from './schemas-live';
import { DEFAULT_TABLE_LIMITS, initialTable, reduceTable } from './table-model';
import { tableToLiveState } from './table-snapshot';
import type { TableInput, TableLimits, TableState } from './table-types';

/** Where the keeper's connection stands. */
export type KeeperStatus =
  | { readonly phase: 'idle' }
  | { readonly phase: 'connecting'; readonly attempt: number }
  | { readonly phase: 'open'; readonly since: number }
  | { readonly phase: 'reconnecting'; readonly attempt: number; readonly retryAt: number; readonly reason: string }
  | { readonly phase: 'withdrawn'; readonly reason: string }
  | { readonly phase: 'stopped' };

/** What subscribers receive, in order. */
export type KeeperUpdate =
  | { readonly type: 'status'; readonly status: KeeperStatus }
  | { readonly type: 'state'; readonly live: boolean; readonly state: LiveState | null; readonly at: number }
  | { readonly type: 'event'; readonly event: LiveEvent; readonly at: number; readonly catchUp: boolean }
  /** A missed stretch: reconcile against /hands once the night is published. */
  | { readonly type: 'gap'; readonly gap: LiveGap }
  | { readonly type: 'reset'; readonly runEpoch: number }
  | { readonly type: 'violation'; readonly paths: readonly string[] }
  | { readonly type: 'protocol-error'; readonly error: VenueProtocolError }
  | { readonly type: 'ignored'; readonly name: string; readonly reason: 'unknown-kind' | 'unknown-type' }
  | { readonly type: 'persist-error'; readonly message: string };

/** The part of VenueClient the keeper watches, so one 401 anywhere stops both planes. */
export interface AccessWatch {
  readonly access: KeyAccess;
  onAccessChange(listener: (access: KeyAccess) => void): () => void;
  reportUnauthorized(): void;
}

export interface HeartbeatPolicy {
  readonly pingIntervalMs: number;
  readonly pongTimeoutMs: number;
}

export const DEFAULT_HEARTBEAT: HeartbeatPolicy = { pingIntervalMs: 15_000, pongTimeoutMs: 30_000 };

export interface LiveKeeperOptions {
  /** `{ws_url}`, including `/v1`. */
  readonly wsUrl: string;
  readonly key: string;
  readonly persistence?: LivePersistence | null;
  readonly clock?: Clock;
  readonly heartbeat?: HeartbeatPolicy;
  readonly backoff?: BackoffPolicy;
  readonly random?: () => number;
  readonly access?: AccessWatch;
  readonly tableLimits?: TableLimits;
  /** Persist at most this often while events flow. Default 1000 ms. */
  readonly persistEveryMs?: number;
  /** Time limit of the upgrade handshake. Default 10 s. */
  readonly handshakeTimeoutMs?: number;
}

/** Close codes a venue uses to say "this key may no longer connect". */
const AUTH_CLOSE_CODES: ReadonlySet<number> = new Set([1008, 3000, 3003, 4001, 4003, 4401, 4403]);

/** Keeps one venue's live socket and table model. */
export class LiveKeeper {
  private readonly listeners = new Set<(update: KeeperUpdate) => void>();
  private readonly clock: Clock;
  private readonly heartbeat: HeartbeatPolicy;
  private readonly backoff: Backoff;
  private socket: WebSocket | null = null;
  private statusValue: KeeperStatus = { phase: 'idle' };
  private tableValue: TableState;
  private cursorValue: LiveCursor = INITIAL_CURSOR;
  private connectedBefore = false;
  private openedAt = 0;
  private lastAliveAt = 0;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private persistTimer: NodeJS.Timeout | null = null;
  private dirty = false;
  /** True from open until the connection's first frame: every connection must begin with a state frame. */
  private awaitingStateFrame = false;
  private running = false;
  private unwatchAccess: (() => void) | null = null;

  constructor(private readonly options: LiveKeeperOptions) {
    this.clock = options.clock ?? systemClock;
    this.heartbeat = options.heartbeat ?? DEFAULT_HEARTBEAT;
    this.backoff = new Backoff(options.backoff ?? DEFAULT_BACKOFF, options.random);
    this.tableValue = initialTable(options.tableLimits ?? DEFAULT_TABLE_LIMITS);
  }

  /** The connection's standing. */
  get status(): KeeperStatus {
    return this.statusValue;
  }

  /** The table model after every applied frame and event. */
  get table(): TableState {
    return this.tableValue;
  }

  /** The stream position (seq of the current engine run, run epoch). */
  get cursor(): LiveCursor {
    return this.cursorValue;
  }

  /** Receives every update in order; returns the unsubscribe. */
  subscribe(listener: (update: KeeperUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Restores the persisted place (shown stale until the socket speaks), then connects. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.restore();
    if (!this.running) return;
    if (this.options.access !== undefined) {
      const access = this.options.access;
      this.unwatchAccess = access.onAccessChange((next) => {
        if (next === 'withdrawn' || next === 'rejected') this.withdraw('the REST API refused the key (401)');
      });
      if (access.access === 'withdrawn' || access.access === 'rejected') {
        this.withdraw('the REST API refused the key (401)');
        return;
      }
    }
    this.connect();
  }

  /** Closes the socket, stops reconnecting and writes the place to disk. */
  async stop(): Promise<void> {
    const wasWithdrawn = this.statusValue.phase === 'withdrawn';
    this.running = false;
    this.teardown();
    if (!wasWithdrawn) this.setStatus({ phase: 'stopped' });
    await this.flush();
  }

  private async restore(): Promise<void> {
    const persistence = this.options.persistence;
    if (!persistence) return;
    const loaded = await persistence.load();
    if (loaded.kind === 'corrupt') {
      this.emit({ type: 'persist-error', message: `discarded the stored live place: ${loaded.reason}` });
      return;
    }
    if (loaded.kind !== 'loaded') return;
    const { record } = loaded;
    this.cursorValue = { ...INITIAL_CURSOR, seq: record.seq, runEpoch: record.runEpoch, lastHandNumber: record.lastHandNumber };
    this.connectedBefore = record.seq !== null;
    if (record.frame !== null) this.applyTable({ type: 'state', live: record.frame.live, state: record.frame.state, at: record.frame.at });
  }

  private url(): string {
    const params = new URLSearchParams({ key: this.options.key });
    const since = resumeSeq(this.cursorValue, this.connectedBefore);
    if (since !== null) params.set('since_seq', String(since));
    return `${this.options.wsUrl}/live/events?${params.toString()}`;
  }

  private connect(): void {
    if (!this.running) return;
    this.setStatus({ phase: 'connecting', attempt: this.backoff.attempts });
    const socket = new WebSocket(this.url(), { handshakeTimeout: this.options.handshakeTimeoutMs ?? 10_000 });
    this.socket = socket;
    socket.on('unexpected-response', (request, response) => {
      const status = response.statusCode ?? 0;
      response.resume();
      request.destroy();
      if (this.socket !== socket) return;
      this.socket = null;
      if (status === 401 || status === 403) {
        this.options.access?.reportUnauthorized();
        this.withdraw(`the venue refused the key (${status} on connect)`);
      } else {
        this.scheduleReconnect(`upgrade refused with ${status}`);
      }
    });
    socket.on('open', () => this.onOpen(socket));
    socket.on('message', (data: WebSocket.RawData) => {
      if (this.socket !== socket) return;
      this.lastAliveAt = this.clock.now();
      this.onText(data.toString());
    });
    socket.on('pong', () => {
      if (this.socket === socket) this.lastAliveAt = this.clock.now();
    });
    socket.on('close', (code: number) => this.onClose(socket, code));
    // 'close' always follows 'error'; the error itself needs a listener so it is not thrown.
    socket.on('error', () => undefined);
  }

  private onOpen(socket: WebSocket): void {
    if (this.socket !== socket) return;
    const now = this.clock.now();
    this.openedAt = now;
    this.lastAliveAt = now;
    this.connectedBefore = true;
    this.awaitingStateFrame = true;
    this.cursorValue = onConnectionOpened(this.cursorValue);
    this.setStatus({ phase: 'open', since: now });
    this.heartbeatTimer = setInterval(() => this.checkHeartbeat(socket), this.heartbeat.pingIntervalMs);
  }

  private checkHeartbeat(socket: WebSocket): void {
    if (this.socket !== socket) return;
    const now = this.clock.now();
    const noStateFrame = this.awaitingStateFrame && now - this.openedAt > this.heartbeat.pongTimeoutMs;
    if (noStateFrame || now - this.lastAliveAt > this.heartbeat.pongTimeoutMs) {
      // Half-open: the peer stopped answering. terminate() emits 'close' and the reconnect follows.
      socket.terminate();
      return;
    }
    socket.ping();
  }

  private onClose(socket: WebSocket, code: number): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.stopHeartbeat();
    const now = this.clock.now();
    this.backoff.connectionEnded(now - this.openedAt);
    this.applyTable({ type: 'connection', connected: false, at: this.tableValue.lastDataAt ?? now });
    if (AUTH_CLOSE_CODES.has(code)) {
      this.options.access?.reportUnauthorized();
      this.withdraw(`the venue closed the socket with code ${code} (access withdrawn)`);
      return;
    }
    this.scheduleReconnect(`socket closed (${code})`);
  }

  private onText(text: string): void {
    const at = this.clock.now();
    const { parsed, violations } = readFrameText(text);
    if (violations.length > 0) this.emit({ type: 'violation', paths: violations });
    if (this.awaitingStateFrame && parsed.type !== 'state') {
      // Without its state frame a connection has no base to apply events to (frames were lost): start over.
      this.emit({ type: 'protocol-error', error: new VenueProtocolError('the connection did not begin with a state frame', 'connection') });
      this.socket?.terminate();
      return;
    }
    switch (parsed.type) {
      case 'state':
        if (this.awaitingStateFrame) {
          this.awaitingStateFrame = false;
          this.applyTable({ type: 'connection', connected: true, at });
        }
        this.applyTable({ type: 'state', live: parsed.frame.live, state: parsed.frame.state, at });
        this.emit({ type: 'state', live: parsed.frame.live, state: parsed.frame.state, at });
        return;
      case 'replay': {
        const { cursor, gap } = onReplay(this.cursorValue, parsed.frame);
        this.cursorValue = cursor;
        if (parsed.frame.reset) this.emit({ type: 'reset', runEpoch: cursor.runEpoch });
        if (gap !== null) this.emit({ type: 'gap', gap });
        this.markDirty();
        return;
      }
      case 'event': {
        const { cursor, decision } = onEvent(this.cursorValue, parsed.event);
        this.cursorValue = cursor;
        if (decision === 'drop') return;
        const catchUp = decision === 'catch-up';
        this.applyTable({ type: catchUp ? 'catch-up' : 'event', event: parsed.event, at });
        this.emit({ type: 'event', event: parsed.event, at, catchUp });
        return;
      }
      case 'ignored':
        this.emit({ type: 'ignored', name: parsed.name, reason: parsed.reason });
        return;
      case 'invalid':
        this.emit({ type: 'protocol-error', error: parsed.error });
        return;
    }
  }

  private applyTable(input: TableInput): void {
    this.tableValue = reduceTable(this.tableValue, input);
    this.markDirty();
  }

  private scheduleReconnect(reason: string): void {
    if (!this.running) return;
    const attempt = this.backoff.attempts;
    const delay = this.backoff.next();
    this.setStatus({ phase: 'reconnecting', attempt, retryAt: this.clock.now() + delay, reason });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  private withdraw(reason: string): void {
    if (this.statusValue.phase === 'withdrawn') return;
    this.running = false;
    this.teardown();
    this.setStatus({ phase: 'withdrawn', reason });
    void this.flush();
  }

  private teardown(): void {
    this.stopHeartbeat();
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.unwatchAccess?.();
    this.unwatchAccess = null;
    const socket = this.socket;
    this.socket = null;
    if (socket !== null) {
      socket.terminate();
      if (this.tableValue.connected) this.applyTable({ type: 'connection', connected: false, at: this.clock.now() });
    }
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer !== null) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }

  private setStatus(status: KeeperStatus): void {
    this.statusValue = status;
    this.emit({ type: 'status', status });
  }

  private emit(update: KeeperUpdate): void {
    for (const listener of this.listeners) listener(update);
  }

  private markDirty(): void {
    if (!this.options.persistence) return;
    this.dirty = true;
    if (this.persistTimer !== null) return;
    this.persistTimer = setTimeout(() => {
      this.persistTimer = null;
      void this.flush();
    }, this.options.persistEveryMs ?? 1_000);
  }

  /** The record that resumes this keeper's place. */
  private record(): PersistedLive {
    const table = this.tableValue;
    const cursor = this.cursorValue;
    return {
      version: 1,
      seq: cursor.seq,
      runEpoch: cursor.runEpoch,
      lastHandNumber: cursor.lastHandNumber,
      frame: table.lastDataAt === null ? null : { live: table.live ?? false, state: tableToLiveState(table), at: table.lastDataAt },
      savedAt: this.clock.now(),
    };
  }

  private async flush(): Promise<void> {
    if (this.persistTimer !== null) clearTimeout(this.persistTimer);
    this.persistTimer = null;
    const persistence = this.options.persistence;
    if (!persistence || !this.dirty) return;
    this.dirty = false;
    try {
      await persistence.save(this.record());
    } catch (error) {
      this.emit({ type: 'persist-error', message: (error as Error).message });
    }
  }
}
