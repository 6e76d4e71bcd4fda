/**
 * The movement state machine: a pure reducer `(movement, event) -> movement` over readonly data. An event that
 * does not apply to the movement's state returns the movement unchanged; the runtime asks the guards
 * (`cancelBlocker`, `sendAgainBlocker`) first so the cashier gets a reason.
 */
import type { AppliedFields, TransactionAttempt } from '../venue/transaction';
import { confirmedMessage, contradictionMessage, countedByCashier, countedMessage } from './decision';
import { classifyAttempt, misdirectedAdvice, misdirection, type AttemptVerdict } from './outcome';
import type {
  AttemptRecord,
  Evidence,
  IntentPosition,
  Movement,
  MovementFlag,
  TransactionAppliedObservation,
} from './types';
import { SETTLED_STATES } from './types';

export type MovementEvent =
  /**
   * The intent to send is being journaled: queued -> sending. Carries the stack and hand number seen as it leaves
   * (null when the view could not vouch for them).
   */
  | {
      readonly type: 'send';
      readonly at: number;
      readonly stack: number | null;
      readonly handNumber: number | null;
      /** Where the live stream stood as this intent was journaled (kept only with the first intent). */
      readonly position?: IntentPosition | null;
    }
  | { readonly type: 'attempt'; readonly at: number; readonly attempt: TransactionAttempt }
  | { readonly type: 'evidence'; readonly evidence: Evidence }
  /** `operator`: the open shift's operator (who decided), null when none was recorded. */
  /** `wallAt`: the PC's wall clock then, for people (every `at` is an order time). */
  | { readonly type: 'leave-in-doubt'; readonly at: number; readonly wallAt?: number; readonly operator: string | null }
  /** The cashier chose "send again": the new movement's key (`operator`: who chose; absent when recovery re-links). */
  | {
      readonly type: 'replaced';
      readonly at: number;
      readonly wallAt?: number;
      readonly by: string;
      readonly operator?: string | null;
    }
  | { readonly type: 'cancel'; readonly at: number }
  /** Its re-send partner applied and this one never reached the host: it must never be sent. */
  | { readonly type: 'withdraw'; readonly at: number; readonly partner: string }
  /** The movement it replaced (or that replaced it) also applied. */
  | { readonly type: 'partner-applied'; readonly at: number; readonly partner: string }
  /** The live event of an application the host's answer settled: journaled so a replay of it is never evidence. */
  | { readonly type: 'claimed'; readonly event: TransactionAppliedObservation }
  /**
   * The cashier counts this movement as applied, on the evidence shown (the table shows it applied). A decision, not
   * an answer: it stays in doubt and its key keeps being asked (an event or stack change another writer could have
   * made is not our key's); it is counted in the drawer meanwhile, as an exception (decision.ts).
   */
  | { readonly type: 'accept-shown'; readonly at: number; readonly wallAt?: number; readonly operator: string | null }
  /** Loaded from the journal after a restart: an attempt may have left just before the crash. */
  | { readonly type: 'recovered'; readonly at: number };

export const isSettled = (movement: Movement): boolean => SETTLED_STATES.has(movement.state);

/**
 * A movement that was sent again, or is a re-send: the pair has the same player, kind and amount, so their events
 * and stack changes are indistinguishable. Only each key's own answer from the host settles it.
 */
export const isPaired = (movement: Movement): boolean => movement.replaces !== null || movement.replacedBy !== null;

function addFlag(flags: readonly MovementFlag[], flag: MovementFlag): readonly MovementFlag[] {
  return flags.includes(flag) ? flags : [...flags, flag];
}

/** Folds identical consecutive non-final outcomes (polling an in-doubt key can take thousands of attempts). */
function recordAttempt(
  attempts: readonly AttemptRecord[],
  at: number,
  attempt: TransactionAttempt,
): readonly AttemptRecord[] {
  const entry: AttemptRecord =
    attempt.kind === 'answered'
      ? {
          at,
          lastAt: at,
          count: 1,
          kind: 'answered',
          status: attempt.status,
          errorCode: attempt.errorCode,
          idempotentReplay: attempt.idempotentReplay,
          body: attempt.body,
          phase: null,
          message: null,
        }
      : {
          at,
          lastAt: at,
          count: 1,
          kind: 'no-response',
          status: null,
          errorCode: null,
          idempotentReplay: false,
          body: null,
          phase: attempt.phase,
          message: attempt.message,
        };
  const last = attempts[attempts.length - 1];
  const foldable =
    last !== undefined &&
    entry.status !== 200 &&
    last.kind === entry.kind &&
    last.status === entry.status &&
    last.errorCode === entry.errorCode &&
    last.phase === entry.phase &&
    last.message === entry.message;
  if (foldable) return [...attempts.slice(0, -1), { ...last, lastAt: at, count: last.count + 1, body: entry.body }];
  return [...attempts, entry];
}

