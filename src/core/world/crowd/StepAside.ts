import { DX, DY, type NavGrid } from '../../grid/index.ts';
import { withExcursions } from './Excursions.ts';
import { playOut } from './PlanPlayout.ts';
import type { Reservations } from './Reservations.ts';
import { stepTicks, type Timetable } from './SpaceTimeSearch.ts';

/**
 * A timetable that stands long on one tile away from its goal (others pass ahead of it first) steps aside and
 * back now and then: to a free tile straight beside it and at once back, within a free spell of that tile, so
 * it never stands for more than `maxStand` ticks between the starts of two steps where it can help it. Its
 * arrival and every step of its way are unchanged, and nobody else's timetable is touched: the waiting tile
 * stays its own (it steps back the tick it gets there), and each step aside fits a gap in the reservations of
 * the tile it visits, which those planned after it then go round. What changes is what a watcher sees: a
 * walker that shifts on its feet while a stream of others goes by, not one frozen for half a minute (maze ×38:
 * walkers stood 20–26 s a few tiles from their goals while others filed past).
 *
 * A step aside is made as late as it may be (at `maxStand` after the walker's last step started), or the
 * first moment after that when some neighbour is free. Like every timetabled step they may not start before
 * their ticks (Timetables.commit), or the walker would step aside the moment it arrives and then stand as long.
 *
 * `plan` is the walker's timetable from `from`, not yet reserved (the walker holds nothing); it is changed in
 * place. `gaps` is scratch for a tile's free intervals. Only straight neighbours are visited (no corners to
 * check, and the same in a four-way world).
 */
export function stepAsideInLongWaits(
  plan: Timetable,
  from: number,
  id: number,
  straight: number,
  grid: NavGrid,
  reservations: Reservations,
  gaps: Float64Array,
  maxStand: number,
): void {
  const { cells, departs } = plan;
  const n = cells.length;
  if (n < 2) return;
  const w = grid.width;
  const goal = cells[n - 1];
  const d = Math.ceil(straight);
  withExcursions(plan, (k) => {
    const v = cells[k];
    // When the walker's last step started, when it stands on v ready to go on, and when it goes on.
    const stepped = k === 0 ? from : departs[k - 1];
    const t0 =
      k === 0 ? Math.ceil(from) : Math.ceil(departs[k - 1] + stepTicks(w, straight, cells[k - 1], v));
    const leave = departs[k];
    if (v === goal || leave - stepped <= maxStand) return null;
    const asides = asidesFrom(v, t0, stepped, leave);
    if (asides === null) return null;
    const trips: number[] = [];
    for (let j = 0; j < asides.length; j += 2) trips.push(asides[j], asides[j + 1], asides[j + 1] + d);
    return trips;
  });

  /** The steps aside [tile, tick, tile, tick, …] while the walker stands on v from t0 until `leave` (null: none). */
  function asidesFrom(v: number, t0: number, stepped: number, leave: number): number[] | null {
    const vx = v % w;
    const vy = (v - vx) / w;
    let asides: number[] | null = null;
    let last = stepped;
    while (leave - last > maxStand) {
      // The tick wanted: maxStand after the last step started; the latest free one before it, else the first after.
      const want = Math.floor(last + maxStand);
      let bestTile = -1;
      let bestTick = Number.POSITIVE_INFINITY;
      for (let dir = 0; dir < 8; dir += 2) {
        if (!grid.canStep(vx, vy, dir) || !grid.canStep(vx + DX[dir], vy + DY[dir], (dir + 4) & 7)) continue;
        const u = v + DY[dir] * w + DX[dir];
        const count = reservations.gaps(u, t0, id, gaps);
        for (let g = 0; g < count; g++) {
          // Out at t, on u from t + d, back on v by t + 2d: u free over [t, t + 2d], v left by `leave`.
          const lo = Math.max(Math.ceil(gaps[2 * g]), t0, Math.floor(last) + 1);
          const hi = Math.min(gaps[2 * g + 1], leave) - 2 * d;
          if (hi < lo) continue;
          const t = want < lo ? lo : want > hi ? Math.floor(hi) : want;
          if (better(t, bestTick, want)) {
            bestTick = t;
            bestTile = u;
          }
          if (lo > want) break;
        }
      }
      if (bestTile < 0) return asides;
      asides ??= [];
      asides.push(bestTile, bestTick);
      last = bestTick + d;
    }
    return asides;
  }
}

