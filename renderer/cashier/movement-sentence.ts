/**
 * What a movement's state means for the cashier, in one plain sentence they can act on, and the tone its colour
 * follows. Codes, HTTP statuses, network errors and references never appear here: they are the details one click away
 * (`movementDetails`). Amounts are written in the drawer's unit (cash-text), never in big blinds.
 */
import type { MovementView } from '../../preload/contract';
import { cashText, type CashUnit } from '../../preload/contract/cash-text';

/** The colour family of a state: each has its own (see cashier.css). */
export type MovementTone =
  'applied' | 'refused' | 'doubt' | 'pending' | 'withdrawn' | 'contradiction' | 'double' | 'misdirected' | 'counted';

type ToneFields = Pick<MovementView, 'status'> & Partial<Pick<MovementView, 'counted' | 'bothApplied' | 'misdirected'>>;

/**
 * The exceptions first, each in its own colour, never an applied card's green: counted by the cashier then refused,
 * applied twice, applied to another seat, counted by the cashier while the venue is still asked.
 */
export function movementTone(movement: ToneFields): MovementTone {
  if (movement.counted?.state === 'contradicted') return 'contradiction';
  if (movement.bothApplied === true) return 'double';
  if (movement.misdirected === true) return 'misdirected';
  if (movement.counted?.state === 'asking') return 'counted';
  switch (movement.status) {
    case 'applied':
      return 'applied';
    case 'refused':
      return 'refused';
    case 'in-doubt':
    case 'left-in-doubt':
      return 'doubt';
    case 'queued':
    case 'sending':
    case 'with-host':
      return 'pending';
    case 'cancelled':
    case 'withdrawn':
      return 'withdrawn';
  }
}

interface Wording {
  readonly unit: CashUnit;
  /** The venue hides money: no amount is named. */
  readonly hideAmounts: boolean;
}

/** "Only 226 chips on the seat: cash out at most 226 chips." when the stack is known. */
function insufficientStack(movement: MovementView, wording: Wording): string {
  const stack = movement.stackBefore;
  if (stack === null || wording.hideAmounts)
    return 'Not enough chips on the seat for this cash-out: check the stack and cash out less.';
  const amount = cashText(stack, wording.unit);
  return `Only ${amount} on the seat: cash out at most ${amount}.`;
}

/**
 * The refusal in words, by its code: the host's own reasons (the demo venue's, which a real host may share) and the
 * service's 400 codes; an unknown code still says plainly that nothing was applied.
 */
export function refusalSentence(movement: MovementView, wording: Wording): string {
  const name = movement.playerName;
  switch (movement.detail.refusalCode) {
    case 'insufficient_stack':
      return insufficientStack(movement, wording);
    case 'unknown_player':
      return `${name} is not seated at the table: nothing was cashed out. Check the name or the seat.`;
    case 'table_full':
      return `Every seat is taken: ${name} cannot sit down. Nothing was bought in.`;
    case 'stack_remaining':
      return 'Leaving the table takes the whole stack: cash out all, or let the player stay seated.';
    case 'nothing_to_cash_out':
      return `${name} has no chips to cash out.`;
    case 'hand_in_progress':
      return 'A hand started before the venue could apply it: nothing was applied. Ask again between hands.';
    case 'bad_amount':
      return 'The venue did not accept the amount: nothing was applied. Check the amount and ask again.';
    case 'bad_player_name':
      return `The venue did not accept the name "${name}": nothing was applied. Check the name and ask again.`;
    case 'bad_body':
      return 'The venue could not read the request: nothing was applied. Ask again; if it repeats, call support.';
    case 'idempotency_key_required':
      return 'The venue did not accept the request reference: nothing was applied. Ask again, or call support.';
    default:
      return 'The venue refused it: nothing was applied. The reason is in the details.';
  }
}

/** Why a movement that has not settled waits, in words; null when its state label says enough. */
function waitingSentence(movement: MovementView): string | null {
  switch (movement.detail.waitReason) {
    case 'host_offline':
      return "The venue's host is offline: nothing was sent yet. It goes as soon as the host is back.";
    case 'network-before-send':
      return 'The venue cannot be reached: nothing was sent yet. It goes as soon as the venue answers.';
    case 'network-unknown':
      return 'The connection dropped while sending: it may have reached the venue. Asking again (never applied twice).';
    case 'rate_limited':
      return 'The venue asked to slow down: it is sent again in a moment.';
    case 'in_progress':
    case 'host_timeout':
    case 'outcome_unknown':
    case 'refused_after_send':
      return "The venue has it but has not answered yet: waiting for the host's answer. Hand nothing over yet.";
    case 'server_error':
    case 'unexpected_status':
    case 'unreadable_answer':
      return 'The venue answered with an error: asking again (it cannot apply twice).';
    default:
      break;
  }
  if (movement.status === 'queued') return 'A hand is in progress: it goes to the venue when the hand ends.';
  return null;
}

/** The one sentence under a tray line, or null when the state label says it all (an applied or sending one). */
export function movementSentence(movement: MovementView, wording: Wording): string | null {
  switch (movement.status) {
    case 'refused':
      return refusalSentence(movement, wording);
    case 'in-doubt':
    case 'left-in-doubt':
      return 'It may or may not have been applied. Do not hand over or take chips or cash for it until it is resolved.';
    case 'withdrawn':
      return 'Withdrawn: the movement it was sent again for applied first, and this one never reached the venue.';
    case 'cancelled':
      return 'Cancelled before anything was sent.';
    case 'applied':
      return null;
    case 'queued':
    case 'sending':
    case 'with-host':
      return waitingSentence(movement);
  }
}

/**
 * The technical side, for the details disclosure: code, message, status, network error, reference. The venue's and
 * the app's own words may quote amounts, so they are left out when the venue hides money.
 */
export function movementDetails(
  movement: MovementView,
  hideAmounts: boolean,
): readonly { label: string; value: string }[] {
  const { detail } = movement;
  const rows: { label: string; value: string }[] = [];
  if (detail.refusalCode !== null) rows.push({ label: 'Code', value: detail.refusalCode });
  if (detail.refusalMessage !== null && !hideAmounts)
    rows.push({ label: "Venue's words", value: detail.refusalMessage });
  if (detail.waitReason !== null) rows.push({ label: 'Waiting on', value: detail.waitReason });
  if (detail.lastStatus !== null) rows.push({ label: 'HTTP status', value: String(detail.lastStatus) });
  if (detail.lastError !== null && detail.lastError !== detail.refusalCode)
    rows.push({ label: 'Last error', value: detail.lastError });
  // A refusal's note is its code and the venue's words again; other notes say what the app is doing about it.
  if (movement.reason !== null && detail.refusalCode === null && !hideAmounts)
    rows.push({ label: 'App note', value: movement.reason });
  rows.push({ label: 'Reference', value: movement.id });
  return rows;
}
