/**
 * The hand list, virtualized: a fixed row height, only the rows in view (plus a few) in the DOM, and rows
 * fetched from main by pages of offsets as they scroll into view, so 100,000 hands scroll like 100. Rows are
 * placed with a CSS custom property set through the CSSOM (the strict CSP forbids style attributes).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { HandRowView, HistoryResult, VenueBridge } from '../../preload/contract';
import { call, failureText } from '../bridge/call';
import { DataAgeLine, EmptyState } from './DataAgeLine';
import { cardText, dateTime, formatFigure } from './format';
import type { HandFilter } from './routes';
import { pagesCovering, rowOffset, virtualWindow } from './virtual-window';

/** Must match `.hand-row` height in history.css. */
export const ROW_PX = 36;
const PAGE_ROWS = 200;
const OVERSCAN = 8;

interface VirtualHandListProps {
  readonly venue: VenueBridge;
  readonly filter: HandFilter;
  readonly reloadKey: string;
  readonly offline: boolean;
  readonly onOpen: (row: HandRowView) => void;
}

interface Loaded {
  readonly key: string;
  readonly total: number | null;
  readonly pages: ReadonlyMap<number, readonly HandRowView[]>;
  readonly meta: HistoryResult<unknown> | null;
  readonly error: string | null;
}

function rowLabel(row: HandRowView): string {
  const winners = row.winners.length === 0 ? '' : `, won by ${row.winners.join(' and ')}`;
  return `Hand #${row.handNumber ?? '?'}, ${dateTime(row.at)}${winners}`;
}

function HandRow({
  index,
  row,
  onOpen,
  total,
}: {
  index: number;
  row: HandRowView | undefined;
  onOpen: (row: HandRowView) => void;
  total: number;
}) {
  const place = (element: HTMLElement | null) =>
    element?.style.setProperty('--row-top', `${rowOffset(index, ROW_PX)}px`);
  if (row === undefined) {
    return (
      <li ref={place} className="hand-row hand-row-loading" aria-posinset={index + 1} aria-setsize={total}>
        Loading…
      </li>
    );
  }
  return (
    <li ref={place} className="hand-row" aria-posinset={index + 1} aria-setsize={total}>
      {/* The button holds the hand's number only (its name says it, with the time and winners); its click area
          covers the row (.stretched-button). */}
      <div className="hand-row-cells">
        <span className="hand-no">
          <button type="button" className="stretched-button" aria-label={rowLabel(row)} onClick={() => onOpen(row)}>
            #{row.handNumber ?? '?'}
          </button>
        </span>
        <span className="hand-when">{dateTime(row.at)}</span>
        <span className="hand-board">{row.board.length === 0 ? '—' : row.board.map(cardText).join(' ')}</span>
        <span className="hand-winners">{row.winners.join(', ')}</span>
        <span className="hand-pot num">{row.pot === null ? '' : formatFigure(row.pot)}</span>
      </div>
    </li>
  );
}

export function VirtualHandList({ venue, filter, reloadKey, offline, onOpen }: VirtualHandListProps) {
  const key = `${filter.sessionUid ?? ''}|${filter.playerId ?? ''}|${reloadKey}`;
  const [loaded, setLoaded] = useState<Loaded>({ key, total: null, pages: new Map(), meta: null, error: null });
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportPx, setViewportPx] = useState(600);
  const viewport = useRef<HTMLDivElement>(null);
  const spacer = useRef<HTMLOListElement>(null);
  const requested = useRef<{ key: string; pages: Set<number> }>({ key, pages: new Set() });
  const current =
    loaded.key === key
      ? loaded
      : { key, total: null, pages: new Map<number, readonly HandRowView[]>(), meta: null, error: null };

  useLayoutEffect(() => {
    const element = viewport.current;
    if (element === null) return;
    const measure = () => setViewportPx(element.clientHeight || 600);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // A new filter (or a finished sync) starts from the top with no rows cached.
  // (the scroll event that follows brings scrollTop to 0)
  useEffect(() => {
    viewport.current?.scrollTo({ top: 0 });
  }, [key]);

  const span = virtualWindow(scrollTop, viewportPx, ROW_PX, current.total ?? 0, OVERSCAN);
  const needed = current.total === null ? [0] : pagesCovering(span.start, span.end, PAGE_ROWS);

  useLayoutEffect(() => {
    spacer.current?.style.setProperty('--list-height', `${span.totalPx}px`);
  }, [span.totalPx]);

  const neededKey = needed.join(',');
  useEffect(() => {
    if (requested.current.key !== key) requested.current = { key, pages: new Set() };
    const asked = requested.current;
    for (const page of neededKey.split(',').map(Number)) {
      if (asked.pages.has(page)) continue;
      asked.pages.add(page);
      call(
        venue.listHands({
          offset: page * PAGE_ROWS,
          limit: PAGE_ROWS,
          ...(filter.sessionUid === undefined ? {} : { sessionUid: filter.sessionUid }),
          ...(filter.playerId === undefined ? {} : { playerId: filter.playerId }),
        }),
      ).then(
        (result) => {
          if (requested.current !== asked) return;
          setLoaded((previous) => {
            const base =
              previous.key === key
                ? previous
                : { key, total: null, pages: new Map<number, readonly HandRowView[]>(), meta: null, error: null };
            const pages = new Map(base.pages);
            if (result.data !== null) pages.set(page, result.data.rows);
            return { key, total: result.data?.total ?? 0, pages, meta: result, error: null };
          });
        },
        (error: unknown) => {
          asked.pages.delete(page);
          if (requested.current === asked) setLoaded((previous) => ({ ...previous, key, error: failureText(error) }));
        },
      );
    }
  }, [venue, key, neededKey, filter.sessionUid, filter.playerId]);

  const rows: { index: number; row: HandRowView | undefined }[] = [];
  for (let index = span.start; index < span.end; index += 1) {
    rows.push({ index, row: current.pages.get(Math.floor(index / PAGE_ROWS))?.[index % PAGE_ROWS] });
  }
  const total = current.total ?? 0;
  return (
    <div className="hand-list">
      <DataAgeLine result={current.meta} offline={offline} error={current.error} />
      {current.meta !== null && current.meta.data === null && <EmptyState result={current.meta} />}
      <p className="muted" data-testid="hand-total">
        {current.total === null ? 'Loading hands…' : `${total.toLocaleString('en-US')} hands`}
      </p>
      <div
        ref={viewport}
        className="hand-viewport"
        data-testid="hand-viewport"
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      >
        <ol ref={spacer} className="hand-spacer" aria-label="Hands">
          {rows.map(({ index, row }) => (
            <HandRow key={index} index={index} row={row} onOpen={onOpen} total={total} />
          ))}
        </ol>
      </div>
    </div>
  );
}
