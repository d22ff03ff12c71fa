import type { NavGrid } from './NavGrid.ts';

/**
 * Which tiles can reach which, labelled once per grid version: `label[i]` is 0 for a blocked cell, else the
 * id (≥ 1) of cell i's region. A click asks "can the walker get there?" with two array reads instead of a
 * search of everything the walker can reach.
 *
 * One labelling serves 8 and 4 moves: a diagonal step needs both orthogonal neighbours walkable and, with
 * one-way exits, both two-step detours through them open (`NavGrid.canStep`), so whatever a diagonal
 * reaches the two straight steps reach too. Reachability with 8 moves is reachability with 4.
 *
 * - No one-way exits (`grid.directedCells === 0`): regions are the connected components; two cells can
 *   reach each other exactly when their labels match.
 * - With one-way exits, reaching is not symmetric: regions are the strongly connected components (cells
 *   that reach each other both ways), and what a walker can reach is its region plus every region
 *   downstream of it, which `reachableFrom` answers (one flood per walker region, cached).
 *
 * Built lazily and rebuilt when `grid.version` moves; arrays are allocated on the first build (and when
 * the region count outgrows them), never per query.
 */
export class Regions {
  readonly grid: NavGrid;
  /** Per cell: 0 blocked, else its region id (1..count). Valid after `refresh()`. */
  label: Int32Array = new Int32Array(0);
  /** Regions in the current labelling. */
  count = 0;
  /** Grid version the labels were built for (-1: never built). */
  builtVersion = -1;
  /** Per region id: how many cells it has, and its bounding box (index 0 unused). */
  area: Int32Array = new Int32Array(1);
  minX: Int32Array = new Int32Array(1);
  minY: Int32Array = new Int32Array(1);
  maxX: Int32Array = new Int32Array(1);
  maxY: Int32Array = new Int32Array(1);
  /** Per region id: 1 when the last `reachableFrom` source reaches it. */
  reach: Uint8Array = new Uint8Array(1);
  /** Bounding box of every cell the last `reachableFrom` source reaches. */
  reachMinX = 0;
  reachMinY = 0;
  reachMaxX = -1;
  reachMaxY = -1;
  private reachFor = 0;
  private reachVersion = -1;
  // Work arrays of the builds and floods (a queue, Tarjan's stacks), allocated once.
  private queue: Int32Array = new Int32Array(0);
  private order: Int32Array = new Int32Array(0);
  private low: Int32Array = new Int32Array(0);
  private stack: Int32Array = new Int32Array(0);
  private callDir: Uint8Array = new Uint8Array(0);
  private seen: Uint32Array = new Uint32Array(0);
  private seenGen = 0;

  constructor(grid: NavGrid) {
    this.grid = grid;
  }

  /** Brings the labels up to date with the grid (O(cells) when it changed, else O(1)). */
  refresh(): void {
    if (this.builtVersion === this.grid.version && this.label.length === this.grid.size) return;
    const n = this.grid.size;
    if (this.label.length !== n) {
      this.label = new Int32Array(n);
      this.queue = new Int32Array(n);
    }
    this.count = 0;
    if (this.grid.directedCells === 0) this.labelComponents();
    else this.labelStrongComponents();
    this.builtVersion = this.grid.version;
    this.reachVersion = -1;
    this.reach.fill(0);
  }

  /** The region of cell `i` (0 when blocked), labels refreshed first. */
  regionOf(i: number): number {
    this.refresh();
    return this.label[i];
  }

  /**
   * Marks in `reach` (per region id) every region a walker on cell `from` can get to, and sets the
   * `reach*` bounding box of those cells. Without one-way exits that is `from`'s region alone (O(1));
   * with them, a flood from `from` (O(cells)), reused until the grid changes or the walker changes region.
   * Returns `reach`; all zero when `from` is blocked.
   */
  reachableFrom(from: number): Uint8Array {
    this.refresh();
    const r = this.label[from];
    if (this.reachVersion === this.builtVersion && this.reachFor === r) return this.reach;
    // Without one-way exits only the previous source's own region was marked; with them, any number.
    if (this.grid.directedCells === 0) this.reach[this.reachFor] = 0;
    else this.reach.fill(0);
    this.reachFor = r;
    this.reachVersion = this.builtVersion;
    this.reachMinX = this.reachMinY = 0;
    this.reachMaxX = this.reachMaxY = -1;
    if (r === 0) return this.reach;
    if (this.grid.directedCells === 0) {
      this.reach[r] = 1;
      this.reachMinX = this.minX[r];
      this.reachMinY = this.minY[r];
      this.reachMaxX = this.maxX[r];
      this.reachMaxY = this.maxY[r];
      return this.reach;
    }
    this.floodReach(from);
    return this.reach;
  }

