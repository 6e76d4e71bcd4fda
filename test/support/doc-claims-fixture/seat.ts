// A fixture for test/support/doc-claims.ts: the code its README makes claims about. The comment names seatCount,
// which the code does not hold: a comment is not where a symbol exists.
export interface SeatRow {
  readonly seatId: number;
}

export function seatLabel(row: SeatRow): string {
  return `Seat ${row.seatId}`;
}
