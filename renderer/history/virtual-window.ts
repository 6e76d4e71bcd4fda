/**
 * Virtual list arithmetic for a fixed row height: which rows a viewport shows (plus overscan), where they sit,
 * and which fixed-size pages of rows must be fetched to fill them. Pure, so it is unit tested without a DOM.
 */

/** The rows to render and the list's full height. `end` is exclusive. */
export interface VirtualWindow {
  readonly start: number;
  readonly end: number;
  readonly totalPx: number;
}

/** Rows visible at `scrollTop` in a `viewportPx` tall box, widened by `overscan` rows each side. */
export function virtualWindow(
  scrollTop: number,
  viewportPx: number,
  rowPx: number,
  total: number,
  overscan: number,
): VirtualWindow {
  const count = Math.max(0, Math.floor(total));
  const totalPx = count * rowPx;
  if (count === 0 || rowPx <= 0) return { start: 0, end: 0, totalPx };
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, totalPx - viewportPx));
  const first = Math.floor(top / rowPx);
  const visible = Math.ceil(Math.max(0, viewportPx) / rowPx) + 1;
  return { start: Math.max(0, first - overscan), end: Math.min(count, first + visible + overscan), totalPx };
}

/** Indexes of the pages of `pageSize` rows that hold rows `start` to `end` (exclusive). */
export function pagesCovering(start: number, end: number, pageSize: number): number[] {
  if (end <= start || pageSize <= 0) return [];
  const pages: number[] = [];
  for (let page = Math.floor(start / pageSize); page * pageSize < end; page += 1) pages.push(page);
  return pages;
}

/** Pixel offset of a row. */
export function rowOffset(index: number, rowPx: number): number {
  return index * rowPx;
}
