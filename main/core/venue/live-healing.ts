/**
 * The live keeper's heals: when an event could not be applied in full, the table is replaced by a GET /live/state
 * reading (live-heal.ts asks for it) placed against the stream. Only a live reading with a table and a time, asked
 * on the connection still open, can be placed; events applied while it was under way and stamped after it are applied
 * again on top. Anything else resyncs the table through a reconnect (state frame and replay).
 */
import type { Clock } from './clock';
import type { CoverageTracker } from './live-coverage';
import { HealPlacement, TableHealer, type LiveStateSource } from './live-heal';
import type { KeeperUpdate } from './live-keeper-types';
import type { LiveEvent, LiveStateResponse } from './schemas-live';
import type { TableInput } from './table-types';

/** What a heal needs of the keeper it serves. */
export interface HealingHost {
  readonly clock: Clock;
  /** The socket now open (compared by identity), or null between connections. */
  socket(): object | null;
  running(): boolean;
  /** True from a connection's open until its state frame. */
  awaitingStateFrame(): boolean;
  applyTable(input: TableInput): void;
  emit(update: KeeperUpdate): void;
  /** Ends the current connection (the next one's state frame puts the table right). */
  terminate(): void;
  /** Drops the connection for the reason given, the table no longer caught up. */
  resync(message: string): void;
}

/** Heals one keeper's table from GET /live/state readings. */
export class KeeperHealing {
  private readonly healer: TableHealer | null;
  /** This connection's events placed against its GET /live/state readings (see HealPlacement). */
  private readonly placement = new HealPlacement();
  /** The socket a heal reading was asked for: a reading that arrives after that connection ended is not used. */
  private healFor: object | null = null;

  constructor(
    private readonly source: LiveStateSource | undefined,
    private readonly host: HealingHost,
    private readonly coverage: CoverageTracker,
  ) {
    this.healer =
      source === undefined
        ? null
        : new TableHealer(source, {
            onReading: (answer) => this.onReading(answer),
            onFailure: (message) => this.onFailure(message),
          });
  }

  /** Where an event stands against the readings asked on this connection (see HealPlacement.place). */
  place(event: LiveEvent): ReturnType<HealPlacement['place']> {
    return this.placement.place(event);
  }

  /** An event was applied live: a reading that turns out older than it must have it applied again. */
  noteApplied(event: LiveEvent): void {
    this.placement.noteApplied(event);
  }

  /**
   * Replaces the table with a GET /live/state reading; without a source, or while the venue's 429 pauses its reads,
   * a reconnect's state frame heals it.
   */
  heal(): void {
    const socket = this.host.socket();
    const paused = (this.source?.pausedUntil ?? null) !== null;
    if (this.healer === null || socket === null || paused) {
      this.host.terminate();
      return;
    }
    // A reading still under way for an earlier connection is held to this request's bound, as if it were its own.
    this.placement.noteAsked(this.healer.busy && this.healFor === socket);
    this.healFor = socket;
    this.healer.heal();
  }

  /** The connection changed: readings asked before are not placed on it. */
  forget(): void {
    this.healFor = null;
    this.placement.reset();
  }

  /** True while a reading asked on the open connection may still be used. */
  private current(): boolean {
    const socket = this.host.socket();
    return this.host.running() && socket !== null && this.healFor === socket;
  }

  private onReading(answer: LiveStateResponse): void {
    // A reading asked for on a connection that has since ended: the new connection's state frame is the truth.
    if (!this.current()) return;
    // Only a live reading with a table and a time can be placed against the stream; anything else resyncs.
    if (!answer.live || answer.state === null || typeof answer.ts !== 'number') {
      this.onFailure(
        `the reading is not a live table with a time (live: ${String(answer.live)}, ` +
          `state: ${answer.state === null ? 'null' : 'present'})`,
      );
      return;
    }
    const settled = this.healer?.queued !== true;
    const verdict = this.placement.judge(answer.ts, settled);
    if (!verdict.ok) {
      this.onFailure(verdict.reason);
      return;
    }
    const at = this.host.clock.now();
    this.host.applyTable({ type: 'state', live: answer.live, state: answer.state, at });
    // Events applied while the reading was under way and stamped after it are not in it: apply them again on top.
    for (const event of verdict.after) this.host.applyTable({ type: 'event', event, at });
    if (settled) this.healFor = null;
    if (settled && !this.host.awaitingStateFrame()) {
      this.host.applyTable({ type: 'connection', connected: true, at });
      this.coverage.healed(at);
    }
    this.host.emit({ type: 'state', live: answer.live, state: answer.state, at });
    this.host.emit({ type: 'healed', live: answer.live, at });
  }

  private onFailure(message: string): void {
    if (!this.current()) return;
    this.forget();
    this.host.resync(`could not heal the table from GET /live/state: ${message}`);
  }
}