/** Attempts made so far: the backoff step (the runtime caps the delay, so polling settles at the cap). */
function waitStep(movement: Movement): number {
  return movement.attempts.reduce((sum, entry) => sum + entry.count, 0);
}

/** Whether the venue itself has said this key is with the host (504, in_progress, outcome_unknown). */
function venueSaidWithHost(movement: Movement): boolean {
  return (
    movement.state === 'in-doubt' ||
    movement.state === 'with-host' ||
    movement.attempts.some(
      (entry) =>
        entry.status === 504 ||
        (entry.status === 409 && (entry.errorCode === 'in_progress' || entry.errorCode === 'outcome_unknown')),
    )
  );
}

/** The host answered applied (or replayed its stored answer): settled, flagged when it applied to someone else. */
function answeredApplied(
  movement: Movement,
  base: Movement,
  at: number,
  verdict: Extract<AttemptVerdict, { kind: 'applied' }>,
  body: unknown,
): Movement {
  const { replay, fields } = verdict;
  const settlement = {
    at,
    how: replay ? ('replayed' as const) : ('answered' as const),
    body,
    refusal: null,
  };
  const applied: Movement = { ...base, state: 'applied', next: null, mayHaveReachedHost: true, settlement };
  const wrong = misdirection(movement, fields);
  if (wrong !== null)
    return {
      ...applied,
      flags: addFlag(movement.flags, 'misdirected'),
      message: misdirectedMessage(movement, wrong, fields),
    };
  return { ...applied, message: replay ? "Applied (the host's stored answer)." : 'Applied.' };
}

/** The venue answered hand_in_progress: back to the queue, unless the key may already be with the host. */
function handInProgress(movement: Movement, base: Movement, step: number, message: string): Movement {
  // The spec's table answers hand_in_progress only for an unused key. A key the venue has already called "with
  // the host" contradicts that: keep polling it rather than believe either answer.
  if (venueSaidWithHost(movement)) {
    return {
      ...base,
      next: { reason: 'in_progress', delay: { kind: 'backoff', step } },
      message: 'The venue said a hand is in progress for a request it had passed to the host; asking for its answer.',
    };
  }
  // This request of the key was answered unused, but an earlier one left without an answer: the network may still
  // deliver it and the host apply it. Back to the queue (asked again between hands) but never "never sent".
  if (movement.mayHaveReachedHost)
    return {
      ...base,
      state: 'queued',
      next: null,
      message:
        'Sent earlier without an answer: it may still apply. A hand is in progress; asking about it again ' +
        'between hands.',
    };
  // Proven unused: back to the queue. Its stack and hand are taken again when it next leaves.
  return {
    ...base,
    state: 'queued',
    next: null,
    mayHaveReachedHost: false,
    evidence: null,
    message,
  };
}

function applyAttempt(movement: Movement, at: number, attempt: TransactionAttempt): Movement {
  const step = waitStep(movement);
  const verdict = classifyAttempt(attempt, step, movement.mayHaveReachedHost);
  const attempts = recordAttempt(movement.attempts, at, attempt);
  const base = { ...movement, attempts, updatedAt: at };
  const body = attempt.kind === 'answered' ? attempt.body : null;
  switch (verdict.kind) {
    case 'applied': {
      const applied = answeredApplied(movement, base, at, verdict, body);
      return { ...applied, message: confirmedMessage(movement, applied.message) };
    }
    case 'refused': {
      // A key the cashier counted as applied, refused by the venue: the count was wrong, and the drawer needs a fix.
      const counted = countedByCashier(movement);
      return {
        ...base,
        state: 'refused',
        next: null,
        flags: counted ? addFlag(movement.flags, 'counted-not-applied') : movement.flags,
        message: counted ? contradictionMessage(movement, verdict.message) : `Refused: ${verdict.message}`,
        settlement: {
          at,
          how: verdict.replay ? 'replayed' : 'answered',
          body,
          refusal: { code: verdict.code, message: verdict.message },
        },
      };
    }
    case 'outcome-unknown': {
      // Evidence must be read after the venue's FIRST outcome_unknown for this key; an old journal's time-based doubt
      // is not that.
      const doubt =
        movement.doubt?.reason === 'outcome_unknown'
          ? movement.doubt
          : { since: at, reason: 'outcome_unknown' as const };
      return {
        ...base,
        state: 'in-doubt',
        next: verdict.next,
        mayHaveReachedHost: true,
        message: verdict.message,
        doubt,
      };
    }
    case 'hand-in-progress':
      return handInProgress(movement, base, step, verdict.message);
    case 'access-withdrawn':
      if (movement.mayHaveReachedHost) return { ...base, next: null, message: verdict.message };
      return { ...base, state: 'queued', next: null, message: verdict.message };
    case 'retry': {
      const mayHaveReachedHost = movement.mayHaveReachedHost || verdict.reachedHost;
      const state =
        movement.state === 'in-doubt'
          ? 'in-doubt'
          : verdict.withHost || movement.state === 'with-host'
            ? 'with-host'
            : 'sending';
      return { ...base, state, next: verdict.next, mayHaveReachedHost, message: verdict.message };
    }
  }
}

