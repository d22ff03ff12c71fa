import type { NavGrid } from '../../grid/index.ts';
import { DX, DY } from '../../grid/index.ts';
import { type Agents, STRICT } from './Agents.ts';
import type { Corridors } from './Corridors.ts';
import type { StepBits } from './StepBits.ts';

const NONE = 0;
/**
 * Candidates rank by the distance left from them (PIBT's order: any tile nearer the goal beats staying);
 * among tiles as near, the shorter step (straight before diagonal, a cheap tile before a costly one) first.
 */
const STEP_TIE = 1e-3;
/** Tie-breaking noise, far below any difference in distance. */
const JITTER = 1e-6;
/** Added to the rank of a tile a pushed character should take only when nothing else is left. */
const DEFER = 1e12;
/**
 * Added to the rank of a tile someone stands on: entering it waits until they have left it (under the
 * hold-both rule, a whole step), so among tiles about as near an empty one goes first and chains of walkers
 * stepping into one another's tiles grow shorter. Below any step a shortest way makes (1, or √2), so a tile on
 * it still beats staying. (The whole crowd's knot on room ×230 with 8 moves played out in 220 s, not 267;
 * random ×300, 8 moves: sum 14.9× the lower bound, not 18.6×.)
 */
const OCCUPIED = 0.2;

/**
 * The tiles a character may take in PIBT's step (Transition.ts), best first: the neighbours it can step to
 * and its own tile, ranked by the distance left from each. It reads the swap's corridor tests.
 */
export class Candidates {
  /** Per character (by id): its candidate tiles, best first, from `id * 9` (up to 9). */
  tile = new Int32Array(16 * 9);
  private key = new Float64Array(16 * 9);
  private readonly grid: NavGrid;
  private readonly agents: Agents;
  private readonly moves: 8 | 4;
  private readonly width: number;
  private readonly corridors: Corridors;
  private readonly steps: StepBits;

  constructor(grid: NavGrid, agents: Agents, moves: 8 | 4, corridors: Corridors, steps: StepBits) {
    this.grid = grid;
    this.agents = agents;
    this.moves = moves;
    this.width = grid.width;
    this.corridors = corridors;
    this.steps = steps;
  }

  /** Makes room for `n` characters. */
  grow(n: number): void {
    const cand = new Int32Array(n * 9);
    cand.set(this.tile);
    this.tile = cand;
    const key = new Float64Array(n * 9);
    key.set(this.key);
    this.key = key;
  }

  /**
   * Fills i's candidates (i standing on `c`), best first: its route's next tile only (STRICT), else every step
   * and staying. One pushed by `parent` tries last the tiles where the parent would have to get past it again
   * with no room to do so (along a corridor the parent must take): it steps aside instead when it can. `salt`
   * varies the tie-breaking; `occNow` (who stands on each tile, 0 none) ranks a tile someone stands on a little
   * lower (OCCUPIED). Returns how many.
   */
  fill(i: number, c: number, parent: number, salt: number, occNow: Int32Array | null = null): number {
    const base = i * 9;
    const cand = this.tile;
    const key = this.key;
    const agents = this.agents;
    let n = 0;
    if (agents.role[i] === STRICT) {
      const next = agents.routeNext(i, c);
      if (next >= 0) cand[base + n++] = next;
      cand[base + n++] = c;
      return n;
    }
    const grid = this.grid;
    const w = this.width;
    const bits = this.steps.of(c);
    const step = this.moves === 8 ? 1 : 2;
    for (let d = 0; d < 8; d += step) {
      if (((bits >> d) & 1) === 0) continue;
      const u = c + DY[d] * w + DX[d];
      cand[base + n] = u;
      key[base + n] =
        agents.dist(i, u) + STEP_TIE * (d & 1 ? Math.SQRT2 : 1) * grid.cost[u] + JITTER * noise(u, salt);
      if (occNow !== null && occNow[u] !== NONE) key[base + n] += OCCUPIED;
      if (parent !== NONE && this.corridors.required(parent, i, c, u)) key[base + n] += DEFER;
      n++;
    }
    cand[base + n] = c;
    key[base + n] = agents.dist(i, c) + JITTER * noise(c, salt);
    n++;
    // Insertion sort: nine at most.
    for (let a = 1; a < n; a++) {
      const cv = cand[base + a];
      const kv = key[base + a];
      let b = a - 1;
      while (b >= 0 && key[base + b] > kv) {
        cand[base + b + 1] = cand[base + b];
        key[base + b + 1] = key[base + b];
        b--;
      }
      cand[base + b + 1] = cv;
      key[base + b + 1] = kv;
    }
    return n;
  }

  /** Reverses i's first `n` candidates (the swap: backing away, worst first). */
  reverse(i: number, n: number): void {
    const cand = this.tile;
    const base = i * 9;
    for (let a = 0, b = n - 1; a < b; a++, b--) {
      const t = cand[base + a];
      cand[base + a] = cand[base + b];
      cand[base + b] = t;
    }
  }
}

/** A deterministic pseudo-random number in [0, 1) for a tile and a salt. */
function noise(cell: number, salt: number): number {
  let h = Math.imul(cell ^ Math.imul(salt, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}