/** Whether tick `t` is a better time to step aside than `best`, for a walker wanting to at `want`. */
function better(t: number, best: number, want: number): boolean {
  if (best === Number.POSITIVE_INFINITY) return true;
  if (t <= want) return best > want || t > best;
  return best > want && t < best;
}

/** A knot's plan with its members' steps aside (`stepAsideInPlan`). */
export interface PlanWithAsides {
  configs: Int32Array[];
  /** Per configuration t ≥ 1: the tick before which the step into it may not start (-1: none). */
  gates: Float64Array;
}

/**
 * The same for a knot's plan (Knot.ts): a walking member that would stand over `maxStand` ticks on a tile away
 * from its goal while the others play the plan out (PlanPlayout's estimate) steps to a free tile straight
 * beside it and back. A step aside goes in as two configurations of its own (out, and back to the one before),
 * between two of the plan's where the tile is empty and no diagonal squeezes past it, so every configuration
 * stays legal for the transition rules and the tile's visits keep their order; its steps are gated to the
 * estimated ticks (`now` + the estimate), so it is made while the member would stand, not the moment it can.
 *
 * `stepTime[k]` is member k's ticks for a straight step, `goals[k]` its goal (-1 for members with nowhere to
 * be: they stand as they please), `inRegion` whether a tile is the knot's own.
 */