/** What a double application moved and what undoes it, in words a cashier acts on. */
function doubleMessage(movement: Movement, partner: string): string {
  const what = movement.amount === null ? 'the whole stack' : `${movement.amount} chips`;
  const undo =
    movement.action === 'buy-in'
      ? `the stack was credited twice: take ${what} back (a cash-out) unless the player paid twice`
      : `the stack was debited twice: credit ${what} back (a buy-in) unless the cash was paid out twice`;
  return `DOUBLE: this movement and ${partner} both applied. Adjustment needed: ${undo}.`;
}

/** A 200 that named another seat or player than the request: what happened and where the money went. */
function misdirectedMessage(movement: Movement, wrong: string, fields: AppliedFields): string {
  return `${wrong.charAt(0).toUpperCase()}${wrong.slice(1)}. ${misdirectedAdvice(movement, fields)}`;
}

type FactEvent = Extract<MovementEvent, { readonly type: 'partner-applied' | 'claimed' | 'replaced' }>;

const isFact = (event: MovementEvent): event is FactEvent =>
  event.type === 'partner-applied' || event.type === 'claimed' || event.type === 'replaced';

/** Facts recorded whatever the state, settled or not: a double, the event an application claims, a re-send link. */
function recordFact(movement: Movement, event: FactEvent): Movement {
  if (event.type === 'partner-applied') {
    return {
      ...movement,
      flags: addFlag(movement.flags, 'both-applied'),
      updatedAt: event.at,
      message: doubleMessage(movement, event.partner),
    };
  }
  if (event.type === 'claimed') {
    // Once, and only for an application the host answered (an observed one keeps its event as evidence).
    const settlement = movement.settlement;
    if (
      movement.state !== 'applied' ||
      settlement === null ||
      settlement.how === 'observed' ||
      (settlement.claimedEvent ?? null) !== null
    )
      return movement;
    return { ...movement, settlement: { ...settlement, claimedEvent: event.event } };
  }
  // The re-send link is recorded in any state (recovery repairs a link a crash cut in half); set once.
  if (movement.replacedBy !== null) return movement;
  const message = isSettled(movement)
    ? movement.message
    : `Sent again as ${event.by}; still asking about this one: if it turns out applied, both are flagged.`;
  const decision =
    event.operator === undefined
      ? (movement.decision ?? null)
      : {
          choice: 'send-again' as const,
          at: event.at,
          wallAt: event.wallAt ?? event.at,
          by: event.operator,
          evidenceEvent: null,
        };
  return { ...movement, replacedBy: event.by, updatedAt: event.at, message, decision };
}

/**
 * While a counted movement's key is still asked, every line says so first: it is counted in the drawer on the
 * cashier's decision, not on the venue's answer.
 */
function keepCountedVisible(before: Movement, after: Movement): Movement {
  if (!countedByCashier(after) || after === before || after.decision === undefined || after.decision === null)
    return after;
  if (after.message.startsWith('Counted as applied')) return after;
  return { ...after, message: countedMessage(after.decision, after.message) };
}

/** The pure reducer. */
export function reduceMovement(movement: Movement, event: MovementEvent): Movement {
  if (isFact(event)) return recordFact(movement, event);
  if (isSettled(movement)) return movement;
  return keepCountedVisible(movement, reduceUnsettled(movement, event));
}

