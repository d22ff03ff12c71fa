import type { NavGrid } from '../../grid/index.ts';
import { DX, DY } from '../../grid/index.ts';
import { type Agents, CHASE, HOLD, REST, STRICT, WALK } from './Agents.ts';
import { ConfigTable } from './ConfigTable.ts';
import type { Transition } from './Transition.ts';

/**
 * LaCAM (Okumura, AAAI 2023): a depth-first search over configurations of the whole crowd (one tile per
 * character), from the configuration the crowd has committed to towards the one where every walker stands on
 * its goal. Successors come from PIBT (Transition.ts); when PIBT's successor was seen before, the node asks
 * again under constraints ("character i goes to tile v"), which a breadth-first tree per node enumerates, so
 * in the end every successor of every node is tried and no configuration is entered twice: the search is
 * complete (it finds the goal configuration whenever one can be reached) on a finite map.
 *
 * A configuration met again is not a dead end: the search goes back to its node and goes on generating that
 * node's own successors (LaCAM*'s re-insertion), which keeps the search from enumerating the constraints of
 * a node that merely leads somewhere known.
 *
 * Real-time use (Liang et al., "Real-Time LaCAM", SoCS 2025): the search runs a bounded amount each tick and
 * the crowd commits one transition at a time towards the node the search is working on, along the tree the
 * search grew (up to the common ancestor, then down). Transitions are reversible (a step back is a step), so
 * walking back is legal.
 */

const NONE = -1;
/** Priorities: each step away from its goal adds one (PIBT's rising priority); the player comes first. */
const FIRST = 1e15;

export class ConfigSearch {
  /** The goal node once found, else -1. */
  found = NONE;
  /**
   * When set (a knot's search), a walker counts as arrived where its distance is at most this (by id), not
   * only on its goal tile: the search looks for a configuration where every walker has got far enough.
   */
  enough: Float64Array | null = null;
  /** Configurations the search may hold before it gives up (a knot then grows or waits). */
  maxNodes = Number.POSITIVE_INFINITY;
  /** Tiles nobody may enter (a knot's surroundings), passed on to every transition. */
  held: Int32Array | null = null;
  /** No configuration is left to try: no goal configuration can be reached from the root. */
  exhausted = false;
  nodes = 0;
  private n = 0;
  private readonly grid: NavGrid;
  private readonly agents: Agents;
  private readonly transition: Transition;
  private readonly moves: 8 | 4;
  // Per node: its configuration and priorities (the table, which also finds a configuration met again),
  // parent, depth, low-level queue; the stack of nodes being worked on.
  private readonly table = new ConfigTable();
  private parentOf = new Int32Array(64);
  private depthOf = new Int32Array(64);
  private lowHead = new Int32Array(64);
  private lowTail = new Int32Array(64);
  private stack = new Int32Array(64);
  private stackSize = 0;
  // Low-level nodes (pooled): the constraint chain (parent, who, where), depth, queue link.
  private lnParent = new Int32Array(1024);
  private lnWho = new Int32Array(1024);
  private lnWhere = new Int32Array(1024);
  private lnDepth = new Int32Array(1024);
  private lnNext = new Int32Array(1024);
  private lnTop = 0;
  private lnFree = NONE;
  // The order characters decide in at the top node (cached).
  private order = new Int32Array(16);
  private orderCount = 0;
  private orderOf = NONE;
  // The order its characters are constrained in by the low-level search (`orderLow`), and its scratch: who was
  // placed, and who stands on each tile (-1 nobody).
  private lowOrder = new Int32Array(16);
  private placed = new Uint8Array(16);
  private owner: Int32Array | null = null;
  private salt = 0;

  constructor(grid: NavGrid, agents: Agents, transition: Transition, moves: 8 | 4) {
    this.grid = grid;
    this.agents = agents;
    this.transition = transition;
    this.moves = moves;
  }

  /** Starts afresh from `root` (a tile per id, -1 for none) with priorities `prio` (by id). */
  reset(root: Int32Array, prio: Float64Array): void {
    this.n = this.agents.count;
    this.nodes = 0;
    this.stackSize = 0;
    this.found = NONE;
    this.exhausted = false;
    this.iterations = 0;
    this.iterationsBefore = 0;
    this.linkCount = 0;
    this.table.reset(this.n);
    this.lnTop = 0;
    this.lnFree = NONE;
    this.orderOf = NONE;
    const r = this.newNode(root, NONE);
    const base = r * this.n;
    for (let id = 0; id < this.n; id++) this.table.prio[base + id] = prio[id];
    this.table.insert(r, this.nodes);
    this.push(r);
  }

