/**
 * LiveKeeper: one WebSocket per venue key that never loses its place.
 *
 * - Reconnects with full-jitter exponential backoff (backoff.ts), resuming with `since_seq` = the last consumed
 *   seq, which is persisted so an app restart resumes too. The attempts reset only after a connection that opened,
 *   had its state frame and stayed up for `stableMs`; a 429 on the upgrade waits at least its `retry_after_sec`.
 *   A saved place without a seq is an unknown position: connect without `since_seq`, heal from the state frame and
 *   report a gap.
 * - A ping/pong heartbeat terminates a half-open socket: no pong or frame within `pongTimeoutMs` of the last one,
 *   checked every `pingIntervalMs` (15 s + 30 s: detected within 45 s).
 * - Replay envelopes: `complete: false` is a gap (reported, with "reconcile against /hands"), `reset: true` a new
 *   engine run (seq tracking restarts, replayed hands already seen are dropped). A replayed duplicate is dropped.
 * - Only a 401 withdraws access (on the upgrade, or the REST client seeing one): that stops reconnecting for good.
 *   A policy or auth-looking close code (1008, 3000, 3003, 4001, 4003, 4401, 4403) or a 403 on the upgrade is
 *   doubtful: the keeper asks GET /key and reconnects, and lets their 401 (or success) decide.
 * - A seq or hand_number going backwards on an open socket is an engine reset under us: reported as a gap, then a
 *   reconnect with `since_seq` lets the venue's replay envelope reconcile.
 * - An event with a malformed part keeps what is valid; an event that could not be fully read heals the table from
 *   GET /live/state at once. Until the reading has healed it, the table is not "connected" (not caught up: the
 *   cashier takes no evidence from it). Events that arrive while the reading is under way and are stamped after it
 *   are applied on top of it; an event stamped in the reading's own instant cannot be placed, nor can a reading that
 *   is not live with a state: the keeper then resyncs through a reconnect (state frame and replay).
 * - Subscribers get every applied frame and event in order; `table` is the model after them.
 * - `coverage` says what the stream proves it delivered, in time (heartbeats) and in positions: a local name of the
 *   venue's seq counter (`run`, saved with the cursor) and the seq after which every event of it was delivered without
 *   a break by this keeper (see README "Coverage in positions").
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { MAX_LIVE_FRAME_BYTES } from './body-limit';
import { Backoff, DEFAULT_BACKOFF } from './backoff';
import { systemClock, type Clock } from './clock';
import { VenueProtocolError } from './errors';
import {
  handsSkipped,
  INITIAL_CURSOR,
  onConnectionOpened,
  onEvent,
  onNewRunDetected,
  onReplay,
  regressionOf,
  resumeSeq,
  type LiveCursor,
} from './live-cursor';
import { MAX_RATE_PAUSE_SEC } from './limits';
import { readFrameText, type ParsedFrame } from './live-frames';
import { HealPlacement, TableHealer } from './live-heal';
import {
  DEFAULT_HEARTBEAT,
  realTimers,
  type HeartbeatPolicy,
  type KeeperCoverage,
  type KeeperStatus,
  type KeeperTimers,
  type KeeperUpdate,
  type LiveKeeperOptions,
  type LiveView,
  type ReconnectNow,
  type StretchStart,
} from './live-keeper-types';
import { readUpgradeRefusal } from './live-upgrade';
import type { PersistedLive } from './live-persistence';
import type { LiveEvent, LiveStateResponse, ReplayFrame, StateFrame } from './schemas-live';
import { DEFAULT_TABLE_LIMITS, initialTable, reduceTable } from './table-model';
import { unplaceableStackChange } from './table-events';
import { tableToLiveState } from './table-snapshot';
import type { TableInput, TableState } from './table-types';

export * from './live-keeper-types';

/**
 * Close codes that look like "this key may no longer connect" but are not a 401 (1008 is a generic policy close):
 * the keeper checks the key with GET /key and reconnects, and only a 401 withdraws.
 */
const DOUBTFUL_CLOSE_CODES: ReadonlySet<number> = new Set([1008, 3000, 3003, 4001, 4003, 4401, 4403]);

/** A frame read as one event (with what was left out of it to read it, if anything). */
type EventFrame = Extract<ParsedFrame, { readonly type: 'event' }>;

/** Longest wait for a 429's retry_after_sec on the socket: the venue's time is kept, within what a timer can hold. */
const MAX_UPGRADE_WAIT_MS = MAX_RATE_PAUSE_SEC * 1000;