function reduceUnsettled(movement: Movement, event: Exclude<MovementEvent, FactEvent>): Movement {
  switch (event.type) {
    case 'send': {
      if (movement.state !== 'queued') return movement;
      // While the key is unused (never sent, or proven unused), what it leaves with is what the table shows now.
      const unused = !movement.mayHaveReachedHost;
      return {
        ...movement,
        state: 'sending',
        updatedAt: event.at,
        next: null,
        firstSentAt: movement.firstSentAt ?? event.at,
        // The first intent's place in the stream: a later one would make events between the two look earlier.
        sentPosition: movement.firstSentAt === null ? (event.position ?? null) : (movement.sentPosition ?? null),
        stackAtSend: unused ? event.stack : movement.stackAtSend,
        handAtSend: unused ? event.handNumber : movement.handAtSend,
        message: 'Sending.',
      };
    }
    case 'attempt':
      if (movement.state === 'queued') return movement;
      return applyAttempt(movement, event.at, event.attempt);
    case 'evidence': {
      // A counted movement keeps the evidence it was counted on: only its key's answer changes it now.
      if (movement.state !== 'in-doubt' || isPaired(movement) || countedByCashier(movement)) return movement;
      const { evidence } = event;
      // Evidence never settles on its own: another writer (the venue's cashier, another PC, an operator) can make
      // the same event or stack change. The key keeps being asked; the cashier may decide on what is shown.
      if (evidence.verdict === 'applied')
        return {
          ...movement,
          evidence,
          updatedAt: evidence.checkedAt,
          message: `Shown applied by the table, not confirmed by the venue for this request: ${evidence.summary}`,
        };
      return { ...movement, evidence, updatedAt: evidence.checkedAt };
    }
    case 'accept-shown': {
      if (
        movement.state !== 'in-doubt' ||
        isPaired(movement) ||
        movement.evidence?.verdict !== 'applied' ||
        countedByCashier(movement)
      )
        return movement;
      const { evidence } = movement;
      const decision = {
        choice: 'accept-shown' as const,
        at: event.at,
        wallAt: event.wallAt ?? event.at,
        by: event.operator,
        evidenceEvent: evidence.matchingEvent,
      };
      return {
        ...movement,
        updatedAt: event.at,
        decision,
        message: countedMessage(decision, `The table showed: ${evidence.summary}`),
      };
    }
    case 'leave-in-doubt':
      // A count stands until the venue answers: leaving it in doubt would silently take it out of the drawer.
      if (movement.state !== 'in-doubt' || countedByCashier(movement)) return movement;
      return {
        ...movement,
        flags: addFlag(movement.flags, 'left-in-doubt'),
        updatedAt: event.at,
        decision: {
          choice: 'leave',
          at: event.at,
          wallAt: event.wallAt ?? event.at,
          by: event.operator,
          evidenceEvent: null,
        },
        message: 'Left in doubt by the cashier; the venue is still asked for its answer.',
      };
    case 'withdraw':
      if (movement.mayHaveReachedHost) return movement;
      return {
        ...movement,
        state: 'cancelled',
        next: null,
        updatedAt: event.at,
        message: `Withdrawn: ${event.partner} applied first and this one never reached the host.`,
        settlement: { at: event.at, how: 'withdrawn', body: null, refusal: null },
      };
    case 'cancel':
      if (cancelBlocker(movement) !== null) return movement;
      return {
        ...movement,
        state: 'cancelled',
        next: null,
        updatedAt: event.at,
        message: 'Cancelled before anything was sent.',
        settlement: { at: event.at, how: 'cancelled', body: null, refusal: null },
      };
    case 'recovered':
      // A journal from before doubt needed outcome_unknown put a merely unanswered key in doubt: it is with the host.
      if (movement.state === 'in-doubt' && movement.doubt?.reason === 'unanswered') {
        return {
          ...movement,
          state: 'with-host',
          doubt: null,
          evidence: null,
          updatedAt: event.at,
          message: "Resumed after a restart; asking for the host's answer.",
        };
      }
      if (movement.state !== 'sending') return movement;
      return {
        ...movement,
        mayHaveReachedHost: true,
        updatedAt: event.at,
        message: 'Resumed after a restart; sending again (it cannot apply twice).',
      };
  }
}

/**
 * Why this movement cannot be cancelled, or null when it can: only a key whose bytes never left this machine (queued,
 * or every attempt so far refused before sending or answered "nothing applied", like a venue that is down). The
 * runtime also refuses while an attempt is under way.
 */
export function cancelBlocker(movement: Movement): string | null {
  if (isSettled(movement)) return `It is already ${movement.state}.`;
  if (movement.mayHaveReachedHost)
    return "It was sent and may still apply: only the venue's answer to this request can settle it.";
  if (movement.state !== 'queued' && movement.state !== 'sending')
    return 'It is with the host; only a movement that never left can be cancelled.';
  return null;
}
