/**
 * The open list shared by A*, JPS and Dijkstra: an indexed 4-ary min-heap of cells over typed arrays.
 *
 * A slot holds its cell (`items`) and its order key (`keys`), nothing else: sifting moves 12 bytes a level,
 * and a full set of four children is compared without a loop (two pairs, then the winners), which V8 turns
 * into straight-line code with fewer unpredictable branches. On big maps the heap is most of a search's time.
 *
 * Ties on `f` go to the larger `g` (the node deeper along its path is nearer the goal, so straight corridors
 * expand few nodes), folded into one order key `f - g·TIE` so a sift compares one double, not two with a
 * branch on equality (grid searches tie constantly). TIE is far below the gap between distinct unit-cost
 * f values (a + b√2, never closer than ~1e-4 on maps of thousands of cells) yet above their rounding noise;
 * with arbitrary cell costs the key is within a factor (1 - TIE) of f, so a path is at most 1e-10 relatively
 * costlier than optimal, far below what any caller can notice. A caller that needs a popped cell's `f` back
 * adds `g·TIE` to its key (`lastKey`).
 * `pos[cell]` is the cell's slot while open, -1 once popped (closed).
 */
export const TIE = 1e-10;

export class OpenHeap {
  private readonly items: Int32Array;
  private readonly keys: Float64Array;
  private readonly pos: Int32Array;
  size = 0;

  constructor(capacity: number, pos: Int32Array) {
    this.items = new Int32Array(capacity);
    this.keys = new Float64Array(capacity);
    this.pos = pos;
  }

  clear(): void {
    this.size = 0;
  }

  /** The cells in the heap, in slots 0 to size − 1 (heap order, not sorted). */
  cells(): Int32Array {
    return this.items;
  }

  /** The order key of the cell `pop` returned last: its f minus its g·TIE. */
  lastKey = 0;

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
    this.lastKey = this.keys[0];
    this.pos[top] = -1;
    const n = --this.size;
    if (n > 0) this.down(items[n], n);
    return top;
  }

  private up(i: number, cell: number): void {
    const ck = this.pending[0] - this.pending[1] * TIE;
    const items = this.items;
    const keys = this.keys;
    const pos = this.pos;
    while (i > 0) {
      const parent = (i - 1) >> 2;
      const pk = keys[parent];
      if (pk <= ck) break;
      const p = items[parent];
      items[i] = p;
      keys[i] = pk;
      pos[p] = i;
      i = parent;
    }
    items[i] = cell;
    keys[i] = ck;
    pos[cell] = i;
  }

  /** Sinks `cell`, the one in slot `n` (now past the end), from the root of a heap of `n` slots. */
  private down(cell: number, n: number): void {
    const items = this.items;
    const keys = this.keys;
    const ck = keys[n];
    const pos = this.pos;
    let i = 0;
    for (;;) {
      const first = 4 * i + 1;
      let best: number;
      let bk: number;
      if (first + 3 < n) {
        // Four children: the smaller of each pair, then the smaller of the two.
        const k0 = keys[first];
        const k1 = keys[first + 1];
        const k2 = keys[first + 2];
        const k3 = keys[first + 3];
        const a = k0 <= k1 ? first : first + 1;
        const ka = k0 <= k1 ? k0 : k1;
        const b = k2 <= k3 ? first + 2 : first + 3;
        const kb = k2 <= k3 ? k2 : k3;
        best = ka <= kb ? a : b;
        bk = ka <= kb ? ka : kb;
      } else {
        if (first >= n) break;
        best = first;
        bk = keys[first];
        for (let k = first + 1; k < n; k++) {
          const kk = keys[k];
          if (kk < bk) {
            best = k;
            bk = kk;
          }
        }
      }
      if (ck <= bk) break;
      const c = items[best];
      items[i] = c;
      keys[i] = bk;
      pos[c] = i;
      i = best;
    }
    items[i] = cell;
    keys[i] = ck;
    pos[cell] = i;
  }
}
