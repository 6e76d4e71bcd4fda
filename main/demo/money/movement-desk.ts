/**
 * The service's idempotency table for money movements, exactly as the spec's state table reads:
 * unused -> (hand_in_progress | host_offline, key stays unused) or forwarded "with the host";
 * with the host -> 409 in_progress, or after a 504 host_timeout 409 outcome_unknown until the real answer lands;
 * settled -> the stored answer replayed verbatim with Idempotent-Replay: true. 5xx answers are never stored, and a
 * key is forwarded at most once, so the same key never applies twice.
 */
import type { HostAnswer, MovementRequest } from '../engine/movements';
import type { HostMachine } from './host';
import { TimerSet } from './timer-set';

export interface DeskReply {
  readonly status: number;
  readonly body: Record<string, unknown>;
  /** True when this is a stored answer replayed (header Idempotent-Replay: true). */
  readonly replay: boolean;
  /** No answer at all, the connection is cut (the slow-host fault's first request); status is then 0. */
  readonly cutConnection?: true;
}

type KeyState =
  { readonly state: 'with_host'; spent: boolean } | { readonly state: 'settled'; readonly body: HostAnswer };

export interface MovementDeskOptions {
  readonly host: HostMachine;
  readonly hostOnline: () => boolean;
  /** True while money may not move (a hand in progress, or the forced fault). */
  readonly handInProgress: () => boolean;
  readonly timeoutMs: () => number;
  /** Keys a saved venue settled on earlier runs, with their stored answers (replayed, never applied again). */
  readonly settled?: Iterable<readonly [string, HostAnswer]>;
}

const reply = (status: number, body: Record<string, unknown>, replay = false): DeskReply => ({ status, body, replay });

/** How a request held in the network behaves: its connection is cut unanswered, its bytes reach the service later. */
export interface LateDelivery {
  /** When the held connection is cut without an answer (a proxy's idle timeout), ms after the request. */
  readonly cutAfterMs: number;
  /** When the same bytes reach the service, ms after the request (once the table is between hands). */
  readonly deliverAfterMs: number;
}

export class MovementDesk {
  private readonly keys = new Map<string, KeyState>();
  private readonly timers = new TimerSet();
  private readonly late: LateDelivery[] = [];

  constructor(private readonly options: MovementDeskOptions) {
    for (const [key, body] of options.settled ?? []) this.keys.set(key, { state: 'settled', body });
  }

  /**
   * The next `count` requests are held in the network (a load balancer that took them): no answer, the connection
   * cut after `cutAfterMs`, and the same bytes processed `deliverAfterMs` after they were sent. Until then the service
   * has not seen the key: a retry finds it unused (and may apply it, or be told hand_in_progress).
   */
  deliverLate(count: number, delivery: LateDelivery): void {
    for (let index = 0; index < count; index += 1) this.late.push(delivery);
  }

  async submit(idempotencyKey: string, request: MovementRequest): Promise<DeskReply> {
    const held = this.late.shift();
    if (held !== undefined) {
      this.timers.after(held.deliverAfterMs, () => this.arriveLate(idempotencyKey, request));
      await new Promise<void>((resolve) => this.timers.after(held.cutAfterMs, resolve));
      return { status: 0, body: {}, replay: false, cutConnection: true };
    }
    return this.take(idempotencyKey, request);
  }

  /** A held request reaches the service; nobody waits for its answer. Money moves only between hands. */
  private arriveLate(idempotencyKey: string, request: MovementRequest): void {
    if (this.options.handInProgress()) {
      this.timers.after(100, () => this.arriveLate(idempotencyKey, request));
      return;
    }
    void this.take(idempotencyKey, request);
  }

  private async take(idempotencyKey: string, request: MovementRequest): Promise<DeskReply> {
    const known = this.keys.get(idempotencyKey);
    if (known?.state === 'settled') return reply(200, { ...known.body }, true);
    if (known?.state === 'with_host') {
      return known.spent
        ? reply(409, {
            error: 'outcome_unknown',
            message: 'The host has not answered yet; it may have applied the movement.',
          })
        : reply(409, { error: 'in_progress', message: 'This movement is with the host.' });
    }
    if (!this.options.hostOnline()) {
      return reply(503, {
        error: 'host_offline',
        message: 'The venue host is offline; nothing was sent. Retry with the same key.',
      });
    }
    if (this.options.handInProgress()) {
      return reply(409, {
        error: 'hand_in_progress',
        message: 'Money moves only between hands. Retry with the same key.',
      });
    }
    const state: KeyState = { state: 'with_host', spent: false };
    this.keys.set(idempotencyKey, state);
    const forwarded = this.options.host.forward(idempotencyKey, request);
    void forwarded.answer.then((body) => this.keys.set(idempotencyKey, { state: 'settled', body }));
    const timedOut = Symbol('timed out');
    const outcome = await Promise.race([forwarded.answer, this.timeout(timedOut)]);
    if (outcome === timedOut && forwarded.serviceKeepsWaiting) {
      // The answer to this request is lost on the way; the key stays with the host, unspent (in_progress).
      return { status: 0, body: {}, replay: false, cutConnection: true };
    }
    if (outcome === timedOut) {
      state.spent = true;
      return reply(504, {
        error: 'host_timeout',
        message: 'Sent to the host, no answer in time: it may have applied. Retry with the SAME key.',
      });
    }
    return reply(200, { ...(outcome as HostAnswer) });
  }

  close(): void {
    this.timers.clear();
  }

  private timeout<T>(value: T): Promise<T> {
    return new Promise((resolve) => this.timers.after(this.options.timeoutMs(), () => resolve(value)));
  }
}
