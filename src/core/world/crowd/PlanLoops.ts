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
  const stays = new Stays(configs.length, plan.tiles);
  let cut = 0;
  // A member's loop kept for another's visit may go once that one's own loop is cut: a few passes.
  for (let pass = 0; pass < PASSES; pass++) {
    const before = cut;
    for (let k = 1; k <= members; k++) cut += cutMember(k, plan, stays);
    if (cut === before) break;
  }
  if (cut > 0) plan.writeBack(configs);
  return cut;
}

/** Passes over the members, each cutting what loops it can given the others' plans as they then are. */
const PASSES = 4;

/**
 * Cuts member k's loops, checked against everyone else's plan; returns the moves cut. Nobody else is on a tile
 * while k stays there, and no diagonal passes it, so whether the tile is free from t until k's return is the
 * same for every configuration of the return's stay: only each stay's last is asked.
 */
function cutMember(k: number, plan: Occupancy, stays: Stays): number {
  const { path, n } = plan;
  const row = k * n;
  const last = n - 1;
  // k's own entries go while its loops are cut, and come back after.
  plan.remove(k);
  stays.of(path, row, plan.id);
  const { end, before, latest } = stays;
  let cut = 0;
  let t = 0;
  while (t < last) {
    const p = path[row + t];
    let to = -1;
    // The latest return to p such that nobody else needs p (or squeezes past it) before.
    for (let v = latest[plan.id[p]]; v >= 0 && end[v] > t + 1; v = before[v]) {
      if (plan.free(p, t, end[v])) {
        to = end[v];
        break;
      }
    }
    if (to < 0) {
      t++;
      continue;
    }
    for (let s = t + 1; s < to; s++) {
      if (path[row + s] !== p) cut++;
      path[row + s] = p;
    }
    t = to;
  }
  plan.add(k);
  return cut;
}

/**
 * One member's stays (configurations it spends on one tile, one after another), as the stays' last
 * configurations in time order, each with the stay before it on the same tile, and per tile its latest stay.
 */
class Stays {
  readonly end: Int32Array;
  readonly before: Int32Array;
  /** Per tile number, its latest stay (-1: none), for the member last read. */
  readonly latest: Int32Array;
  private readonly tiles: Int32Array;
  private count = 0;

  constructor(configs: number, tiles: number) {
    this.end = new Int32Array(configs);
    this.before = new Int32Array(configs);
    this.tiles = new Int32Array(configs);
    this.latest = new Int32Array(tiles).fill(-1);
  }

  /** Reads the stays of the member whose tiles are `path[row]` onwards (`id`: tile numbers). */
  of(path: Int32Array, row: number, id: Int32Array): void {
    const { end, before, latest, tiles } = this;
    for (let s = 0; s < this.count; s++) latest[tiles[s]] = -1;
    const n = end.length;
    let count = 0;
    for (let t = 0; t < n; t++) {
      const p = path[row + t];
      if (t + 1 < n && path[row + t + 1] === p) continue;
      const u = id[p];
      end[count] = t;
      tiles[count] = u;
      before[count] = latest[u];
      latest[u] = count++;
    }
    this.count = count;
  }
}

/**
 * The plan by member (`path[k * n + t]`: member k's tile in configuration t), and who stands where when: per
 * tile, how many members stand on it at each configuration, and how many diagonals pass it at each transition
 * (t: from configuration t to t + 1). Kept for the tiles the plan uses, numbered densely (`id`).
 */
class Occupancy {
  /** Configurations in the plan. */
  readonly n: number;
  readonly path: Int32Array;
  /** Per tile its number here (-1: the plan uses it not), and how many are numbered. */
  readonly id: Int32Array;
  readonly tiles: number;
  /**
   * Per tile number u: at [u * 2n + t], members standing there in configuration t; at [u * 2n + n + t],
   * diagonals past it at transition t.
   */
  private readonly counts: Uint16Array;
  private readonly members: number;
  private readonly width: number;

  constructor(configs: Int32Array[], members: number, width: number) {
    const n = configs.length;
    this.n = n;
    this.members = members;
    this.width = width;
    const path = new Int32Array((members + 1) * n);
    let most = 0;
    for (let t = 0; t < n; t++) {
      const config = configs[t];
      for (let k = 1; k <= members; k++) {
        const p = config[k];
        path[k * n + t] = p;
        if (p > most) most = p;
      }
    }
    this.path = path;
    // A diagonal's corners lie beside its tiles: none is more than one past the highest tile.
    const id = new Int32Array(most + 2).fill(-1);
    let tiles = 0;
    for (let k = 1; k <= members; k++) {
      const row = k * n;
      for (let t = 0; t < n; t++) {
        const a = path[row + t];
        if (id[a] < 0) id[a] = tiles++;
        if (t + 1 === n) break;
        const b = path[row + t + 1];
        const dx = (b % width) - (a % width);
        if (a === b || dx === 0 || b - a === dx) continue;
        if (id[a + dx] < 0) id[a + dx] = tiles++;
        if (id[b - dx] < 0) id[b - dx] = tiles++;
      }
    }
    this.id = id;
    this.tiles = tiles;
    this.counts = new Uint16Array(tiles * 2 * n);
    for (let k = 1; k <= members; k++) this.add(k);
  }

  /** Enters member k's plan as it now is (its tiles are among those it had: it only waits more). */
  add(k: number): void {
    this.count(k, 1);
  }

  /** Takes member k's plan out (as it was entered: call before changing it). */
  remove(k: number): void {
    this.count(k, -1);
  }

  /** Whether nobody stands on `tile` between configurations t and j (open) and no diagonal passes it meanwhile. */
  free(tile: number, t: number, j: number): boolean {
    const c = this.counts;
    const n = this.n;
    const base = this.id[tile] * 2 * n;
    for (let x = t + 1; x < j; x++) if (c[base + x] !== 0) return false;
    for (let x = t; x < j; x++) if (c[base + n + x] !== 0) return false;
    return true;
  }

  /** Writes the plan back into `configs`. */
  writeBack(configs: Int32Array[]): void {
    const { path, n, members } = this;
    for (let t = 0; t < n; t++) {
      const config = configs[t];
      for (let k = 1; k <= members; k++) config[k] = path[k * n + t];
    }
  }

  private count(k: number, by: number): void {
    const { path, counts, id, n, width: w } = this;
    const row = k * n;
    const span = 2 * n;
    for (let t = 0; t < n; t++) {
      const a = path[row + t];
      counts[id[a] * span + t] += by;
      if (t + 1 === n) break;
      const b = path[row + t + 1];
      const dx = (b % w) - (a % w);
      if (a === b || dx === 0 || b - a === dx) continue;
      counts[id[a + dx] * span + n + t] += by;
      counts[id[b - dx] * span + n + t] += by;
    }
  }
}
