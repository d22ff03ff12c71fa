import type { NavGrid } from '../../grid/index.ts';
import { DX, DY } from '../../grid/index.ts';
import type { Agents } from './Agents.ts';
import type { StepBits } from './StepBits.ts';

const NONE = 0;
/** Longest corridor the swap looks along. */
const MAX_WALK = 4096;

/**
 * The corridor tests of LaCAM3's swap (Transition.ts): two characters that meet head-on where they cannot pass,
 * and whether one backing away reaches a tile with room to let the other by. They read the tiles as they stand
 * (`occNow`, the transition's own array: who stands where, NONE for nobody) and each character's distances.
 */
export class Corridors {
  private lastOpening = -1;
  private readonly width: number;

  constructor(
    grid: NavGrid,
    private readonly agents: Agents,
    private readonly moves: 8 | 4,
    private readonly occNow: Int32Array,
    private readonly steps: StepBits,
  ) {
    this.width = grid.width;
  }

  /**
   * Whether `pusher` (on `vp`) pushing `puller` (on `vl`) along the pusher's way reaches no place where they
   * could pass (a corridor), while the puller wants to go where the pusher is.
   */
  required(pusher: number, puller: number, vp0: number, vl0: number): boolean {
    const agents = this.agents;
    let vp = vp0;
    let vl = vl0;
    for (let guard = 0; guard < MAX_WALK && agents.dist(pusher, vl) < agents.dist(pusher, vp); guard++) {
      const n = this.openings(vl, vp);
      if (n >= 2) return false;
      if (n <= 0) break;
      vp = vl;
      vl = this.lastOpening;
    }
    const dpVp = agents.dist(pusher, vp);
    return (
      agents.dist(puller, vp) < agents.dist(puller, vl) && (dpVp === 0 || agents.dist(pusher, vl) < dpVp)
    );
  }

  /** Whether backing away from `vp0` through `vl0` reaches a tile with room to let another pass. */
  possible(vp0: number, vl0: number): boolean {
    let vp = vp0;
    let vl = vl0;
    for (let guard = 0; guard < MAX_WALK && vl !== vp0; guard++) {
      const n = this.openings(vl, vp);
      if (n >= 2) return true;
      if (n <= 0) return false;
      vp = vl;
      vl = this.lastOpening;
    }
    return false;
  }

  /**
   * The ways on from `v` other than back to `prev` (dead ends held by someone standing on its goal do not
   * count: it need not move); the last one found is left in `lastOpening`.
   */
  private openings(v: number, prev: number): number {
    const w = this.width;
    const bits = this.steps.of(v);
    const step = this.moves === 8 ? 1 : 2;
    let n = 0;
    for (let d = 0; d < 8; d += step) {
      if (((bits >> d) & 1) === 0) continue;
      const u = v + DY[d] * w + DX[d];
      if (u === prev) continue;
      const o = this.occNow[u];
      if (o !== NONE && this.agents.goal[o] === u && this.degree(u) === 1) continue;
      n++;
      this.lastOpening = u;
    }
    return n;
  }

  private degree(v: number): number {
    const bits = this.steps.of(v);
    const step = this.moves === 8 ? 1 : 2;
    let n = 0;
    for (let d = 0; d < 8; d += step) n += (bits >> d) & 1;
    return n;
  }
}
