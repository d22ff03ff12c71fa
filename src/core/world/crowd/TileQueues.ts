import { growInt } from './growArrays.ts';

export const NONE = -1;
/** Entry kinds: a visit, a touch still to come, a touch done (left in the queue until it reaches the head). */
export const VISIT = 0;
export const TOUCH = 1;
export const TOUCHED = 2;

/**
 * Every tile's queue of the committed steps that will enter it (StepQueue.ts): per tile, a FIFO of entries,
 * each a visit (a step into the tile) or a touch (a diagonal squeezing past it), in plan order. Entries live
 * in pooled typed arrays with a free list: queuing and leaving allocate nothing once the pool has grown.
 */
export class TileQueues {
  /** Each tile's first and last entry (NONE: nobody queued). */
  readonly head: Int32Array;
  readonly tail: Int32Array;
  // Entries (pooled): who, what kind, the number of the step that made it, the next in the tile's queue.
  who = new Int32Array(256);
  kind = new Uint8Array(256);
  seq = new Int32Array(256);
  /** An entry's place in its tile's queue: entries stand in key order (equal keys: first come first). */
  private key = new Float64Array(256);
  next = new Int32Array(256);
  private free = NONE;
  private top = 0;

  constructor(cells: number) {
    this.head = new Int32Array(cells).fill(NONE);
    this.tail = new Int32Array(cells).fill(NONE);
  }

  /** Empties every queue. */
  clear(): void {
    this.head.fill(NONE);
    this.tail.fill(NONE);
    this.free = NONE;
    this.top = 0;
  }

  /** Empties `cell`'s queue. */
  empty(cell: number): void {
    while (this.head[cell] !== NONE) this.unlinkHead(cell);
  }

  /** Queues an entry of `who` into `cell` in its place by `key`; returns it. */
  append(cell: number, who: number, kind: number, seq: number, key: number): number {
    const e = this.entry(who, kind, seq, key);
    const tail = this.tail[cell];
    if (tail === NONE) {
      this.head[cell] = e;
      this.tail[cell] = e;
    } else if (this.key[tail] <= key) {
      this.next[tail] = e;
      this.tail[cell] = e;
    } else {
      // A timetabled visit earlier than some already queued: in its place by key.
      let prev = NONE;
      let x = this.head[cell];
      while (x !== NONE && this.key[x] <= key) {
        prev = x;
        x = this.next[x];
      }
      this.next[e] = x;
      if (prev === NONE) this.head[cell] = e;
      else this.next[prev] = e;
    }
    return e;
  }

  /**
   * Queues a visit of `who` into `cell` right after entry `after` (NONE: first of all), ahead of everyone queued
   * behind; later entries go after it whatever their keys. Returns it.
   */
  insertAfter(cell: number, after: number, who: number, seq: number): number {
    const e = this.entry(who, VISIT, seq, after === NONE ? Number.NEGATIVE_INFINITY : this.key[after]);
    if (after === NONE) {
      this.next[e] = this.head[cell];
      this.head[cell] = e;
    } else {
      this.next[e] = this.next[after];
      this.next[after] = e;
    }
    if (this.next[e] === NONE) this.tail[cell] = e;
    return e;
  }

  /** A new entry from the pool, in no queue yet. */
  private entry(who: number, kind: number, seq: number, key: number): number {
    let e = this.free;
    if (e !== NONE) this.free = this.next[e];
    else {
      if (this.top === this.who.length) this.grow();
      e = this.top++;
    }
    this.who[e] = who;
    this.kind[e] = kind;
    this.seq[e] = seq;
    this.key[e] = key;
    this.next[e] = NONE;
    return e;
  }

  /** Adds `by` to the step number of entry `e`. */
  renumber(e: number, by: number): void {
    this.seq[e] += by;
  }

  /** A touch may happen once every visit before it in the tile's queue has left (touches before it need not). */
  touchReady(cell: number, e: number): boolean {
    for (let h = this.head[cell]; h !== NONE; h = this.next[h]) {
      if (h === e) return true;
      if (this.kind[h] === VISIT) return false;
    }
    return false;
  }

  /** Moves entry `e` to the head of `cell`'s queue (it goes first). */
  toHead(cell: number, e: number): void {
    let prev = this.head[cell];
    while (this.next[prev] !== e) prev = this.next[prev];
    this.next[prev] = this.next[e];
    if (this.tail[cell] === e) this.tail[cell] = prev;
    this.next[e] = this.head[cell];
    this.head[cell] = e;
  }

  /** Takes entry `e` out of `cell`'s queue wherever it stands. */
  unlink(cell: number, e: number): void {
    let prev = NONE;
    let x = this.head[cell];
    while (x !== NONE && x !== e) {
      prev = x;
      x = this.next[x];
    }
    if (x === NONE) return;
    if (prev === NONE) this.head[cell] = this.next[e];
    else this.next[prev] = this.next[e];
    if (this.tail[cell] === e) this.tail[cell] = prev;
    this.next[e] = this.free;
    this.free = e;
    this.dropDone(cell);
  }

  /**
   * Removes visit `e`, the head of `cell`'s queue (execution keeps visits in order, so it always is), and the
   * touches done behind it.
   */
  popHead(cell: number, e: number): void {
    if (this.head[cell] !== e) return;
    this.unlinkHead(cell);
    this.dropDone(cell);
  }

  /** Drops touches already done from the head of `cell`'s queue. */
  dropDone(cell: number): void {
    while (this.head[cell] !== NONE && this.kind[this.head[cell]] === TOUCHED) this.unlinkHead(cell);
  }

  private unlinkHead(cell: number): void {
    const e = this.head[cell];
    this.head[cell] = this.next[e];
    if (this.head[cell] === NONE) this.tail[cell] = NONE;
    this.next[e] = this.free;
    this.free = e;
  }

  private grow(): void {
    const n = this.who.length * 2;
    this.who = growInt(this.who, n, 0);
    this.seq = growInt(this.seq, n, 0);
    const key = new Float64Array(n);
    key.set(this.key);
    this.key = key;
    this.next = growInt(this.next, n, 0);
    const kind = new Uint8Array(n);
    kind.set(this.kind);
    this.kind = kind;
  }
}
