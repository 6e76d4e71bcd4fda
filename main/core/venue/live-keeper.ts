/**
 * LiveKeeper: one WebSocket per venue key that never loses its place. This file keeps the socket alive and
 * publishes; each other job is a file of its own:
 * - what a message does to the cursor and the table: live-intake.ts (replay envelopes, regressions, catch-up);
 * - what the stream proves it delivered: live-coverage.ts (`coverage`, README "Coverage in positions");
 * - heals from GET /live/state: live-healing.ts; the place on disk: live-saver.ts.
 *
 * The socket's life:
 * - Reconnects with full-jitter exponential backoff (backoff.ts), resuming with `since_seq` = the last consumed
 *   seq, which is persisted so an app restart resumes too. The attempts reset only after a connection that opened,
 *   had its state frame and stayed up for `stableMs`; a 429 on the upgrade waits at least its `retry_after_sec`.
 * - A ping/pong heartbeat terminates a half-open socket: no pong or frame within `pongTimeoutMs` of the last one,
 *   checked every `pingIntervalMs` (15 s + 30 s: detected within 45 s).
 * - Only a 401 withdraws access (on the upgrade, or the REST client seeing one): that stops reconnecting for good.
 *   A policy or auth-looking close code (1008, 3000, 3003, 4001, 4003, 4401, 4403) or a 403 on the upgrade is
 *   doubtful: the keeper asks GET /key and reconnects, and lets their 401 (or success) decide.
 * - Subscribers get one publication per change, in order (`emit`): the update with the table, standing and
 *   coverage it left.
 */
import type WebSocket from 'ws';
import { Backoff, DEFAULT_BACKOFF } from './backoff';
import { systemClock, type Clock } from './clock';
import { VenueProtocolError } from './errors';
import { INITIAL_CURSOR } from './live-cursor';
import { MAX_RATE_PAUSE_SEC } from './limits';
import { CoverageTracker } from './live-coverage';
import { KeeperHealing } from './live-healing';
import { FrameIntake } from './live-intake';
import {
  DEFAULT_HEARTBEAT,
  realTimers,
  type HeartbeatPolicy,
  type KeeperStatus,
  type KeeperTimers,
  type KeeperUpdate,
  type LiveKeeperOptions,
  type LiveView,
  type ReconnectNow,
} from './live-keeper-types';
import { KeeperSaver, placeRecord } from './live-saver';
import { DOUBTFUL_CLOSE_CODES, openLiveSocket } from './live-socket';
import { DEFAULT_TABLE_LIMITS, initialTable, reduceTable } from './table-model';
import type { TableInput, TableState } from './table-types';

export * from './live-keeper-types';

/** Longest wait for a 429's retry_after_sec on the socket: the venue's time is kept, within what a timer can hold. */
const MAX_UPGRADE_WAIT_MS = MAX_RATE_PAUSE_SEC * 1000;

/** Keeps one venue's live socket and table model. */
export class LiveKeeper {
  private readonly listeners = new Set<(view: LiveView) => void>();
  private readonly clock: Clock;
  private readonly heartbeat: HeartbeatPolicy;
  private readonly backoff: Backoff;
  private readonly timers: KeeperTimers;
  private readonly coverage = new CoverageTracker();
  private readonly healing: KeeperHealing;
  private readonly intake: FrameIntake;
  private readonly saver: KeeperSaver;
  private socket: WebSocket | null = null;
  private statusValue: KeeperStatus = { phase: 'idle' };
  private tableValue: TableState;
  private openedAt = 0;
  /** True once the current connection's socket opened. */
  private opened = false;
  /** When this connection had its state frame (healthy); null until then and for a connection that never opened. */
  private healthySince: number | null = null;
  /** True when the current attempt got an HTTP answer (a refused upgrade) rather than no answer at all. */
  private answered = false;
  private lastAliveAt = 0;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private retryTimer: unknown = null;
  /** Until when the venue asked us to wait (a 429's retry_after_sec): "Reconnect now" does not cut it short. */
  private venueWaitUntil = 0;
  private running = false;
  private unwatchAccess: (() => void) | null = null;

