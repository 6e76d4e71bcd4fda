/** DemoVenueOptions with every default filled in and every value checked (a bad option throws at start). */
import type { DemoMoneyMode, DemoVenueOptions } from './api';
import type { DemoStakes } from './played-hand';
import { createRng } from './rng';
import { API_UPDATED } from './server/discovery';

export interface ResolvedOptions {
  readonly port: number;
  readonly seed: number;
  readonly moneyMode: DemoMoneyMode;
  readonly apiUpdated: string;
  readonly seats: number;
  readonly paceMs: number;
  readonly betweenHandsMs: number;
  readonly autoplay: boolean;
  readonly historyHands: number;
  readonly published: boolean;
  readonly replayWindow: number;
  readonly cursorWalkCap: number;
  readonly pageSize: number;
  readonly hostAnswerMs: number;
  readonly hostTimeoutMs: number;
  readonly allowHttpWebhooks: boolean;
  readonly requestsPerMinute: number;
  readonly writesPerMinute: number;
  readonly socketsPerKey: number;
  readonly key: string;
  /** The forced bets in table chips: 1/2 blinds, the ante and straddle as configured (0: none). */
  readonly stakes: DemoStakes;
}

const MONEY_MODES: readonly DemoMoneyMode[] = ['bb', 'dollars', 'hidden'];

function integer(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}, got ${value}`);
  return value;
}

/** The demo key of a seed: stable across restarts so a saved key keeps working. */
export function demoKeyFor(seed: number): string {
  const rng = createRng((seed ^ 0x0000_c0de) >>> 0);
  let hex = '';
  for (let i = 0; i < 32; i += 1) hex += rng.int(0, 15).toString(16);
  return `vk_demo_${hex}`;
}

export function resolveOptions(options: DemoVenueOptions = {}): ResolvedOptions {
  const seed = integer('seed', options.seed ?? 1, 0, 0xffff_ffff);
  const paceMs = integer('paceMs', options.paceMs ?? 1500, 0, 3_600_000);
  const moneyMode = options.moneyMode ?? 'bb';
  if (!MONEY_MODES.includes(moneyMode))
    throw new Error(`moneyMode must be one of ${MONEY_MODES.join(', ')}, got ${String(moneyMode)}`);
  const apiUpdated = options.apiUpdated ?? API_UPDATED;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(apiUpdated))
    throw new Error(`apiUpdated must be a date YYYY-MM-DD, got ${apiUpdated}`);
  const key = options.key ?? demoKeyFor(seed);
  if (!/^[A-Za-z0-9_.~+/=-]{8,256}$/.test(key)) throw new Error('key must be 8 to 256 token characters');
  return {
    port: integer('port', options.port ?? 0, 0, 65535),
    seed,
    moneyMode,
    apiUpdated,
    seats: integer('seats', options.seats ?? 6, 6, 9),
    paceMs,
    betweenHandsMs: integer('betweenHandsMs', options.betweenHandsMs ?? paceMs * 4, 0, 3_600_000),
    autoplay: options.autoplay ?? true,
    historyHands: integer('historyHands', options.historyHands ?? 2000, 0, 10_000_000),
    published: options.published ?? true,
    replayWindow: integer('replayWindow', options.replayWindow ?? 1000, 1, 10_000_000),
    cursorWalkCap: integer('cursorWalkCap', options.cursorWalkCap ?? 5000, 1, 10_000_000),
    pageSize: integer('pageSize', options.pageSize ?? 100, 1, 100_000),
    hostAnswerMs: integer('hostAnswerMs', options.hostAnswerMs ?? 20, 0, 3_600_000),
    hostTimeoutMs: integer('hostTimeoutMs', options.hostTimeoutMs ?? 2000, 1, 3_600_000),
    allowHttpWebhooks: options.allowHttpWebhooks ?? false,
    requestsPerMinute: integer(
      'rateLimits.requestsPerMinute',
      options.rateLimits?.requestsPerMinute ?? 240,
      1,
      1_000_000,
    ),
    writesPerMinute: integer('rateLimits.writesPerMinute', options.rateLimits?.writesPerMinute ?? 60, 1, 1_000_000),
    socketsPerKey: integer('rateLimits.socketsPerKey', options.rateLimits?.socketsPerKey ?? 5, 1, 10_000),
    key,
    stakes: {
      small_blind: 1,
      big_blind: 2,
      ante: chipAmount('ante', options.ante ?? 0, 0, 2),
      straddle: straddleAmount(options.straddle ?? 0),
    },
  };
}

/** A table-chip amount in whole cents within [min, max]. */
function chipAmount(name: string, value: number, min: number, max: number): number {
  if (!Number.isFinite(value) || value < min || value > max || Math.round(value * 100) !== value * 100) {
    throw new Error(`${name} must be an amount in cents from ${min} to ${max}, got ${String(value)}`);
  }
  return value;
}

/** No straddle (0), or a live blind of at least twice the big blind. */
function straddleAmount(value: number): number {
  return value === 0 ? 0 : chipAmount('straddle', value, 4, 200);
}
