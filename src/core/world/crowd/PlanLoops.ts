/**
 * A knot's plan with its members' loops cut: a member that leaves a tile and comes back to it later waits there
 * instead, when nobody else stands on the tile meanwhile and no diagonal squeezes past it. LaCAM's plans
 * (ConfigSearch) are found, not shortest: PIBT, generating each configuration, moves members that are in the
 * way, and they come back. Played out under the hold-both rule, those moves cost real time: the whole crowd's
 * knot on room ×230 spent 70 s with seven members shifting back and forth in a line while everyone else
 * waited for the plan's later moves (tile by tile, the step queue keeps the plan's order).
 *
 * Every configuration stays legal for the transition rules (Transition.ts): a waiting member moves nowhere,
 * so it swaps with nobody and closes no ring; nobody else is on its tile while it waits, so no two share a
 * tile; no diagonal has the tile as a corner meanwhile; and the tiles it no longer visits are only emptier.
 * The first and the last configurations are unchanged.
 *
 * `configs[t][k]` is member k's tile (k from 1 to `members`) in the plan's t-th configuration; changed in
 * place. Returns the moves cut.
 */
export function cutLoops(configs: Int32Array[], members: number, width: number): number {
  if (configs.length < 3) return 0;
  const plan = new Occupancy(configs, members, width);
  let cut = 0;
  // A member's loop kept for another's visit may go once that one's own loop is cut: a few passes.
  for (let pass = 0; pass < PASSES; pass++) {
    const before = cut;
    for (let k = 1; k <= members; k++) cut += cutMember(configs, k, plan);
    if (cut === before) break;
  }
  return cut;
}

/** Passes over the members, each cutting what loops it can given the others' plans as they then are. */
const PASSES = 4;

/** Cuts member k's loops, checked against everyone else's plan; returns the moves cut. */
function cutMember(configs: Int32Array[], k: number, plan: Occupancy): number {
  const last = configs.length - 1;
  // k's own entries go while its loops are cut, and come back after.
  plan.remove(k);
  // Each tile's visits by k, in time order.
  const visits = new Map<number, number[]>();
  for (let t = 0; t <= last; t++) {
    const p = configs[t][k];
    const list = visits.get(p);
    if (list === undefined) visits.set(p, [t]);
    else list.push(t);
  }
  let cut = 0;
  let t = 0;
  while (t < last) {
    const p = configs[t][k];
    const times = visits.get(p)!;
    let to = -1;
    // The latest return to p such that nobody else needs p (or squeezes past it) before.
    for (let v = times.length - 1; v >= 0 && times[v] > t + 1; v--) {
      if (plan.free(p, t, times[v])) {
        to = times[v];
        break;
      }
    }
    if (to < 0) {
      t++;
      continue;
    }
    for (let s = t + 1; s < to; s++) {
      if (configs[s][k] !== p) cut++;
      configs[s][k] = p;
    }
    t = to;
  }
  plan.add(k);
  return cut;
}

/**
 * Who stands where when, as runs (member, first, last time) per tile, and the diagonals' corners (member, time
 * of the step) per tile; each member's tiles are kept so its entries are removed without combing the map.
 */
class Occupancy {
  private readonly runs = new Map<number, number[]>();
  private readonly corners = new Map<number, number[]>();
  private readonly tilesOf: number[][];
  private readonly configs: Int32Array[];
  private readonly width: number;

  constructor(configs: Int32Array[], members: number, width: number) {
    this.configs = configs;
    this.width = width;
    this.tilesOf = Array.from({ length: members + 1 }, () => []);
    for (let k = 1; k <= members; k++) this.add(k);
  }

  /** Enters member k's plan as it now is. */
  add(k: number): void {
    const configs = this.configs;
    const last = configs.length - 1;
    const w = this.width;
    const tiles = this.tilesOf[k];
    let from = 0;
    for (let t = 1; t <= last + 1; t++) {
      if (t <= last && configs[t][k] === configs[from][k]) continue;
      push(this.runs, configs[from][k], k, from, t - 1);
      tiles.push(configs[from][k]);
      from = t;
    }
    for (let t = 0; t < last; t++) {
      const a = configs[t][k];
      const b = configs[t + 1][k];
      const dx = (b % w) - (a % w);
      if (a === b || dx === 0 || b - a === dx) continue;
      push(this.corners, a + dx, k, t);
      push(this.corners, b - dx, k, t);
      tiles.push(a + dx, b - dx);
    }
  }

  /** Takes member k's entries out. */
  remove(k: number): void {
    for (const tile of this.tilesOf[k]) {
      drop(this.runs.get(tile), k, 3);
      drop(this.corners.get(tile), k, 2);
    }
    this.tilesOf[k].length = 0;
  }

  /** Whether nobody stands on `tile` between times t and j (open) and no diagonal has it as a corner. */
  free(tile: number, t: number, j: number): boolean {
    const runs = this.runs.get(tile);
    if (runs !== undefined)
      for (let r = 0; r < runs.length; r += 3) if (runs[r + 1] < j && runs[r + 2] > t) return false;
    const corners = this.corners.get(tile);
    if (corners !== undefined)
      for (let r = 0; r < corners.length; r += 2) if (corners[r + 1] >= t && corners[r + 1] < j) return false;
    return true;
  }
}

function push(map: Map<number, number[]>, tile: number, ...entry: number[]): void {
  const list = map.get(tile);
  if (list === undefined) map.set(tile, entry);
  else list.push(...entry);
}

/** Removes member k's entries (of `size` numbers, the member first) from a tile's list. */
function drop(list: number[] | undefined, k: number, size: number): void {
  if (list === undefined) return;
  let w = 0;
  for (let r = 0; r < list.length; r += size) {
    if (list[r] === k) continue;
    for (let q = 0; q < size; q++) list[w + q] = list[r + q];
    w += size;
  }
  list.length = w;
}
