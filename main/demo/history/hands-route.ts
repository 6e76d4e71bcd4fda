/**
 * GET /hands in its three modes (index, newest-first pages, oldest-first cursor walk) and GET /hands/{id}.
 *
 * The cursor walk: the matching hands are those after the anchor in (ts, hand_id) order (`after_id` wins over
 * `since`). When more match than the cap, the walk starts from the NEWEST hand and stops at the cap: the newest `cap`
 * matching hands are returned (oldest first) with complete: false, and the older matching hands are not. The returned
 * cursor is then the newest hand, so a client that "falls back to ?page= and re-cursors from the newest hand" never
 * loses or repeats a hand.
 */
import type { DemoMoneyMode } from '../api';
import type { PublishedBundle } from './bundle';
import { handDetail, handSummary } from './projection';
import { ok, parsePage, parseSince, refuse, type PlaneAnswer } from './query';

export interface HandsSettings {
  readonly pageSize: number;
  readonly cursorWalkCap: number;
  /** Increments on every publish; page files are named per publish because pages renumber. */
  readonly generation: number;
  readonly mode: DemoMoneyMode;
}

function cursorWalk(bundle: PublishedBundle, query: URLSearchParams, settings: HandsSettings): PlaneAnswer {
  let start: number;
  const afterId = query.get('after_id');
  if (afterId !== null) {
    const position = bundle.positionOf(afterId);
    if (position === undefined) return refuse(400, 'bad_after_id', 'after_id is not the id of a published hand');
    start = position + 1;
  } else {
    const since = parseSince(query.get('since') ?? '');
    if (since === undefined) return refuse(400, 'bad_since', 'since must be a number of Unix seconds >= 0');
    start = bundle.firstAfterTs(since);
  }
  const end = bundle.count;
  const complete = end - start <= settings.cursorWalkCap;
  const from = complete ? start : end - settings.cursorWalkCap;
  const hands: Record<string, unknown>[] = [];
  for (let position = from; position < end; position += 1) hands.push(handSummary(bundle, position, settings.mode));
  return ok({
    order: 'asc',
    count: hands.length,
    complete,
    hands,
    cursor: end > from ? { ts: bundle.tsAt(end - 1), hand_id: bundle.idAt(end - 1) } : null,
  });
}

function page(bundle: PublishedBundle, raw: string, settings: HandsSettings): PlaneAnswer {
  const number = parsePage(raw);
  if (number === undefined) return refuse(400, 'bad_page', 'page must be an integer >= 1');
  // Page 1 holds the newest hands; a page past the end is empty.
  const end = bundle.count - (number - 1) * settings.pageSize;
  const begin = Math.max(0, end - settings.pageSize);
  const hands: Record<string, unknown>[] = [];
  for (let position = end - 1; position >= begin; position -= 1)
    hands.push(handSummary(bundle, position, settings.mode));
  return ok({ hands });
}

function index(bundle: PublishedBundle, settings: HandsSettings): PlaneAnswer {
  const pages = Math.ceil(bundle.count / settings.pageSize);
  return ok({
    count: bundle.count,
    pages,
    page_size: settings.pageSize,
    page_files: Array.from(
      { length: pages },
      (_, offset) => `bundles/${settings.generation}/hands/page-${offset + 1}.json`,
    ),
  });
}

/** GET /hands with any of its query modes. */
export function handsRoute(bundle: PublishedBundle, query: URLSearchParams, settings: HandsSettings): PlaneAnswer {
  if (query.has('after_id') || query.has('since')) return cursorWalk(bundle, query, settings);
  const pageParam = query.get('page');
  if (pageParam !== null) return page(bundle, pageParam, settings);
  return index(bundle, settings);
}

/** GET /hands/{id}. */
export function handRoute(bundle: PublishedBundle, handId: string, mode: DemoMoneyMode): PlaneAnswer {
  const position = bundle.positionOf(handId);
  if (position === undefined) return refuse(404, 'not_found', 'no published hand has this id');
  // Published hands never change: clients may cache a detail forever (the spec's "immutable once published").
  return {
    status: 200,
    body: handDetail(bundle, position, mode),
    headers: { 'Cache-Control': 'public, max-age=31536000, immutable' },
  };
}