  /** The configuration of `node` (a view: copy what you keep). */
  config(node: number): Int32Array {
    return this.table.cfg.subarray(node * this.n, (node + 1) * this.n);
  }

  /** The priorities of `node`. */
  priorities(node: number): Float64Array {
    return this.table.prio.subarray(node * this.n, (node + 1) * this.n);
  }

  /** The node the search is working on (the top of its stack), or the goal once found. */
  target(): number {
    if (this.found !== NONE) return this.found;
    return this.stackSize > 0 ? this.stack[this.stackSize - 1] : NONE;
  }

  /**
   * The next node on the way from `node` to the target in the search tree: down towards it when `node` is
   * an ancestor of it, else up (-1 when `node` is the target).
   */
  nextOnWay(node: number): number {
    let t = this.target();
    if (t === NONE || t === node) return NONE;
    const d = this.depthOf[node];
    if (this.depthOf[t] <= d) return this.parentOf[node];
    while (this.depthOf[t] > d + 1) t = this.parentOf[t];
    return this.parentOf[t] === node ? t : this.parentOf[node];
  }

  /**
   * The shortest way from the root to the goal over every transition the search met (the tree it grew and
   * the links to configurations met again), as nodes after the root; empty until the goal is found.
   */
  wayToGoal(from = 0): number[] {
    if (this.found === NONE) return [];
    const count = this.nodes;
    const prev = new Int32Array(count).fill(-2);
    // Adjacency (both ways) from the tree and the links, as lists built once.
    const head = new Int32Array(count).fill(-1);
    const edges = 2 * (count - 1 + this.linkCount);
    const next = new Int32Array(edges);
    const to = new Int32Array(edges);
    let e = 0;
    const add = (a: number, b: number) => {
      to[e] = b;
      next[e] = head[a];
      head[a] = e++;
    };
    for (let v = 1; v < count; v++) {
      add(this.parentOf[v], v);
      add(v, this.parentOf[v]);
    }
    for (let k = 0; k < this.linkCount; k++) {
      add(this.linkFrom[k], this.linkTo[k]);
      add(this.linkTo[k], this.linkFrom[k]);
    }
    const queue = new Int32Array(count);
    let qh = 0;
    let qt = 0;
    queue[qt++] = from;
    prev[from] = -1;
    while (qh < qt) {
      const v = queue[qh++];
      if (v === this.found) break;
      for (let x = head[v]; x !== -1; x = next[x]) {
        const u = to[x];
        if (prev[u] !== -2) continue;
        prev[u] = v;
        queue[qt++] = u;
      }
    }
    const way: number[] = [];
    for (let v = this.found; v !== from && v >= 0; v = prev[v]) way.push(v);
    return way.reverse();
  }

  private link(a: number, b: number): void {
    if (this.linkCount === this.linkFrom.length) {
      this.linkFrom = grow(this.linkFrom, this.linkFrom.length * 2);
      this.linkTo = grow(this.linkTo, this.linkTo.length * 2);
    }
    this.linkFrom[this.linkCount] = a;
    this.linkTo[this.linkCount++] = b;
  }

  private linkFrom = new Int32Array(64);
  private linkTo = new Int32Array(64);
  private linkCount = 0;

  /** How many transitions the target lies beyond `node` down the tree (0 unless `node` is its ancestor). */
  ahead(node: number): number {
    let t = this.target();
    if (t === NONE) return 0;
    const d = this.depthOf[node];
    const ahead = this.depthOf[t] - d;
    if (ahead <= 0) return 0;
    while (this.depthOf[t] > d) t = this.parentOf[t];
    return t === node ? ahead : 0;
  }

  /**
   * Searches until `budget` PIBT calls are spent, the goal is found, or nothing is left. Returns the work done.
   */
  run(budget: number): number {
    const t = this.transition;
    const start = t.work;
    // Every iteration counts, even one that calls PIBT for nobody (a constraint that fails at once).
    let spent = 0;
    while (this.found === NONE && !this.exhausted && spent < budget) {
      this.iterate();
      spent = t.work - start + ++this.iterations - this.iterationsBefore;
    }
    this.iterationsBefore = this.iterations;
    return spent;
  }

  /** Iterations since the search began (each pops one low-level node). */
  iterations = 0;
  private iterationsBefore = 0;