  /**
   * Connected components by scanline flood fill: each seed grows into its whole run of the row, and the rows
   * above and below get one seed per open run they share with it. The work per cell is a read and a write,
   * so even the first build, before the JIT has warmed up, stays a few milliseconds on a 256 × 256 map.
   * A queued seed is marked -1 so no cell is queued twice (the stack never outgrows the grid).
   */
  private labelComponents(): void {
    const grid = this.grid;
    const w = grid.width;
    const h = grid.height;
    const walk = grid.walkable;
    const label = this.label;
    const stack = this.queue;
    label.fill(0);
    for (let s = 0; s < grid.size; s++) {
      if (walk[s] === 0 || label[s] !== 0) continue;
      const id = this.newRegion();
      let area = 0;
      let minX = w;
      let minY = h;
      let maxX = -1;
      let maxY = -1;
      let top = 0;
      stack[top++] = s;
      label[s] = -1;
      while (top > 0) {
        const c = stack[--top];
        if (label[c] > 0) continue;
        const y = (c / w) | 0;
        const rowStart = y * w;
        const rowEnd = rowStart + w - 1;
        let l = c;
        while (l > rowStart && walk[l - 1] === 1 && label[l - 1] <= 0) l--;
        let r = c;
        while (r < rowEnd && walk[r + 1] === 1 && label[r + 1] <= 0) r++;
        for (let i = l; i <= r; i++) label[i] = id;
        area += r - l + 1;
        if (l - rowStart < minX) minX = l - rowStart;
        if (r - rowStart > maxX) maxX = r - rowStart;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
        // Seeds in the neighbouring rows: the first cell of each open, unqueued run over [l, r].
        for (let side = -w; side <= w; side += 2 * w) {
          if ((side < 0 && y === 0) || (side > 0 && y === h - 1)) continue;
          let inRun = false;
          for (let i = l + side, end = r + side; i <= end; i++) {
            const open = walk[i] === 1 && label[i] === 0;
            if (open && !inRun) {
              stack[top++] = i;
              label[i] = -1;
            }
            inRun = open;
          }
        }
      }
      this.area[id] = area;
      this.minX[id] = minX;
      this.minY[id] = minY;
      this.maxX[id] = maxX;
      this.maxY[id] = maxY;
    }
  }

  /**
   * Strongly connected components over the four straight steps that `canStep` allows (Tarjan's algorithm,
   * iterative: a map-sized recursion would overflow the stack). `order` holds each cell's visit number
   * (0 = unvisited), `low` its low link; `queue` doubles as the call stack, `callDir` as its next direction.
   */
  private labelStrongComponents(): void {
    const grid = this.grid;
    const n = grid.size;
    const w = grid.width;
    if (this.order.length !== n) {
      this.order = new Int32Array(n);
      this.low = new Int32Array(n);
      this.stack = new Int32Array(n);
      this.callDir = new Uint8Array(n);
    }
    const walk = grid.walkable;
    const label = this.label;
    const order = this.order;
    const low = this.low;
    const stack = this.stack;
    const calls = this.queue;
    const callDir = this.callDir;
    label.fill(0);
    order.fill(0);
    // While on Tarjan's stack a cell's label is -1; a finished cell gets its region id (≥ 1).
    let visited = 0;
    for (let s = 0; s < n; s++) {
      if (walk[s] === 0 || order[s] !== 0) continue;
      let top = 0;
      let depth = 0;
      order[s] = low[s] = ++visited;
      stack[top++] = s;
      label[s] = -1;
      calls[depth] = s;
      callDir[depth++] = 0;
      while (depth > 0) {
        const v = calls[depth - 1];
        const d = callDir[depth - 1];
        if (d < 4) {
          callDir[depth - 1] = d + 1;
          const u = this.straightStep(v, d * 2);
          if (u < 0) continue;
          if (order[u] === 0) {
            order[u] = low[u] = ++visited;
            stack[top++] = u;
            label[u] = -1;
            calls[depth] = u;
            callDir[depth++] = 0;
          } else if (label[u] === -1 && order[u] < low[v]) low[v] = order[u];
          continue;
        }
        depth--;
        if (low[v] === order[v]) {
          const id = this.newRegion();
          let u: number;
          do {
            u = stack[--top];
            label[u] = id;
            const x = u % w;
            this.include(id, x, (u - x) / w);
          } while (u !== v);
        }
        if (depth > 0) {
          const parent = calls[depth - 1];
          if (low[v] < low[parent]) low[parent] = low[v];
        }
      }
    }
  }