  constructor(private readonly options: LiveKeeperOptions) {
    this.clock = options.clock ?? systemClock;
    this.timers = options.timers ?? realTimers;
    this.heartbeat = options.heartbeat ?? DEFAULT_HEARTBEAT;
    this.backoff = new Backoff(options.backoff ?? DEFAULT_BACKOFF, options.random);
    this.tableValue = initialTable(options.tableLimits ?? DEFAULT_TABLE_LIMITS);
    const applyTable = (input: TableInput): void => this.applyTable(input);
    const emit = (update: KeeperUpdate): void => this.emit(update);
    const terminate = (): void => this.socket?.terminate();
    const resync = (message: string): void => this.resync(message);
    this.healing = new KeeperHealing(
      options.stateSource,
      {
        clock: this.clock,
        socket: () => this.socket,
        running: () => this.running,
        awaitingStateFrame: () => this.intake.awaitingStateFrame,
        applyTable,
        emit,
        terminate,
        resync,
      },
      this.coverage,
    );
    this.intake = new FrameIntake(
      {
        table: () => this.tableValue,
        markDirty: () => this.saver.markDirty(),
        notCaughtUp: () => this.notCaughtUp(),
        streamBegan: (at) => (this.healthySince = at),
        applyTable,
        emit,
        terminate,
        resync,
      },
      this.coverage,
      this.healing,
    );
    this.saver = new KeeperSaver(
      options.persistence,
      options.persistEveryMs ?? 1_000,
      () =>
        placeRecord({ table: this.tableValue, cursor: this.intake.cursor, run: this.coverage.run }, this.clock.now()),
      (message) => this.emit({ type: 'persist-error', message }),
    );
  }

  /**
   * Receives one publication per change, in order: the update with the table, standing and coverage it left (taken
   * once, before any listener runs); returns the unsubscribe.
   */
  subscribe(listener: (view: LiveView) => void): () => void {
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
    await this.saver.flush();
  }

  /**
   * "Reconnect now": while waiting out the backoff, tries at once and forgets the wait (the next waits start again
   * from the first). One attempt however often it is asked: while one is under way, or the socket is open, nothing
   * starts. A wait the venue asked for (429 retry_after_sec) is kept.
   */
  reconnectNow(): ReconnectNow {
    const phase = this.statusValue.phase;
    if (!this.running || phase === 'withdrawn' || phase === 'stopped') return 'stopped';
    if (phase === 'open') return 'connected';
    if (phase !== 'reconnecting' || this.retryTimer === null) return 'already-trying';
    if (this.clock.now() < this.venueWaitUntil) return 'venue-asked-to-wait';
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.backoff.reset();
    this.connect();
    return 'trying';
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
    this.intake.restore({
      ...INITIAL_CURSOR,
      seq: record.seq,
      runEpoch: record.runEpoch,
      lastHandNumber: record.lastHandNumber,
    });
    // A saved place means we were connected; without its seq the position in the stream is unknown (a new run).
    if (record.seq !== null && record.run !== undefined) this.coverage.restoreRun(record.run);
    if (record.frame !== null)
      this.applyTable({ type: 'state', live: record.frame.live, state: record.frame.state, at: record.frame.at });
  }

  private url(): string {
    const params = new URLSearchParams({ key: this.options.key });
    const since = this.intake.connecting();
    if (since !== null) params.set('since_seq', String(since));
    return `${this.options.wsUrl}/live/events?${params.toString()}`;
  }

  private connect(): void {
    if (!this.running) return;
    this.setStatus({ phase: 'connecting', attempt: this.backoff.attempts });
    this.healthySince = null;
    this.answered = false;
    this.socket = openLiveSocket(this.url(), this.options.handshakeTimeoutMs ?? 10_000, {
      isCurrent: (socket) => this.socket === socket,
      refusing: () => {
        this.socket = null;
        this.answered = true;
      },
      refused: (status, retryAfterSec) => this.onRefused(status, retryAfterSec),
      opened: (socket) => this.onOpen(socket),
      message: (text) => {
        this.lastAliveAt = this.clock.now();
        this.intake.read(text, this.clock.now());
      },
      pong: () => {
        this.lastAliveAt = this.clock.now();
        const delivered = this.coverage.pongReceived();
        if (delivered !== null) this.emit({ type: 'delivered', at: delivered });
      },
      closed: (code) => this.onClose(code),
    });
  }

  /** A refused upgrade: only a 401 withdraws; a 403 asks GET /key first; a 429 waits at least its retry_after_sec. */
  private onRefused(status: number, retryAfterSec: number | null): void {
    if (!this.running) return;
    this.backoff.connectionEnded(null);
    if (status === 401) {
      this.options.access?.reportUnauthorized();
      this.withdraw('the venue refused the key (401 on connect)');
      return;
    }
    if (status === 403) this.checkKey();
    const minimumMs =
      status === 429 && retryAfterSec !== null ? Math.min(retryAfterSec * 1000, MAX_UPGRADE_WAIT_MS) : 0;
    const hint = status === 429 && retryAfterSec !== null ? `, retry after ${retryAfterSec} s` : '';
    this.scheduleReconnect(`upgrade refused with ${status}${hint}`, minimumMs);
  }

