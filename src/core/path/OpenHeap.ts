/**
 * The open list shared by A*, JPS and Dijkstra: an indexed binary min-heap of cell indices over typed arrays.
 *
 * Keys live in per-cell arrays owned by the search space (`f` for the ordering, `g` for ties), so pushing a
 * cell stores nothing but its index and a decrease-key only sifts. Ties on `f` go to the larger `g`: the node
 * deeper along its path is nearer the goal, so straight corridors expand few nodes.
 * `pos[cell]` is the cell's slot in the heap while it is open, -1 once it has been popped (closed).
 */
export class OpenHeap {
  private readonly items: Int32Array;
  private readonly f: Float64Array;
  private readonly g: Float64Array;
  private readonly pos: Int32Array;
  size = 0;

  constructor(capacity: number, f: Float64Array, g: Float64Array, pos: Int32Array) {
    this.items = new Int32Array(capacity);
    this.f = f;
    this.g = g;
    this.pos = pos;
  }

  clear(): void {
    this.size = 0;
  }

  /** Adds a cell whose `f` and `g` are already set. */
  push(cell: number): void {
    const i = this.size++;
    this.items[i] = cell;
    this.pos[cell] = i;
    this.up(i);
  }

  /** Re-sifts a cell already in the heap whose `f` just dropped. */
  decrease(cell: number): void {
    this.up(this.pos[cell]);
  }

  /** Removes and returns the cell with the smallest `f` (largest `g` among equals); marks it closed. */
  pop(): number {
    const items = this.items;
    const top = items[0];
    this.pos[top] = -1;
    const last = items[--this.size];
    if (this.size > 0) {
      items[0] = last;
      this.pos[last] = 0;
      this.down(0);
    }
    return top;
  }

  private up(i: number): void {
    const items = this.items;
    const f = this.f;
    const g = this.g;
    const pos = this.pos;
    const cell = items[i];
    const cf = f[cell];
    const cg = g[cell];
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = items[parent];
      const pf = f[p];
      if (pf < cf || (pf === cf && g[p] >= cg)) break;
      items[i] = p;
      pos[p] = i;
      i = parent;
    }
    items[i] = cell;
    pos[cell] = i;
  }

  private down(i: number): void {
    const items = this.items;
    const f = this.f;
    const g = this.g;
    const pos = this.pos;
    const n = this.size;
    const cell = items[i];
    const cf = f[cell];
    const cg = g[cell];
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      let c = items[child];
      let bf = f[c];
      const right = child + 1;
      if (right < n) {
        const r = items[right];
        const rf = f[r];
        if (rf < bf || (rf === bf && g[r] > g[c])) {
          child = right;
          c = r;
          bf = rf;
        }
      }
      if (cf < bf || (cf === bf && cg >= g[c])) break;
      items[i] = c;
      pos[c] = i;
      i = child;
    }
    items[i] = cell;
    pos[cell] = i;
  }
}