  /** The cell one straight step from `c` in direction `dir` (0, 2, 4, 6), or -1 when the step is not allowed. */
  private straightStep(c: number, dir: number): number {
    const grid = this.grid;
    if ((grid.noExit[c] >> dir) & 1) return -1;
    const w = grid.width;
    const x = c % w;
    let u: number;
    if (dir === 0) u = c >= w ? c - w : -1;
    else if (dir === 2) u = x < w - 1 ? c + 1 : -1;
    else if (dir === 4) u = c + w < grid.size ? c + w : -1;
    else u = x > 0 ? c - 1 : -1;
    return u >= 0 && grid.walkable[u] === 1 ? u : -1;
  }

  /** Forward flood from `from` (one-way exits respected), marking the regions it enters. */
  private floodReach(from: number): void {
    const grid = this.grid;
    const w = grid.width;
    if (this.seen.length !== grid.size) {
      this.seen = new Uint32Array(grid.size);
      this.seenGen = 0;
    }
    if (this.seenGen === 0xffffffff) {
      this.seen.fill(0);
      this.seenGen = 0;
    }
    const gen = ++this.seenGen;
    const seen = this.seen;
    const queue = this.queue;
    const label = this.label;
    const reach = this.reach;
    let minX = grid.width;
    let minY = grid.height;
    let maxX = -1;
    let maxY = -1;
    let head = 0;
    let tail = 0;
    seen[from] = gen;
    queue[tail++] = from;
    while (head < tail) {
      const c = queue[head++];
      reach[label[c]] = 1;
      const x = c % w;
      const y = (c - x) / w;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      for (let dir = 0; dir < 8; dir += 2) {
        const u = this.straightStep(c, dir);
        if (u >= 0 && seen[u] !== gen) {
          seen[u] = gen;
          queue[tail++] = u;
        }
      }
    }
    this.reachMinX = minX;
    this.reachMinY = minY;
    this.reachMaxX = maxX;
    this.reachMaxY = maxY;
  }

  /** A new, empty region id; the per-region arrays grow (doubling) when the count outgrows them. */
  private newRegion(): number {
    const id = ++this.count;
    if (id >= this.area.length) {
      const cap = Math.max(16, this.area.length * 2);
      this.area = grow(this.area, cap);
      this.minX = grow(this.minX, cap);
      this.minY = grow(this.minY, cap);
      this.maxX = grow(this.maxX, cap);
      this.maxY = grow(this.maxY, cap);
      this.reach = new Uint8Array(cap);
    }
    this.area[id] = 0;
    this.minX[id] = this.grid.width;
    this.minY[id] = this.grid.height;
    this.maxX[id] = -1;
    this.maxY[id] = -1;
    return id;
  }

  private include(id: number, x: number, y: number): void {
    this.area[id]++;
    if (x < this.minX[id]) this.minX[id] = x;
    if (x > this.maxX[id]) this.maxX[id] = x;
    if (y < this.minY[id]) this.minY[id] = y;
    if (y > this.maxY[id]) this.maxY[id] = y;
  }
}

function grow(a: Int32Array, cap: number): Int32Array {
  const b = new Int32Array(cap);
  b.set(a);
  return b;
}
