/**
 * The table-view faults: what the live plane serves while hand fields are unknown, and the live plane cut off while
 * the money endpoints still answer. venue.ts wires these around the state projection, the event feed, the REST
 * handler and the socket upgrade; the switches live in VenueParts.switches and are flipped by venue-cashier-faults.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { LiveState } from './live/projection';
import { CORS_HEADERS, sendJson } from './server/http-io';

export interface TableViewSwitches {
  /** hand_number: null and in_hand: null wherever the spec's types allow null. */
  nullHandFields: boolean;
  /** The socket and GET /live/state are cut; the money endpoints still answer. */
  tableViewCut: boolean;
}

/** What a cut live plane answers: a gateway that cannot reach it (the spec's 503 means a host offline, not this). */
const CUT_STATUS = 502;
const CUT_BODY = { error: 'bad_gateway', message: 'The live table service cannot be reached.' };

/** LiveState with hand_number and every seat's in_hand null (LiveState.hand_number and Seat.in_hand allow null). */
export function withNullHandFields(state: LiveState | null, switches: TableViewSwitches): LiveState | null {
  if (state === null || !switches.nullHandFields) return state;
  return { ...state, hand_number: null, seats: state.seats.map((seat) => ({ ...seat, in_hand: null })) };
}

/**
 * An event payload as published while hand fields are unknown: transaction_applied carries hand_number: null (the
 * demo reads event fields with the types LiveState gives them). Other kinds are untouched: their hand_number is what
 * clients deduplicate hands on after a reset.
 */
export function eventWithNullHandFields(
  kind: string,
  payload: Record<string, unknown>,
  switches: TableViewSwitches,
): Record<string, unknown> {
  if (!switches.nullHandFields || kind !== 'transaction_applied') return payload;
  return { ...payload, hand_number: null };
}

/** Wraps the REST handler: while the view is cut, GET /v1/live/state fails with 502; every other route answers. */
export function cuttableRestHandler(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  switches: TableViewSwitches,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname.replace(/\/+$/, '');
    if (switches.tableViewCut && request.method === 'GET' && path === '/v1/live/state') {
      request.resume();
      sendJson(response, CUT_STATUS, CUT_BODY);
      return;
    }
    handler(request, response);
  };
}

/** Wraps the socket upgrade: while the view is cut, every upgrade is refused with a plain HTTP 502. */
export function cuttableUpgrade(
  upgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => void,
  switches: TableViewSwitches,
): (request: IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (request, socket, head) => {
    if (!switches.tableViewCut) {
      upgrade(request, socket, head);
      return;
    }
    const text = JSON.stringify(CUT_BODY);
    const headers = Object.entries({
      ...CORS_HEADERS,
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(text)),
      Connection: 'close',
    })
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    socket.end(`HTTP/1.1 ${CUT_STATUS} Bad Gateway\r\n${headers}\r\n\r\n${text}`);
  };
}
