/**
 * The in-memory indexes over stored hand summaries, rebuilt on open: by hand_id, by time, by session and by
 * (canonical) player_id. Each ordered list is kept sorted oldest-first by (ts, hand_id), so a newest-first page is
 * a slice from the end: O(limit) whatever the offset, which the virtualized 100,000-row list needs.
 */
import type { HandSummary } from './schemas';
import type { IndexedHand } from './stored-hand';

function compareHands(a: IndexedHand, b: IndexedHand): number {
  if (a.ts !== b.ts) return a.ts - b.ts;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

/** Appends `hand` to the group under `key` (groups keep the order hands are added in). */
function groupInto(groups: Map<string, IndexedHand[]>, key: string, hand: IndexedHand): void {
  const group = groups.get(key);
  if (group === undefined) groups.set(key, [hand]);
  else group.push(hand);
}

/** One list sorted oldest-first; appends are O(1) in the common (in-order) case. */
class SortedHands {
  items: IndexedHand[] = [];

  insert(hand: IndexedHand): void {
    const last = this.items[this.items.length - 1];
    if (last === undefined || compareHands(last, hand) < 0) {
      this.items.push(hand);
      return;
    }
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareHands(this.items[mid] as IndexedHand, hand) < 0) low = mid + 1;
      else high = mid;
    }
    this.items.splice(low, 0, hand);
  }

  /** Inserts a batch already sorted oldest-first: appended, or merged in one linear pass. True when merged. */
  insertSorted(batch: readonly IndexedHand[]): boolean {
    const first = batch[0];
    const last = this.items[this.items.length - 1];
    if (first === undefined) return false;
    if (last === undefined || compareHands(last, first) < 0) {
      for (const hand of batch) this.items.push(hand);
      return false;
    }
    if (batch.length < 64) {
      for (const hand of batch) this.insert(hand);
      return true;
    }
    const merged: IndexedHand[] = new Array<IndexedHand>(this.items.length + batch.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < this.items.length && j < batch.length) {
      const a = this.items[i] as IndexedHand;
      const b = batch[j] as IndexedHand;
      if (compareHands(a, b) <= 0) {
        merged[k++] = a;
        i += 1;
      } else {
        merged[k++] = b;
        j += 1;
      }
    }
    while (i < this.items.length) merged[k++] = this.items[i++] as IndexedHand;
    while (j < batch.length) merged[k++] = batch[j++] as IndexedHand;
    this.items = merged;
    return true;
  }

  /** Merges another sorted list in, once per hand (a hand filed under two merged ids appears once). */
  mergeUnique(other: readonly IndexedHand[]): void {
    const merged: IndexedHand[] = [];
    let i = 0;
    let j = 0;
    while (i < this.items.length || j < other.length) {
      const a = this.items[i];
      const b = other[j];
      const next = b === undefined || (a !== undefined && compareHands(a, b) <= 0) ? a : b;
      if (next === a) i += 1;
      else j += 1;
      if (next !== undefined && merged[merged.length - 1] !== next) merged.push(next);
    }
    this.items = merged;
  }

  remove(hand: IndexedHand): void {
    const at = this.items.indexOf(hand);
    if (at !== -1) this.items.splice(at, 1);
  }

  newestFirst(offset: number, limit: number): IndexedHand[] {
    const end = Math.max(0, this.items.length - offset);
    const start = Math.max(0, end - limit);
    return this.items.slice(start, end).reverse();
  }
}

/** A page of hands, newest first, and how many match in all. */
export interface HandPage {
  readonly total: number;
  readonly rows: readonly HandSummary[];
}

/** Filters for listing hands; `playerId` is resolved through aliases by the index's resolver. */
export interface HandFilter {
  readonly sessionUid?: string;
  readonly playerId?: string;
}

/** All stored hands, indexed. */
export class HandIndex {
  private readonly byId = new Map<string, IndexedHand>();
  private readonly all = new SortedHands();
  private readonly bySession = new Map<string, SortedHands>();
  private byPlayer = new Map<string, SortedHands>();
  private resolvePlayer: (playerId: string) => string = (id) => id;
  /**
   * Set when hands arrived older than hands already indexed (the page fallback stores newest first), which costs
   * a merge per batch when the log is read back in that order; compacting rewrites it oldest-first.
   */
  outOfOrder = false;
  /** False while no alias resolver is installed (ids are their own canonical ids). */
  private resolving = false;

  get size(): number {
    return this.byId.size;
  }

  has(handId: string): boolean {
    return this.byId.has(handId);
  }

  get(handId: string): HandSummary | undefined {
    return this.byId.get(handId)?.summary;
  }

  /**
   * Adds new hands and replaces the summary of stored ones (a republish: last write wins, never a duplicate).
   * `extraPlayers` adds players known from elsewhere (a cached detail). Returns the estimated bytes of the replaced
   * summaries, which the log now holds as dead weight.
   */
  upsert(rows: readonly IndexedHand[], extraPlayers: (handId: string) => readonly string[] | undefined): number {
    const fresh: IndexedHand[] = [];
    let replacedBytes = 0;
    for (const row of rows) {
      const stored = this.byId.get(row.id);
      if (stored === undefined) {
        this.byId.set(row.id, row);
        fresh.push(row);
      } else if (!stored.filed) {
        // The same hand twice in one batch: the later copy wins (rare, so a linear search is fine).
        fresh[fresh.indexOf(stored)] = row;
        this.byId.set(row.id, row);
      } else {
        replacedBytes += stored.byteSize();
        this.replace(stored, row);
      }
    }
    this.insertFresh(fresh, extraPlayers);
    return replacedBytes;
  }