  /** Lets GET /key judge a doubtful refusal; its 401 reaches the keeper through onAccessChange. */
  private checkKey(): void {
    void this.options.access?.checkKey?.().catch(() => undefined);
  }

  private onOpen(socket: WebSocket): void {
    const now = this.clock.now();
    this.openedAt = now;
    this.opened = true;
    this.lastAliveAt = now;
    this.healing.forget();
    this.intake.opened();
    this.setStatus({ phase: 'open', since: now });
    this.heartbeatTimer = setInterval(() => this.checkHeartbeat(socket), this.heartbeat.pingIntervalMs);
  }

  private checkHeartbeat(socket: WebSocket): void {
    if (this.socket !== socket) return;
    const now = this.clock.now();
    const noStateFrame = this.intake.awaitingStateFrame && now - this.openedAt > this.heartbeat.pongTimeoutMs;
    if (noStateFrame || now - this.lastAliveAt > this.heartbeat.pongTimeoutMs) {
      // Half-open: the peer stopped answering. terminate() emits 'close' and the reconnect follows.
      socket.terminate();
      return;
    }
    socket.ping();
    this.coverage.pingSent(now);
  }

  private onClose(code: number): void {
    this.socket = null;
    this.stopHeartbeat();
    const now = this.clock.now();
    const opened = this.opened;
    this.backoff.connectionEnded(this.healthySince === null ? null : now - this.healthySince);
    this.healthySince = null;
    this.coverage.connectionClosed(!this.intake.awaitingStateFrame);
    this.opened = false;
    this.healing.forget();
    if (opened) this.applyTable({ type: 'connection', connected: false, at: this.tableValue.lastDataAt ?? now });
    if (DOUBTFUL_CLOSE_CODES.has(code)) {
      // Not a 401: reconnect, and let the upgrade's or GET /key's answer say whether the key still works.
      this.checkKey();
      this.scheduleReconnect(`the venue closed the socket with code ${code}; checking the key`);
      return;
    }
    this.scheduleReconnect(
      opened ? `socket closed (${code})` : 'the venue did not answer',
      0,
      !opened && !this.answered,
    );
  }

  /** The table is known to be behind the venue (a regression, a partly read event): no longer "caught up". */
  private notCaughtUp(): void {
    this.coverage.end();
    if (this.tableValue.connected)
      this.applyTable({ type: 'connection', connected: false, at: this.tableValue.lastDataAt ?? this.clock.now() });
  }

  /** Drops the current connection so the next one's state frame and replay put the table right. */
  private resync(message: string): void {
    this.notCaughtUp();
    this.emit({
      type: 'protocol-error',
      error: new VenueProtocolError(`resyncing the table through a reconnect: ${message}`, 'resync'),
    });
    this.socket?.terminate();
  }

  private applyTable(input: TableInput): void {
    this.tableValue = reduceTable(this.tableValue, input);
    this.saver.markDirty();
  }

  private scheduleReconnect(reason: string, minimumMs = 0, unreachable = false): void {
    if (!this.running) return;
    const attempt = this.backoff.attempts;
    const delay = Math.max(this.backoff.next(), minimumMs);
    this.venueWaitUntil = minimumMs > 0 ? this.clock.now() + minimumMs : 0;
    this.setStatus({ phase: 'reconnecting', attempt, retryAt: this.clock.now() + delay, reason, unreachable });
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  private withdraw(reason: string): void {
    if (this.statusValue.phase === 'withdrawn') return;
    this.running = false;
    this.teardown();
    this.setStatus({ phase: 'withdrawn', reason });
    void this.saver.flush();
  }

  private teardown(): void {
    this.stopHeartbeat();
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
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

  /** Publishes one change with the state it left: every listener is handed the same value. */
  private emit(update: KeeperUpdate): void {
    if (this.listeners.size === 0) return;
    const coverage = this.coverage.at(this.intake.cursor.seq);
    const view: LiveView = { table: this.tableValue, status: this.statusValue, coverage, update };
    for (const listener of this.listeners) listener(view);
  }
}
