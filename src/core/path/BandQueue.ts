/**
 * Bands per unit of f: fine enough that two f values of unit-cost paths share a band only when the paths
 * differ by hundreds of diagonal steps, coarse enough that a pop seldom walks far through empty bands.
 */
export const BAND_SCALE = 1024;

/**
 * The open list of the unit-cost searches (A*'s common query, and distance fields on open ground): a bucket
 * queue over f, for keys that never drop below the last one popped and never run more than `span` above it.
 *
 * Why it holds: on a grid where every cell costs 1 and the heuristic is consistent (octile), the f of a
 * cell reached from the one just popped is at most that f plus twice the step (g grows by the step, h by at
 * most the step): every open key lies in [f_min, f_min + 2√2]. The keys are filed by `floor(f · scale)`
 * into a ring of bands wider than that window, so a push is O(1) and a pop walks a bitmap to the first
 * non-empty band: no sifting, which was most of A*'s time with a heap on open maps (arena2: ~60%).
 *
 * Order inside a band is last in, first out. A band normally holds a single f value: distinct f values of
 * unit-cost paths (a + b√2) are further apart than a band (1/1024) unless paths run about a thousand
 * diagonal steps. A band that does receive two keys further apart than rounding noise is marked mixed, and
 * pops from it take the least key, so the order is exact either way (to 1e-10 relatively). Each push is
 * compared with the band's newest entry: if no two neighbours in a band differ, none do.
 * Last in first out among equal f prefers the cell reached last, usually the deepest, which expands as few
 * nodes as A*'s usual tie-break toward the larger g.
 *
 * A cell whose cost drops is pushed again; its older entry stays in its band and is skipped when reached.
 * `pos[cell]` (shared with the heap) holds the cell's live entry (`pop` sets it to -1; distance fields' loop
 * marks closed cells in `seen` instead, see CLOSED_STAMP). A*'s plain loop uses the arrays its own way: it
 * does not use `pos`, `keyOf` holds the g each entry was filed with, and `firstKey` each band's first key
 * (see AStar.runPlain). Entries live in arrays that grow (doubling) when a search outgrows them, so after
 * the first big search nothing is allocated.
 */

export class BandQueue {
  /** Bands per unit of f. */
  readonly scale: number;
  /** Ring size − 1 (the ring is a power of two). */
  readonly ringMask: number;
  /** First entry of each band, -1 when empty. */
  readonly head: Int32Array;
  /** A* (runPlain): the key that made each band non-empty, which its later keys are compared with. */
  readonly firstKey: Float64Array;
  /** 1 where a band holds keys further apart than rounding noise. */
  readonly mixed: Uint8Array;
  /** One bit per non-empty band, and one bit per non-zero word of those (a pop skips empty stretches fast). */
  readonly bits: Int32Array;
  readonly words: Int32Array;
  /** The band the last pop came from (an absolute band number, not a ring slot). */
  floor = 0;
  /** The key of the cell `pop` returned last. */
  lastKey = 0;
  /** Entries in use, and open cells (entries that are nobody's live entry are not counted). */
  top = 0;
  live = 0;
  cellOf: Int32Array;
  nextOf: Int32Array;
  keyOf: Float64Array;
  /** Ring slots that became non-empty this search (cleared by `reset`); may repeat. */
  touched: Int32Array;
  touchedCount = 0;
  /** Pops that had to search a mixed band (for tests and tuning). */
  mixedPops = 0;
  private readonly pos: Int32Array;

  /**
   * @param pos per-cell live entry, shared with the other searches' heap.
   * @param span widest key range the queue must hold above its minimum.
   * @param scale bands per unit of key.
   */
  constructor(pos: Int32Array, span: number, scale = BAND_SCALE) {
    if (!(span > 0) || !(scale > 0))
      throw new RangeError(`BandQueue: span ${span} and scale ${scale} must be positive.`);
    this.pos = pos;
    this.scale = scale;
    let ring = 32;
    while (ring < span * scale + 2) ring *= 2;
    this.ringMask = ring - 1;
    this.head = new Int32Array(ring).fill(-1);
    this.mixed = new Uint8Array(ring);
    this.firstKey = new Float64Array(ring);
    this.bits = new Int32Array(ring >> 5);
    this.words = new Int32Array(Math.max(1, ring >> 10));
    const entries = 1024;
    this.cellOf = new Int32Array(entries);
    this.nextOf = new Int32Array(entries);
    this.keyOf = new Float64Array(entries);
    this.touched = new Int32Array(entries);
  }

  /** Empties the queue; keys from now on must not be below `minKey`. */
  reset(minKey: number): void {
    const head = this.head;
    const mixed = this.mixed;
    const bits = this.bits;
    const words = this.words;
    const touched = this.touched;
    for (let i = 0; i < this.touchedCount; i++) {
      const r = touched[i];
      head[r] = -1;
      mixed[r] = 0;
      bits[r >> 5] = 0;
      words[r >> 10] = 0;
    }
    this.touchedCount = 0;
    this.top = 0;
    this.live = 0;
    this.floor = Math.floor(minKey * this.scale);
  }

