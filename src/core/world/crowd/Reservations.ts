import { growFloat, growInt } from './growArrays.ts';

/**
 * Who holds which tile when, in ticks: the space-time reservations of walkers with a planned timetable
 * (SpaceTimeSearch.ts). Per tile, a list of half-open intervals [start, end) sorted by start, each with its
 * holder; a holder's intervals on a tile never overlap another's. `end` may be Infinity (a walker that
 * stays: on its goal, or waiting to be planned).
 *
 * What is over is forgotten: `forgetBefore(t)` says no search will ask about a time before t again, and the
 * intervals ending by then are unlinked as the lists are read. A long run's busy tiles would otherwise keep
 * every walker that ever passed (lak304d ×1,000: over 200 on one tile), and every search reading them would
 * walk the whole history.
 *
 * Pooled typed arrays, each interval linked both ways in its tile's list and its holder's: reserving,
 * releasing and forgetting are O(1) an interval and allocate nothing once the pool has grown.
 */

const NONE = -1;

export class Reservations {
  private readonly head: Int32Array;
  private start = new Float64Array(1024);
  private end = new Float64Array(1024);
  private who = new Int32Array(1024);
  private cellOf = new Int32Array(1024);
  /** The tile's list, both ways. */
  private next = new Int32Array(1024);
  private prev = new Int32Array(1024);
  /** Each holder's intervals, both ways (so a holder's plan is dropped in one walk). */
  private nextOfHolder = new Int32Array(1024);
  private prevOfHolder = new Int32Array(1024);
  private holderHead = new Int32Array(16).fill(NONE);
  private free = NONE;
  private top = 0;
  /** No search asks about a time before this (intervals ending by then are dropped as they are met). */
  private horizon = Number.NEGATIVE_INFINITY;

  constructor(cells: number) {
    this.head = new Int32Array(cells).fill(NONE);
  }

  /** No search will ask about a time before `t` (never moves back). */
  forgetBefore(t: number): void {
    if (t > this.horizon) this.horizon = t;
  }

  /** Reserves `cell` for `id` over [start, end). */
  add(id: number, cell: number, start: number, end: number): void {
    if (id >= this.holderHead.length) {
      const h = new Int32Array(Math.max(id + 1, this.holderHead.length * 2)).fill(NONE);
      h.set(this.holderHead);
      this.holderHead = h;
    }
    let r = this.free;
    if (r !== NONE) this.free = this.next[r];
    else {
      if (this.top === this.start.length) this.grow();
      r = this.top++;
    }
    this.start[r] = start;
    this.end[r] = end;
    this.who[r] = id;
    this.cellOf[r] = cell;
    let before = NONE;
    let x = this.head[cell];
    while (x !== NONE && this.start[x] < start) {
      before = x;
      x = this.next[x];
    }
    this.next[r] = x;
    this.prev[r] = before;
    if (x !== NONE) this.prev[x] = r;
    if (before === NONE) this.head[cell] = r;
    else this.next[before] = r;
    const first = this.holderHead[id];
    this.nextOfHolder[r] = first;
    this.prevOfHolder[r] = NONE;
    if (first !== NONE) this.prevOfHolder[first] = r;
    this.holderHead[id] = r;
  }

  /** Drops every reservation of `id`. */
  release(id: number): void {
    if (id >= this.holderHead.length) return;
    let r = this.holderHead[id];
    while (r !== NONE) {
      const after = this.nextOfHolder[r];
      this.unlinkFromTile(r);
      this.next[r] = this.free;
      this.free = r;
      r = after;
    }
    this.holderHead[id] = NONE;
  }

  /** Whether anyone holds `cell` at tick `t` (other than `self`). */
  heldAt(cell: number, t: number, self: number): boolean {
    for (let x = this.first(cell); x !== NONE; x = this.following(x)) {
      if (this.start[x] > t) return false;
      if (t < this.end[x] && this.who[x] !== self) return true;
    }
    return false;
  }

  /** Appends to `out` the holders (other than `self`) of `cell` at any time from `from` on. */
  holdersAfter(cell: number, from: number, self: number, out: number[]): void {
    for (let x = this.first(cell); x !== NONE; x = this.following(x)) {
      const who = this.who[x];
      if (who !== self && this.end[x] > from && !out.includes(who)) out.push(who);
    }
  }

  /** Whether someone other than `self` holds `cell` for good (stands there waiting, or ends there). */
  heldForGood(cell: number, self: number): boolean {
    for (let x = this.first(cell); x !== NONE; x = this.following(x))
      if (this.end[x] === Number.POSITIVE_INFINITY && this.who[x] !== self) return true;
    return false;
  }

  /**
   * The free intervals of `cell` (gaps between others' reservations), written as [start, end) pairs into
   * `out` from index 0, for times from `from` on; returns how many. The last one ends at Infinity unless
   * someone holds the tile for ever.
   */
  gaps(cell: number, from: number, self: number, out: Float64Array, at = 0, cap = out.length >> 1): number {
    let n = 0;
    let t = from;
    for (let x = this.first(cell); x !== NONE && n < cap; x = this.following(x)) {
      if (this.who[x] === self) continue;
      const s = this.start[x];
      const e = this.end[x];
      if (e <= t) continue;
      if (s > t) {
        out[at + 2 * n] = t;
        out[at + 2 * n + 1] = s;
        n++;
      }
      if (e > t) t = e;
      if (t === Number.POSITIVE_INFINITY) return n;
    }
    if (n < cap) {
      out[at + 2 * n] = t;
      out[at + 2 * n + 1] = Number.POSITIVE_INFINITY;
      n++;
    }
    return n;
  }

  /** The first interval of `cell`'s list still to come (those over are forgotten on the way). */
  private first(cell: number): number {
    const x = this.head[cell];
    return x === NONE || this.end[x] > this.horizon ? x : this.following(x);
  }

  /** The interval after `x` still to come (`x` itself may be over: it is forgotten once passed). */
  private following(x: number): number {
    let y = this.next[x];
    if (this.end[x] <= this.horizon) this.forget(x);
    while (y !== NONE && this.end[y] <= this.horizon) {
      const z = this.next[y];
      this.forget(y);
      y = z;
    }
    return y;
  }

  /** Drops an interval that is over from its tile's list and its holder's, back to the pool. */
  private forget(r: number): void {
    this.unlinkFromTile(r);
    const p = this.prevOfHolder[r];
    const n = this.nextOfHolder[r];
    if (p === NONE) this.holderHead[this.who[r]] = n;
    else this.nextOfHolder[p] = n;
    if (n !== NONE) this.prevOfHolder[n] = p;
    this.next[r] = this.free;
    this.free = r;
  }

  private unlinkFromTile(r: number): void {
    const p = this.prev[r];
    const n = this.next[r];
    if (p === NONE) this.head[this.cellOf[r]] = n;
    else this.next[p] = n;
    if (n !== NONE) this.prev[n] = p;
  }

  private grow(): void {
    const n = this.start.length * 2;
    this.start = growFloat(this.start, n);
    this.end = growFloat(this.end, n);
    this.who = growInt(this.who, n, 0);
    this.cellOf = growInt(this.cellOf, n, 0);
    this.next = growInt(this.next, n, 0);
    this.prev = growInt(this.prev, n, 0);
    this.nextOfHolder = growInt(this.nextOfHolder, n, 0);
    this.prevOfHolder = growInt(this.prevOfHolder, n, 0);
  }
}