  /** Files hands already registered in byId into the ordered lists. */
  private insertFresh(fresh: IndexedHand[], extraPlayers: (handId: string) => readonly string[] | undefined): void {
    for (const hand of fresh) {
      const extra = extraPlayers(hand.id);
      if (extra !== undefined && extra.length > 0) hand.playerIds = [...new Set([...hand.playerIds, ...extra])];
    }
    fresh.sort(compareHands);
    if (this.all.insertSorted(fresh)) this.outOfOrder = true;
    // Grouped first, then merged once per list: hands older than a list's newest (the page fallback stores newest
    // pages first) would otherwise be spliced in one at a time, quadratic in the list's length.
    const sessions = new Map<string, IndexedHand[]>();
    const players = new Map<string, IndexedHand[]>();
    for (const hand of fresh) {
      hand.filed = true;
      if (hand.session !== null) groupInto(sessions, hand.session, hand);
      for (const id of this.canonicalIds(hand)) groupInto(players, id, hand);
    }
    for (const [session, hands] of sessions) this.listFor(this.bySession, session).insertSorted(hands);
    for (const [id, hands] of players) this.listFor(this.byPlayer, id).insertSorted(hands);
  }

  /** Swaps in a republished summary; a moved time or session re-files the hand (rare, so linear is fine). */
  private replace(stored: IndexedHand, row: IndexedHand): void {
    const merged = [...new Set([...stored.playerIds, ...row.playerIds])];
    if (row.ts === stored.ts && row.session === stored.session) {
      stored.replaceSummary(row);
      this.addPlayers(stored.id, merged);
      return;
    }
    this.all.remove(stored);
    if (stored.session !== null) this.bySession.get(stored.session)?.remove(stored);
    for (const id of this.canonicalIds(stored)) this.byPlayer.get(id)?.remove(stored);
    row.playerIds = merged;
    this.byId.set(row.id, row);
    this.insertFresh([row], () => undefined);
  }

  /** Records every player of a hand (from its detail), so the hand follows each of them. */
  addPlayers(handId: string, playerIds: readonly string[]): void {
    const hand = this.byId.get(handId);
    if (hand === undefined) return;
    const before = new Set(this.canonicalIds(hand));
    hand.playerIds = [...new Set([...hand.playerIds, ...playerIds])];
    for (const id of this.canonicalIds(hand)) {
      if (!before.has(id)) this.listFor(this.byPlayer, id).insert(hand);
    }
  }

  /** Installs the alias resolver (old id -> canonical id) and regroups the per-player index under it. */
  setPlayerResolver(resolve: (playerId: string) => string): void {
    const firstResolver = !this.resolving;
    this.resolvePlayer = resolve;
    this.resolving = true;
    if (firstResolver) {
      // Lists are still keyed by raw ids: only merged ids' lists move, so opening a large store stays cheap.
      for (const [rawId, list] of [...this.byPlayer]) {
        const canonical = resolve(rawId);
        if (canonical === rawId) continue;
        this.byPlayer.delete(rawId);
        const target = this.byPlayer.get(canonical);
        if (target === undefined) this.byPlayer.set(canonical, list);
        else target.mergeUnique(list.items);
      }
      return;
    }
    // A later alias table may also split earlier merges: regroup everything from the raw ids.
    const regrouped = new Map<string, SortedHands>();
    for (const hand of this.all.items) {
      for (const id of this.canonicalIds(hand)) this.listFor(regrouped, id).items.push(hand);
    }
    this.byPlayer = regrouped;
  }

  /** Newest-first page under an optional session or player filter. */
  page(filter: HandFilter, offset: number, limit: number): HandPage {
    const list = this.listMatching(filter);
    if (list === undefined) return { total: 0, rows: [] };
    return { total: list.items.length, rows: list.newestFirst(offset, limit).map((hand) => hand.summary) };
  }

  /** The newest stored hand. */
  newest(): HandSummary | undefined {
    return this.all.items[this.all.items.length - 1]?.summary;
  }

  /** Every hand newest-first, lazily (stops as soon as the caller does). */
  *newestFirstIterator(): Generator<IndexedHand> {
    const items = this.all.items;
    for (let at = items.length - 1; at >= 0; at -= 1) yield items[at] as IndexedHand;
  }

  /** Every hand oldest-first (for compaction). */
  oldestFirst(): readonly IndexedHand[] {
    return this.all.items;
  }

  private listMatching(filter: HandFilter): SortedHands | undefined {
    if (filter.playerId !== undefined) {
      const players = this.byPlayer.get(this.resolvePlayer(filter.playerId));
      if (filter.sessionUid === undefined || players === undefined) return players;
      const both = new SortedHands();
      both.items = players.items.filter((hand) => hand.session === filter.sessionUid);
      return both;
    }
    if (filter.sessionUid !== undefined) return this.bySession.get(filter.sessionUid);
    return this.all;
  }

  private canonicalIds(hand: IndexedHand): readonly string[] {
    // The common case (one winner, no merges) needs no Set.
    if (hand.playerIds.length <= 1 && !this.resolving) return hand.playerIds;
    return [...new Set(hand.playerIds.map(this.resolvePlayer))];
  }

  private listFor(map: Map<string, SortedHands>, key: string): SortedHands {
    let list = map.get(key);
    if (list === undefined) {
      list = new SortedHands();
      map.set(key, list);
    }
    return list;
  }
}