  /**
   * Files `cell` under `key`. `fresh`: the cell is not open yet (otherwise this entry replaces its live one).
   * A*'s plain loop files its cells with its own copy of these lines (see AStar.runPlain for why).
   */
  push(cell: number, key: number, fresh: boolean): void {
    if (this.top === this.cellOf.length) this.grow();
    const e = this.top++;
    let band = Math.floor(key * this.scale);
    if (band < this.floor) band = this.floor;
    const r = band & this.ringMask;
    const hd = this.head[r];
    this.cellOf[e] = cell;
    this.keyOf[e] = key;
    this.nextOf[e] = hd;
    if (hd === -1) {
      this.bits[r >> 5] |= 1 << (r & 31);
      this.words[r >> 10] |= 1 << ((r >> 5) & 31);
      this.touched[this.touchedCount++] = r;
    } else if (Math.abs(this.keyOf[hd] - key) > 1e-10 * key) this.mixed[r] = 1;
    this.head[r] = e;
    this.pos[cell] = e;
    if (fresh) this.live++;
  }

  /** Removes and returns the open cell with the least key (-1 when none is left), and marks it closed. */
  pop(): number {
    const pos = this.pos;
    while (this.live > 0) {
      const r = this.nextBand();
      let e: number;
      if (this.mixed[r] === 1) {
        e = this.takeLeast(r);
        if (e < 0) continue;
      } else {
        e = this.head[r];
        const after = this.nextOf[e];
        this.head[r] = after;
        if (after === -1) this.emptied(r);
      }
      const c = this.cellOf[e];
      if (pos[c] !== e) continue; // superseded by a cheaper entry, or already closed
      pos[c] = -1;
      this.live--;
      this.lastKey = this.keyOf[e];
      return c;
    }
    return -1;
  }

  /**
   * Moves the floor to the first non-empty band at or after it and returns that band's ring slot (the ring
   * never holds keys a full turn apart). Only to be called while some band holds an entry.
   */
  nextBand(): number {
    const bits = this.bits;
    const words = this.words;
    const ringMask = this.ringMask;
    const r = this.floor & ringMask;
    let wi = r >> 5;
    let word = bits[wi] & (-1 << (r & 31));
    if (word === 0) {
      // The next non-zero word of bands, through the summary (wrapping round the ring).
      const lastSummary = words.length - 1;
      let si = wi >> 5;
      let summary = (wi & 31) === 31 ? 0 : words[si] & (-2 << (wi & 31));
      let spins = 0;
      while (summary === 0) {
        si = si === lastSummary ? 0 : si + 1;
        summary = words[si];
        if (++spins > lastSummary + 1) throw new Error('BandQueue: a band was asked for but all are empty.');
      }
      wi = (si << 5) | (31 - Math.clz32(summary & -summary));
      word = bits[wi];
    }
    const next = (wi << 5) | (31 - Math.clz32(word & -word));
    this.floor += (next - r) & ringMask;
    return next;
  }

  /** Band `r` has just lost its last entry. */
  emptied(r: number): void {
    const wi = r >> 5;
    const word = this.bits[wi] & ~(1 << (r & 31));
    this.bits[wi] = word;
    if (word === 0) this.words[wi >> 5] &= ~(1 << (wi & 31));
    this.mixed[r] = 0;
  }

  /** Unlinks and returns the live entry with the least key in mixed band `r` (dropping stale ones), or -1. */
  takeLeast(r: number): number {
    this.mixedPops++;
    const head = this.head;
    const nextOf = this.nextOf;
    const keyOf = this.keyOf;
    const cellOf = this.cellOf;
    const pos = this.pos;
    let best = -1;
    let bestPrev = -1;
    let bestKey = Number.POSITIVE_INFINITY;
    let prev = -1;
    for (let e = head[r]; e !== -1; ) {
      const after = nextOf[e];
      if (pos[cellOf[e]] !== e) {
        // Stale: drop it from the band.
        if (prev === -1) head[r] = after;
        else nextOf[prev] = after;
      } else {
        if (keyOf[e] < bestKey) {
          best = e;
          bestPrev = prev;
          bestKey = keyOf[e];
        }
        prev = e;
      }
      e = after;
    }
    if (best !== -1) {
      if (bestPrev === -1) head[r] = nextOf[best];
      else nextOf[bestPrev] = nextOf[best];
    }
    if (head[r] === -1) this.emptied(r);
    return best;
  }

  /** Grows the entry arrays to hold at least `entries` now (a map loading), not during a search. */
  reserve(entries: number): void {
    while (this.cellOf.length < entries) this.grow();
  }

  /** Doubles the entry arrays (only when a search needs more entries than any before it). */
  grow(): void {
    const size = this.cellOf.length * 2;
    const cellOf = new Int32Array(size);
    cellOf.set(this.cellOf);
    this.cellOf = cellOf;
    const nextOf = new Int32Array(size);
    nextOf.set(this.nextOf);
    this.nextOf = nextOf;
    const keyOf = new Float64Array(size);
    keyOf.set(this.keyOf);
    this.keyOf = keyOf;
    const touched = new Int32Array(size);
    touched.set(this.touched);
    this.touched = touched;
  }
}