export function stepAsideInPlan(
  configs: Int32Array[],
  members: number,
  grid: NavGrid,
  stepTime: Float64Array,
  goals: Int32Array,
  inRegion: (cell: number) => boolean,
  now: number,
  maxStand: number,
): PlanWithAsides {
  const w = grid.width;
  const last = configs.length - 1;
  const none = (): PlanWithAsides => ({ configs, gates: new Float64Array(configs.length).fill(-1) });
  if (last < 1) return none();
  const { starts } = playOut(configs, members, w, stepTime);
  const ends = (t: number, k: number) =>
    starts[t][k] + stepTicks(w, stepTime[k], configs[t - 1][k], configs[t][k]);
  // Who stands on each tile of the plan, as configuration runs, and the transitions whose diagonals pass a tile.
  const holders = new Map<number, number[]>();
  const touches = new Map<number, number[]>();
  for (let k = 1; k <= members; k++) {
    let from = 0;
    for (let t = 1; t <= last + 1; t++) {
      if (t <= last && configs[t][k] === configs[from][k]) continue;
      listOf(holders, configs[from][k]).push(k, from, t - 1);
      from = t;
    }
    for (let t = 1; t <= last; t++) {
      const a = configs[t - 1][k];
      const b = configs[t][k];
      const dx = (b % w) - (a % w);
      if (a === b || dx === 0 || b - a === dx) continue;
      listOf(touches, a + dx).push(k, t);
      listOf(touches, b - dx).push(k, t);
    }
  }
  // Steps aside chosen: after configuration j, member k to u at tick `at` (relative to now); u's time taken.
  const asides: { j: number; k: number; u: number; at: number }[] = [];
  const taken = new Map<number, number[]>();
  const markCache = new Map<number, { s: number; e: number; from: number; until: number }[]>();
  for (let k = 1; k <= members; k++) {
    if (goals[k] < 0) continue;
    const d = Math.ceil(stepTime[k]);
    let a = 0;
    for (let b = 0; b <= last; b++) {
      if (b < last && configs[b + 1][k] === configs[a][k]) continue;
      // k stands on v over configurations a..b; it steps there at transition a (now, for a = 0) and on at b + 1.
      const v = configs[a][k];
      const stepped = a === 0 ? 0 : starts[a][k];
      const arrived = a === 0 ? 0 : ends(a, k);
      const leave = b === last ? Number.POSITIVE_INFINITY : starts[b + 1][k];
      if (v !== goals[k] && leave !== Number.POSITIVE_INFINITY && leave - stepped > maxStand)
        standAside(k, v, a, b, stepped, arrived, leave, d);
      a = b + 1;
    }
  }
  if (asides.length === 0) return none();
  asides.sort((x, y) => x.j - y.j || x.at - y.at);
  const out: Int32Array[] = [configs[0]];
  const gates: number[] = [-1];
  let next = 0;
  for (let j = 0; j <= last; j++) {
    if (j > 0) {
      out.push(configs[j]);
      gates.push(-1);
    }
    for (; next < asides.length && asides[next].j === j; next++) {
      const { k, u, at } = asides[next];
      const there = configs[j].slice();
      there[k] = u;
      const tick = Math.ceil(now + at);
      out.push(there);
      gates.push(tick);
      out.push(configs[j]);
      gates.push(tick + Math.ceil(stepTime[k]));
    }
  }
  return { configs: out, gates: Float64Array.from(gates) };

  /** Chooses k's steps aside while it stands on v over configurations a..b. */
  function standAside(
    k: number,
    v: number,
    a: number,
    b: number,
    stepped: number,
    arrived: number,
    leave: number,
    d: number,
  ): void {
    const vx = v % w;
    const vy = (v - vx) / w;
    let lastStep = stepped;
    while (leave - lastStep > maxStand) {
      const want = lastStep + maxStand;
      let best: { j: number; u: number; at: number } | null = null;
      for (let dir = 0; dir < 8; dir += 2) {
        if (!grid.canStep(vx, vy, dir) || !grid.canStep(vx + DX[dir], vy + DY[dir], (dir + 4) & 7)) continue;
        const u = v + DY[dir] * w + DX[dir];
        if (!inRegion(u)) continue;
        for (const spell of emptySpells(u, a, b)) {
          const lo = Math.max(spell.from, arrived, lastStep + 1);
          const hi = Math.min(spell.until, leave) - 2 * d;
          if (hi < lo) continue;
          const at = want < lo ? lo : want > hi ? hi : want;
          if (takenAt(u, at, at + 2 * d)) continue;
          if (best === null || better(at, best.at, want)) best = { j: spell.j, u, at };
        }
      }
      if (best === null) return;
      asides.push({ ...best, k });
      listOf(taken, best.u).push(best.at, best.at + 2 * d);
      lastStep = best.at + d;
    }
  }

  /**
   * The spells u is empty while someone stands beside it over configurations a..b: for each, a configuration j in
   * a..b after which a step aside there keeps the plan's order, and the estimated ticks [from, until) u is free.
   */
  function emptySpells(u: number, a: number, b: number): { j: number; from: number; until: number }[] {
    const marks = marksOf(u);
    const spells: { j: number; from: number; until: number }[] = [];
    let prevEnd = -1;
    let from = 0;
    for (let q = 0; q <= marks.length; q++) {
      const s = q < marks.length ? marks[q].s : last + 1;
      // Configurations prevEnd+1 .. ceil(s)-1 are empty (a touch at t - 0.5 leaves t - 1 on its left).
      const j0 = Math.max(Math.floor(prevEnd) + 1, a);
      const j1 = Math.min(Math.ceil(s) - 1, b);
      const until = q < marks.length ? marks[q].from : Number.POSITIVE_INFINITY;
      if (j0 <= j1 && until > from) spells.push({ j: j1, from, until });
      if (q < marks.length) {
        prevEnd = marks[q].e;
        from = Math.max(from, marks[q].until);
      }
      if (s > b) break;
    }
    return spells;
  }

  /**
   * What cuts the plan's empty spells on u, in configuration order (made once a tile): the runs of those
   * standing there, held from the start of the step in (or the plan's start) until the step out ends; and
   * diagonals past it, as they start.
   */
  function marksOf(u: number): { s: number; e: number; from: number; until: number }[] {
    const known = markCache.get(u);
    if (known !== undefined) return known;
    const marks: { s: number; e: number; from: number; until: number }[] = [];
    const runs = holders.get(u) ?? [];
    for (let r = 0; r < runs.length; r += 3) {
      const [who, s, e] = [runs[r], runs[r + 1], runs[r + 2]];
      marks.push({
        s,
        e,
        from: s === 0 ? Number.NEGATIVE_INFINITY : starts[s][who],
        until: e === last ? Number.POSITIVE_INFINITY : ends(e + 1, who),
      });
    }
    // A diagonal at transition t sits between configurations t - 1 and t.
    const passes = touches.get(u) ?? [];
    for (let r = 0; r < passes.length; r += 2) {
      const [who, t] = [passes[r], passes[r + 1]];
      marks.push({ s: t - 0.5, e: t - 0.5, from: starts[t][who], until: starts[t][who] + 1 });
    }
    marks.sort((x, y) => x.s - y.s);
    markCache.set(u, marks);
    return marks;
  }

  function takenAt(u: number, from: number, until: number): boolean {
    const list = taken.get(u);
    if (list === undefined) return false;
    for (let r = 0; r < list.length; r += 2) if (list[r] < until && list[r + 1] > from) return true;
    return false;
  }
}

function listOf(map: Map<number, number[]>, key: number): number[] {
  let list = map.get(key);
  if (list === undefined) {
    list = [];
    map.set(key, list);
  }
  return list;
}