/** Keeps one venue's live socket and table model. */
export class LiveKeeper {
  private readonly listeners = new Set<(view: LiveView) => void>();
  private readonly clock: Clock;
  private readonly heartbeat: HeartbeatPolicy;
  private readonly backoff: Backoff;
  private socket: WebSocket | null = null;
  private statusValue: KeeperStatus = { phase: 'idle' };
  private tableValue: TableState;
  private cursorValue: LiveCursor = INITIAL_CURSOR;
  private readonly timers: KeeperTimers;
  private connectedBefore = false;
  /** The saved place had no seq: the next state frame is a resume from an unknown position (a gap). */
  private unknownPosition = false;
  /** The current connection asked with since_seq (so a replay envelope follows its state frame). */
  private sentCursor = false;
  /** The since_seq the current connection sent: a complete replay proves every event after it was delivered. */
  private sentSince: number | null = null;
  private openedAt = 0;
  /** True once the current connection's socket opened. */
  private opened = false;
  /** When this connection had its state frame (healthy); null until then and for a connection that never opened. */
  private healthySince: number | null = null;
  /**
   * Since when this connection delivered every change without a break (its state frame, or the last heal); null
   * while it is not. A reconnect or a partly read event ends it: changes in between may be unseen.
   */
  private unbrokenFrom: number | null = null;
  /** The send time of the newest ping answered on the unbroken stream: every frame sent before it has arrived. */
  private deliveredUpTo: number | null = null;
  /** Send times of the pings not yet answered, oldest first (pongs come back in order). */
  private pingTimes: number[] = [];
  /**
   * The unbroken stretch a closed connection had: a reconnect whose replay is complete (no gap, no reset) continues
   * it, since every event in between was replayed; anything else starts a new stretch at its state frame.
   */
  private carriedFrom: number | null = null;
  /**
   * A local name for the venue's current seq counter: a new one whenever the counter restarted (a reset replay, a
   * seq or hand_number regression, a replay that skipped hands) or continuity with the previous one cannot be proven
   * (no saved place, or one without a seq); saved with the cursor.
   */
  private run: string = randomUUID();
  /** In `run`, every event after this seq was delivered on the unbroken stretch; null while unknown or broken. */
  private unbrokenAfterSeq: number | null = null;
  /** The stretch's first position is the seq just before its first event (it began without a replay to say it). */
  private positionPending = false;
  /** How the current stretch began. */
  private stretchStart: StretchStart = 'connected';
  /** The position of the stretch a closed connection had (see carriedFrom). */
  private carriedAfterSeq: number | null = null;
  /** True when the current attempt got an HTTP answer (a refused upgrade) rather than no answer at all. */
  private answered = false;
  private readonly healer: TableHealer | null;
  /** This connection's events placed against its GET /live/state readings (see HealPlacement). */
  private readonly placement = new HealPlacement();
  /** The socket a heal reading was asked for: a reading that arrives after that connection ended is not used. */
  private healFor: WebSocket | null = null;
  /**
   * Events still to come in this connection's replay (the envelope's `count`). A venue that repeats an event there
   * is only dropped as a duplicate; after the replay, a seq going backwards is a regression.
   */
  private replayRemaining = 0;
  /**
   * The lowest seq a replayed event of this connection may carry (the envelope's since_seq; null after a reset):
   * an event below it is no replay, whatever `count` said, so a venue overstating `count` cannot hide a regression.
   */
  private replayFloor: number | null = null;
  /** After a replay that claimed complete (no reset): its first event must not skip hands (see handsSkipped). */
  private checkHandContinuity = false;
  private lastAliveAt = 0;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private retryTimer: unknown = null;
  /** Until when the venue asked us to wait (a 429's retry_after_sec): "Reconnect now" does not cut it short. */
  private venueWaitUntil = 0;
  private persistTimer: NodeJS.Timeout | null = null;
  private dirty = false;
  /** True from open until the connection's first frame: every connection must begin with a state frame. */
  private awaitingStateFrame = false;
  private running = false;
  private unwatchAccess: (() => void) | null = null;