  private iterate(): void {
    if (this.stackSize === 0 || this.nodes >= this.maxNodes) {
      // Nothing left to try (or no room left to try it in): no goal configuration can be reached from here.
      this.exhausted = true;
      return;
    }
    const h = this.stack[this.stackSize - 1];
    if (this.isGoal(h)) {
      this.found = h;
      return;
    }
    const low = this.lowHead[h];
    if (low === NONE) {
      this.stackSize--;
      return;
    }
    this.lowHead[h] = this.lnNext[low];
    if (this.lowHead[h] === NONE) this.lowTail[h] = NONE;
    this.ensureOrder(h);
    const depth = this.lnDepth[low];
    if (depth < this.orderCount) this.expandLow(h, low, this.lowOrder[depth]);
    // Generate a successor under low's constraints.
    const t = this.transition;
    const to = t.to;
    const n = this.n;
    to.fill(-1, 0, n);
    for (let l = low; l !== NONE && this.lnDepth[l] > 0; l = this.lnParent[l])
      to[this.lnWho[l]] = this.lnWhere[l];
    // The low-level node stays: its children's constraint chains run through it (the pool empties in reset).
    const from = this.config(h);
    const held = this.held;
    if (!t.generate(from, this.order, this.orderCount, ++this.salt, held, held === null ? 0 : held.length))
      return;
    const known = this.table.lookup(to);
    if (known !== NONE) {
      // Met before: go on from there (its own successors are what is left to try), remembering the link.
      if (known !== h) {
        this.link(h, known);
        this.push(known);
      }
      return;
    }
    const c = this.newNode(to, h);
    // Priorities: PIBT's, carried down (away from the goal: up by one; at it: back to the fraction).
    const agents = this.agents;
    const pb = h * n;
    const cb = c * n;
    const prioOf = this.table.prio;
    for (let id = 1; id < n; id++) {
      const p = prioOf[pb + id];
      prioOf[cb + id] = this.atGoal(id, to[id]) ? p - Math.floor(p) : p + 1;
      if (agents.role[id] === STRICT) prioOf[cb + id] = FIRST;
    }
    this.table.insert(c, this.nodes);
    this.push(c);
  }

  private atGoal(id: number, cell: number): boolean {
    const role = this.agents.role[id];
    if (role === WALK && this.enough !== null) return this.agents.dist(id, cell) <= this.enough[id];
    if (role === WALK || role === REST) return cell === this.agents.goal[id];
    if (role === CHASE) return this.agents.dist(id, cell) <= 1.5;
    return true; // FREE, HOLD, STRICT: nowhere to get to in this search
  }

  private isGoal(node: number): boolean {
    const agents = this.agents;
    const base = node * this.n;
    for (let id = 1; id < this.n; id++) {
      const role = agents.role[id];
      if ((role === WALK || role === REST) && !this.atGoal(id, this.table.cfg[base + id])) return false;
    }
    return true;
  }

  /** Children of low-level node `low` constraining character `i` to each of its possible next tiles. */
  private expandLow(h: number, low: number, i: number): void {
    const c = this.table.cfg[h * this.n + i];
    const role = this.agents.role[i];
    if (role === HOLD) {
      this.pushLow(h, low, i, c);
      return;
    }
    if (role === STRICT) {
      const next = this.agents.routeNext(i, c);
      if (next >= 0) this.pushLow(h, low, i, next);
      this.pushLow(h, low, i, c);
      return;
    }
    const w = this.grid.width;
    const bits = this.transition.steps.of(c);
    const step = this.moves === 8 ? 1 : 2;
    // A seeded rotation of the order tried, as LaCAM shuffles them.
    const first = (this.salt * 7 + i) & 7;
    for (let k = 0; k < 8; k += step) {
      const d = (first + k) & 7;
      if ((d & 1) === 1 && step === 2) continue;
      if (((bits >> d) & 1) === 1) this.pushLow(h, low, i, c + DY[d] * w + DX[d]);
    }
    this.pushLow(h, low, i, c);
  }

  /** The characters of node `h` in deciding order: the player first, then by priority, highest first. */
  private ensureOrder(h: number): void {
    if (this.orderOf === h) return;
    this.orderOf = h;
    const n = this.n;
    if (this.order.length < n) this.order = new Int32Array(n);
    const cfg = this.table.cfg;
    const base = h * n;
    const prio = this.table.prio;
    const role = this.agents.role;
    let count = 0;
    for (let id = 1; id < n; id++) if (cfg[base + id] >= 0 && role[id] !== HOLD) this.order[count++] = id;
    const order = this.order;
    // Insertion sort on a list that is nearly sorted from one node to the next would need the last order;
    // a plain sort keeps it simple (n log n, once per node).
    const sub = order.subarray(0, count);
    sub.sort((a, b) => prio[base + b] - prio[base + a] || a - b);
    this.orderCount = count;
    this.orderLow(h);
  }

