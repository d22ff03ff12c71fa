/**
 * The open list shared by A*, JPS and Dijkstra: an indexed 4-ary min-heap of cells over typed arrays.
 *
 * Each slot keeps its cell's keys beside it, interleaved (`keys[2i]` = the order key, `keys[2i + 1]` = f), so
 * sifting reads one contiguous stream instead of chasing cells across per-cell arrays, and four children
 * share a cache line or two: on big maps the heap is most of a search's time.
 *
 * Ties on `f` go to the larger `g` (the node deeper along its path is nearer the goal, so straight corridors
 * expand few nodes), folded into one order key `f - g·TIE` so a sift compares one double, not two with a
 * branch on equality (grid searches tie constantly). TIE is far below the gap between distinct unit-cost
 * f values (a + b√2, never closer than ~1e-4 on maps of thousands of cells) yet above their rounding noise;
 * with arbitrary cell costs the key is within a factor (1 - TIE) of f, so a path is at most 1e-10 relatively
 * costlier than optimal, far below what any caller can notice.
 * `pos[cell]` is the cell's slot while open, -1 once popped (closed).
 */
const TIE = 1e-10;

export class OpenHeap {
  private readonly items: Int32Array;
  private readonly keys: Float64Array;
  private readonly pos: Int32Array;
  size = 0;

  constructor(capacity: number, pos: Int32Array) {
    this.items = new Int32Array(capacity);
    this.keys = new Float64Array(2 * capacity);
    this.pos = pos;
  }

  clear(): void {
    this.size = 0;
  }

  /** The smallest `f` in the heap (only when not empty). */
  topF(): number {
    return this.keys[1];
  }

  /**
   * Keys for `pushPending`/`decreasePending`: [f, g]. Hot callers write the keys here instead of passing
   * them, because a double passed to a call V8 does not inline is boxed: a heap allocation per push.
   */
  readonly pending = new Float64Array(2);

  push(cell: number, f: number, g: number): void {
    this.pending[0] = f;
    this.pending[1] = g;
    this.pushPending(cell);
  }

  /** Re-keys a cell already in the heap whose cost just dropped. */
  decrease(cell: number, f: number, g: number): void {
    this.pending[0] = f;
    this.pending[1] = g;
    this.decreasePending(cell);
  }

  pushPending(cell: number): void {
    this.up(this.size++, cell);
  }

  decreasePending(cell: number): void {
    this.up(this.pos[cell], cell);
  }

  /** Removes and returns the cell with the smallest `f` (largest `g` among equals); marks it closed. */
  pop(): number {
    const items = this.items;
    const top = items[0];
    this.pos[top] = -1;
    const n = --this.size;
    if (n > 0) this.down(items[n], n);
    return top;
  }

  private up(i: number, cell: number): void {
    const cf = this.pending[0];
    const ck = cf - this.pending[1] * TIE;
    const items = this.items;
    const keys = this.keys;
    const pos = this.pos;
    while (i > 0) {
      const parent = (i - 1) >> 2;
      const pk = keys[2 * parent];
      if (pk <= ck) break;
      const p = items[parent];
      items[i] = p;
      keys[2 * i] = pk;
      keys[2 * i + 1] = keys[2 * parent + 1];
      pos[p] = i;
      i = parent;
    }
    items[i] = cell;
    keys[2 * i] = ck;
    keys[2 * i + 1] = cf;
    pos[cell] = i;
  }

  /** Sinks `cell`, the one in slot `n` (now past the end), from the root of a heap of `n` slots. */
  private down(cell: number, n: number): void {
    const items = this.items;
    const keys = this.keys;
    const ck = keys[2 * n];
    const cf = keys[2 * n + 1];
    const pos = this.pos;
    let i = 0;
    for (;;) {
      const first = 4 * i + 1;
      if (first >= n) break;
      // The best of up to four children.
      let best = first;
      let bk = keys[2 * first];
      const last = first + 3 < n ? first + 3 : n - 1;
      for (let k = first + 1; k <= last; k++) {
        const kk = keys[2 * k];
        if (kk < bk) {
          best = k;
          bk = kk;
        }
      }
      if (ck <= bk) break;
      const c = items[best];
      items[i] = c;
      keys[2 * i] = bk;
      keys[2 * i + 1] = keys[2 * best + 1];
      pos[c] = i;
      i = best;
    }
    items[i] = cell;
    keys[2 * i] = ck;
    keys[2 * i + 1] = cf;
    pos[cell] = i;
  }
}