  constructor(private readonly options: LiveKeeperOptions) {
    this.clock = options.clock ?? systemClock;
    this.timers = options.timers ?? realTimers;
    this.healer =
      options.stateSource === undefined
        ? null
        : new TableHealer(options.stateSource, {
            onReading: (answer) => this.onHealReading(answer),
            onFailure: (message) => this.onHealFailure(message),
          });
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

  /**
   * What the stream proves it delivered: a reading taken before `deliveredThrough` and after `unbrokenSince` saw
   * every change the venue streamed in between (the cashier's "not applied" needs that).
   */
  get coverage(): KeeperCoverage {
    return this.coverageNow();
  }

  private coverageNow(): KeeperCoverage {
    return {
      unbrokenSince: this.unbrokenFrom,
      deliveredThrough: this.deliveredUpTo,
      run: this.run,
      seq: this.cursorValue.seq,
      unbrokenAfter: this.unbrokenAfterSeq,
      stretchStart: this.stretchStart,
    };
  }

  /** The stream position (seq of the current engine run, run epoch). */
  get cursor(): LiveCursor {
    return this.cursorValue;
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
    this.cursorValue = {
      ...INITIAL_CURSOR,
      seq: record.seq,
      runEpoch: record.runEpoch,
      lastHandNumber: record.lastHandNumber,
    };
    // A saved place means we were connected; without its seq the position in the stream is unknown (a new run).
    if (record.seq !== null && record.run !== undefined) this.run = record.run;
    this.connectedBefore = record.seq !== null;
    this.unknownPosition = record.seq === null;
    if (record.frame !== null)
      this.applyTable({ type: 'state', live: record.frame.live, state: record.frame.state, at: record.frame.at });
  }

  private url(): string {
    const params = new URLSearchParams({ key: this.options.key });
    const since = resumeSeq(this.cursorValue, this.connectedBefore);
    this.sentCursor = since !== null;
    this.sentSince = since;
    if (since !== null) params.set('since_seq', String(since));
    return `${this.options.wsUrl}/live/events?${params.toString()}`;
  }

  private connect(): void {
    if (!this.running) return;
    this.setStatus({ phase: 'connecting', attempt: this.backoff.attempts });
    this.healthySince = null;
    this.answered = false;
    const socket = new WebSocket(this.url(), {
      handshakeTimeout: this.options.handshakeTimeoutMs ?? 10_000,
      // A larger frame ends this connection (1009) before it is buffered whole; the keeper reconnects with backoff.
      maxPayload: MAX_LIVE_FRAME_BYTES,
    });
    this.socket = socket;
    socket.on('unexpected-response', (request, response) => {
      if (this.socket !== socket) {
        request.destroy();
        return;
      }
      this.socket = null;
      this.answered = true;
      void readUpgradeRefusal(response).then((refusal) => {
        request.destroy();
        this.onRefused(refusal.status, refusal.retryAfterSec);
      });
    });
    socket.on('open', () => this.onOpen(socket));
    socket.on('message', (data: WebSocket.RawData) => {
      // A socket we terminated (a regression, a failed heal) may still deliver buffered frames: they are not read.
      if (this.socket !== socket || socket.readyState !== WebSocket.OPEN) return;
      this.lastAliveAt = this.clock.now();
      this.onText(data.toString());
    });
    socket.on('pong', () => {
      if (this.socket !== socket) return;
      this.lastAliveAt = this.clock.now();
      const sent = this.pingTimes.shift();
      if (sent === undefined || this.unbrokenFrom === null || sent < this.unbrokenFrom) return;
      this.deliveredUpTo = sent;
      this.emit({ type: 'delivered', at: sent });
    });
    socket.on('close', (code: number) => this.onClose(socket, code));
    // 'close' always follows 'error'; the error itself needs a listener so it is not thrown.
    socket.on('error', () => undefined);
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
    if (this.socket !== socket) return;
    const now = this.clock.now();
    this.openedAt = now;
    this.opened = true;
    this.lastAliveAt = now;
    this.connectedBefore = true;
    this.awaitingStateFrame = true;
    this.forgetHeal();
    this.replayRemaining = 0;
    this.checkHandContinuity = false;
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
    this.pingTimes.push(now);
  }

  private onClose(socket: WebSocket, code: number): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.stopHeartbeat();
    const now = this.clock.now();
    const opened = this.opened;
    this.backoff.connectionEnded(this.healthySince === null ? null : now - this.healthySince);
    this.healthySince = null;
    // A connection that never had its state frame delivered nothing: the stretch before it is still the one to carry.
    const carried = this.awaitingStateFrame ? this.carriedFrom : this.unbrokenFrom;
    const carriedAfter = this.awaitingStateFrame ? this.carriedAfterSeq : this.unbrokenAfterSeq;
    this.endUnbroken();
    this.carriedFrom = carried;
    this.carriedAfterSeq = carriedAfter;
    this.opened = false;
    this.forgetHeal();
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

  /** One socket message: read once into a typed frame, then handled by its kind. */
  private onText(text: string): void {
    const at = this.clock.now();
    const { parsed, violations } = readFrameText(text);
    if (violations.length > 0) this.emit({ type: 'violation', paths: violations });
    if (this.awaitingStateFrame && parsed.type !== 'state') {
      // Without its state frame a connection has no base to apply events to (frames were lost): start over.
      this.emit({
        type: 'protocol-error',
        error: new VenueProtocolError('the connection did not begin with a state frame', 'connection'),
      });
      this.socket?.terminate();
      return;
    }
    switch (parsed.type) {
      case 'state':
        this.onStateFrame(parsed.frame, at);
        return;
      case 'replay':
        this.onReplayFrame(parsed.frame);
        return;
      case 'event':
        this.onEventFrame(parsed, at);
        return;
      case 'ignored':
        this.emit({ type: 'ignored', name: parsed.name, reason: parsed.reason });
        return;
      case 'invalid':
        this.onInvalidFrame(parsed.error);
        return;
    }
  }

  /** A state frame: the table as the venue has it; the connection's first one starts its unbroken stream. */
  private onStateFrame(frame: StateFrame, at: number): void {
    const first = this.awaitingStateFrame;
    if (first) this.beginStream(at);
    this.applyTable({ type: 'state', live: frame.live, state: frame.state, at });
    this.emit({ type: 'state', live: frame.live, state: frame.state, at });
    if (first && !this.sentCursor) this.emit({ type: 'resume', verdict: 'no-cursor' });
    if (this.unknownPosition) {
      this.unknownPosition = false;
      this.emit({
        type: 'gap',
        gap: { afterSeq: null, resumedAtSeq: null, runEpoch: this.cursorValue.runEpoch, reason: 'unknown-position' },
      });
    }
  }

  /** The connection is healthy from its state frame on, and delivers every change from then (a new stretch). */
  private beginStream(at: number): void {
    this.awaitingStateFrame = false;
    this.healthySince = at;
    const carried = this.carriedFrom;
    const carriedAfter = this.carriedAfterSeq;
    this.endUnbroken();
    this.carriedFrom = carried;
    this.carriedAfterSeq = carriedAfter;
    this.unbrokenFrom = at;
    // With since_seq its replay envelope says where the stretch starts; without, its first event does.
    if (!this.sentCursor) this.startStretchAt(null, 'connected');
    this.applyTable({ type: 'connection', connected: true, at });
  }

  /** The replay envelope: how many events follow, from where, and whether the venue could replay them all. */
  private onReplayFrame(frame: ReplayFrame): void {
    const { cursor, gap } = onReplay(this.cursorValue, frame);
    this.cursorValue = cursor;
    this.replayRemaining = frame.count;
    this.replayFloor = frame.reset ? null : (frame.since_seq ?? null);
    this.checkHandContinuity = gap === null && !frame.reset;
    if (frame.reset) this.run = randomUUID();
    this.placeStretch(frame, gap === null && !frame.reset);
    this.carriedFrom = null;
    this.carriedAfterSeq = null;
    if (frame.reset) this.emit({ type: 'reset', runEpoch: cursor.runEpoch });
    if (gap !== null) this.emit({ type: 'gap', gap });
    this.emit({ type: 'resume', verdict: gap === null ? 'complete' : 'incomplete' });
    this.markDirty();
  }

  /**
   * Where the stretch begun by this connection's state frame starts in the stream. A complete replay from our cursor
   * delivered every event since the last connection: the stretch that connection had goes on (or, with none in this
   * process, starts at the cursor the replay continued). After an incomplete or reset replay it starts at the newest
   * replayed seq (the state frame's), or just before the first event when the venue's buffer was empty.
   */
  private placeStretch(frame: ReplayFrame, complete: boolean): void {
    if (this.unbrokenFrom === null) return;
    if (!complete) {
      // Never before our own cursor in the same run: those events were not delivered on this stretch.
      const newest = frame.newest_seq;
      const floor = frame.reset ? null : this.sentSince;
      const after = newest === null || floor === null ? newest : Math.max(newest, floor);
      this.startStretchAt(after, frame.reset ? 'engine-reset' : 'incomplete-replay');
      return;
    }
    if (this.carriedFrom !== null) this.unbrokenFrom = this.carriedFrom;
    this.startStretchAt(this.carriedAfterSeq ?? this.sentSince, 'continued');
  }

  /** The unbroken stretch starts after `seq` (null: just before the next event). */
  private startStretchAt(seq: number | null, how: StretchStart): void {
    this.unbrokenAfterSeq = seq;
    this.positionPending = seq === null;
    this.stretchStart = how;
  }

  /** An event: placed against the cursor and any heal reading, applied, then healed if it was not read whole. */
  private onEventFrame(parsed: EventFrame, at: number): void {
    const { event, repaired } = parsed;
    if (!this.admitEvent(event)) return;
    if (this.checkHandContinuity) this.checkReplayContinuity(event, at);
    const { cursor, decision } = onEvent(this.cursorValue, event);
    this.cursorValue = cursor;
    if (decision === 'drop') return;
    if (this.positionPending) this.placePendingStretch(event.seq);
    const healed = this.placement.place(event);
    const catchUp = decision === 'catch-up' || healed !== 'after';
    // A stack change naming no seat and no player that no single seat's name places: heal from a fresh reading.
    const unplaced = !catchUp && unplaceableStackChange(this.tableValue, event);
    if (unplaced) this.notCaughtUp();
    // A partly read event leaves the table wrong until the heal: not caught up from before it is applied.
    if (repaired !== undefined || healed === 'same-instant') this.notCaughtUp();
    this.applyTable({ type: catchUp ? 'catch-up' : 'event', event, at });
    if (!catchUp) this.placement.noteApplied(event);
    this.emit({ type: 'event', event, at, catchUp });
    if (healed === 'same-instant') {
      this.resync('an event is stamped in the same instant as the GET /live/state reading: it may or may not be in it');
    } else if (repaired !== undefined) {
      this.emit({ type: 'repaired', seq: event.seq, kind: event.kind, dropped: repaired });
      this.heal();
    } else if (unplaced) {
      this.emit({ type: 'repaired', seq: event.seq, kind: event.kind, dropped: ['seat_id', 'player_id'] });
      this.heal();
    }
  }

  /**
   * Whether an event goes on to be applied: one of the replay's announced events counts down the replay; any other
   * is checked for a regression (which ends the connection, and the event with it).
   */
  private admitEvent(event: LiveEvent): boolean {
    const replayed = this.replayRemaining > 0 && (this.replayFloor === null || event.seq >= this.replayFloor);
    if (replayed) {
      this.replayRemaining -= 1;
      return true;
    }
    return !this.onRegression(event);
  }

  /** The first event of a stretch that began without a replay: every event from it on is delivered. */
  private placePendingStretch(seq: number): void {
    this.positionPending = false;
    if (this.unbrokenFrom !== null) this.unbrokenAfterSeq = seq - 1;
  }

  /** The first event after a replay that claimed complete: if it skips hands, the replay was not whole after all. */
  private checkReplayContinuity(event: LiveEvent, at: number): void {
    this.checkHandContinuity = false;
    const before = this.cursorValue;
    if (!handsSkipped(before, event)) return;
    // Continuity holds only from here, and the counter is not the one our cursor belonged to.
    this.run = randomUUID();
    if (this.unbrokenFrom !== null) {
      this.unbrokenFrom = at;
      this.startStretchAt(event.seq - 1, 'hands-skipped');
    }
    this.emit({
      type: 'gap',
      gap: { afterSeq: before.seq, resumedAtSeq: event.seq, runEpoch: before.runEpoch, reason: 'hands-skipped' },
    });
  }

  /** A frame that could not be read. */
  private onInvalidFrame(error: VenueProtocolError): void {
    // An event we could not read may have moved the table: heal now rather than at the next reconnect.
    const eventLost = error.where !== 'replay' && error.where !== 'state';
    if (eventLost) this.notCaughtUp();
    this.emit({ type: 'protocol-error', error });
    if (eventLost) this.heal();
  }

  /**
   * A seq or hand_number going backwards on an open socket: the engine restarted under us. Report the gap and
   * reconnect with `since_seq`, so the venue's replay envelope (reset, complete) reconciles. True when handled.
   */
  private onRegression(event: LiveEvent): boolean {
    const regression = regressionOf(this.cursorValue, event);
    if (regression === null) return false;
    const before = this.cursorValue;
    if (regression === 'hand-number') this.cursorValue = onNewRunDetected(before, event);
    // Either way the counter is not (provably) the one our positions belong to: a new run from here.
    this.run = randomUUID();
    const reason = regression === 'seq' ? 'seq-regression' : 'hand-regression';
    // The table belongs to the run that ended: not caught up from the moment that is known, not when the close lands.
    this.notCaughtUp();
    this.emit({
      type: 'gap',
      gap: { afterSeq: before.seq, resumedAtSeq: event.seq, runEpoch: this.cursorValue.runEpoch, reason },
    });
    this.markDirty();
    this.socket?.terminate();
    return true;
  }

  /**
   * Replaces the table with a GET /live/state reading; without a source, or while the venue's 429 pauses its reads,
   * a reconnect's state frame heals it.
   */
  private heal(): void {
    const paused = (this.options.stateSource?.pausedUntil ?? null) !== null;
    if (this.healer === null || this.socket === null || paused) {
      this.socket?.terminate();
      return;
    }
    // A reading still under way for an earlier connection is held to this request's bound, as if it were its own.
    this.placement.noteAsked(this.healer.busy && this.healFor === this.socket);
    this.healFor = this.socket;
    this.healer.heal();
  }

  /** The table is known to be behind the venue (a regression, a partly read event): no longer "caught up". */
  private endUnbroken(): void {
    this.unbrokenFrom = null;
    this.carriedFrom = null;
    this.unbrokenAfterSeq = null;
    this.carriedAfterSeq = null;
    this.positionPending = false;
    this.deliveredUpTo = null;
    this.pingTimes = [];
  }

  private notCaughtUp(): void {
    this.endUnbroken();
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

  private forgetHeal(): void {
    this.healFor = null;
    this.placement.reset();
  }

  private onHealReading(answer: LiveStateResponse): void {
    // A reading asked for on a connection that has since ended: the new connection's state frame is the truth.
    if (!this.running || this.socket === null || this.healFor !== this.socket) return;
    // Only a live reading with a table and a time can be placed against the stream; anything else resyncs.
    if (!answer.live || answer.state === null || typeof answer.ts !== 'number') {
      this.onHealFailure(
        `the reading is not a live table with a time (live: ${String(answer.live)}, ` +
          `state: ${answer.state === null ? 'null' : 'present'})`,
      );
      return;
    }
    const settled = this.healer?.queued !== true;
    const verdict = this.placement.judge(answer.ts, settled);
    if (!verdict.ok) {
      this.onHealFailure(verdict.reason);
      return;
    }
    const at = this.clock.now();
    this.applyTable({ type: 'state', live: answer.live, state: answer.state, at });
    // Events applied while the reading was under way and stamped after it are not in it: apply them again on top.
    for (const event of verdict.after) this.applyTable({ type: 'event', event, at });
    if (settled) this.healFor = null;
    if (settled && !this.awaitingStateFrame) {
      this.applyTable({ type: 'connection', connected: true, at });
      // The reading replaced the table: changes before it may never have been seen one by one.
      this.endUnbroken();
      this.unbrokenFrom = at;
      // An event that could not be read at all has no seq to go by: the stretch starts just before the next one.
      this.startStretchAt(null, 'healed');
    }
    this.emit({ type: 'state', live: answer.live, state: answer.state, at });
    this.emit({ type: 'healed', live: answer.live, at });
  }

  private onHealFailure(message: string): void {
    if (!this.running || this.socket === null || this.healFor !== this.socket) return;
    this.forgetHeal();
    this.resync(`could not heal the table from GET /live/state: ${message}`);
  }

  private applyTable(input: TableInput): void {
    this.tableValue = reduceTable(this.tableValue, input);
    this.markDirty();
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

  private withdraw(reason: string): void {
    if (this.statusValue.phase === 'withdrawn') return;
    this.running = false;
    this.teardown();
    this.setStatus({ phase: 'withdrawn', reason });
    void this.flush();
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
    const view: LiveView = { table: this.tableValue, status: this.statusValue, coverage: this.coverageNow(), update };
    for (const listener of this.listeners) listener(view);
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
      run: this.run,
      lastHandNumber: cursor.lastHandNumber,
      frame:
        table.lastDataAt === null
          ? null
          : { live: table.live ?? false, state: tableToLiveState(table), at: table.lastDataAt },
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