  /**
   * The order the low-level search constrains node `h`'s characters in: each one away from its goal, by
   * priority, followed at once by those standing next to it, then the rest by priority. Any order keeps the
   * search complete (every constraint is tried in the end); this one reaches first the constraints that free a
   * stuck walker's way. In PIBT's order those standing next to it come last when they stand on their goals
   * (their priorities are lowest), and a constraint on one of them lay as deep in the low-level tree as there were
   * characters before it: a walker whose way into a dead-end pocket passes the tile of one standing on its own
   * goal (test/core/world/knotOrder.test.ts) waited 111 ticks at the crowd's budget among 90 others standing on
   * theirs, and waits one now. random-64-64-20 ×809 (25 % of the free tiles), crowd tool, 300 s, `--rows 1` to
   * `3`, 8 and 4 moves: 4,333 of 4,854 walkers home → 4,506 (`--rows 1` with 8 moves 636 → 809, the whole
   * crowd's knot finding its plan where it found none in 300 s; `--rows 2` with 8 moves all home at 205 s, not
   * 250 s).
   */
  private orderLow(h: number): void {
    const n = this.n;
    const count = this.orderCount;
    if (this.lowOrder.length < n) {
      this.lowOrder = new Int32Array(n);
      this.placed = new Uint8Array(n);
    }
    const grid = this.grid;
    if (this.owner === null) this.owner = new Int32Array(grid.size).fill(-1);
    const owner = this.owner;
    const cfg = this.table.cfg;
    const base = h * n;
    const order = this.order;
    const low = this.lowOrder;
    const placed = this.placed;
    placed.fill(0, 0, n);
    for (let k = 0; k < count; k++) owner[cfg[base + order[k]]] = order[k];
    const w = grid.width;
    let m = 0;
    for (let k = 0; k < count; k++) {
      const id = order[k];
      const c = cfg[base + id];
      if (this.atGoal(id, c)) continue;
      if (placed[id] === 0) {
        placed[id] = 1;
        low[m++] = id;
      }
      const x = c % w;
      const y = (c - x) / w;
      for (let d = 0; d < 8; d++) {
        const nx = x + DX[d];
        const ny = y + DY[d];
        if (nx < 0 || ny < 0 || nx >= w || ny >= grid.height) continue;
        const o = owner[ny * w + nx];
        if (o > 0 && placed[o] === 0) {
          placed[o] = 1;
          low[m++] = o;
        }
      }
    }
    for (let k = 0; k < count; k++) {
      const id = order[k];
      if (placed[id] === 0) low[m++] = id;
      owner[cfg[base + id]] = -1;
    }
  }

  private newNode(config: Int32Array, parent: number): number {
    const id = this.nodes++;
    this.table.store(id, config);
    if (id >= this.parentOf.length) {
      const m = this.parentOf.length * 2;
      this.parentOf = grow(this.parentOf, m);
      this.depthOf = grow(this.depthOf, m);
      this.lowHead = grow(this.lowHead, m);
      this.lowTail = grow(this.lowTail, m);
    }
    this.parentOf[id] = parent;
    this.depthOf[id] = parent === NONE ? 0 : this.depthOf[parent] + 1;
    this.lowHead[id] = NONE;
    this.lowTail[id] = NONE;
    this.pushLow(id, NONE, 0, 0);
    return id;
  }

  private push(node: number): void {
    if (this.stackSize === this.stack.length) this.stack = grow(this.stack, this.stack.length * 2);
    this.stack[this.stackSize++] = node;
  }

  private pushLow(h: number, parent: number, who: number, where: number): void {
    let l = this.lnFree;
    if (l !== NONE) this.lnFree = this.lnNext[l];
    else {
      if (this.lnTop === this.lnParent.length) {
        const m = this.lnParent.length * 2;
        this.lnParent = grow(this.lnParent, m);
        this.lnWho = grow(this.lnWho, m);
        this.lnWhere = grow(this.lnWhere, m);
        this.lnDepth = grow(this.lnDepth, m);
        this.lnNext = grow(this.lnNext, m);
      }
      l = this.lnTop++;
    }
    this.lnParent[l] = parent;
    this.lnWho[l] = who;
    this.lnWhere[l] = where;
    this.lnDepth[l] = parent === NONE ? 0 : this.lnDepth[parent] + 1;
    this.lnNext[l] = NONE;
    if (this.lowTail[h] === NONE) this.lowHead[h] = l;
    else this.lnNext[this.lowTail[h]] = l;
    this.lowTail[h] = l;
  }
}

function grow(a: Int32Array, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}
