// A knot's plan with its members' loops cut (src/core/world/crowd/PlanLoops.ts).
import { describe, expect, it } from 'vitest';
import { cutLoops } from '../../../../src/core/world/crowd/PlanLoops.ts';

/** Configurations from each member's tiles over time (`tracks[k - 1][t]`), on a grid 5 wide. */
function plan(...tracks: number[][]): Int32Array[] {
  return tracks[0].map((_, t) => Int32Array.from([-1, ...tracks.map((track) => track[t])]));
}
const track = (configs: Int32Array[], k: number) => configs.map((c) => c[k]);

describe('cutting a knot plan’s loops', () => {
  it('has a member that leaves a tile and comes back wait there instead', () => {
    const p = plan([0, 1, 2, 1, 0], [10, 10, 11, 12, 13]);
    expect(cutLoops(p, 2, 5)).toBe(3);
    expect(track(p, 1)).toEqual([0, 0, 0, 0, 0]);
    expect(track(p, 2)).toEqual([10, 10, 11, 12, 13]);
  });

  it('keeps a loop whose tile someone else stands on meanwhile, until that one waits elsewhere too', () => {
    // Member 2 steps up onto tile 0 at t = 2 and back: member 1 first keeps its way out and back (cutting
    // only its turn at tile 2); member 2's own loop is cut; then member 1's whole loop goes.
    const p = plan([0, 1, 2, 1, 0], [5, 5, 0, 5, 5]);
    expect(cutLoops(p, 2, 5)).toBe(5);
    expect(track(p, 1)).toEqual([0, 0, 0, 0, 0]);
    expect(track(p, 2)).toEqual([5, 5, 5, 5, 5]);
    // Member 2 on tile 0 for good from t = 2, member 1 ending on tile 1: member 1 never comes back to 0.
    const q = plan([0, 1, 2, 1, 1], [5, 5, 0, 0, 0]);
    expect(cutLoops(q, 2, 5)).toBe(1);
    expect(track(q, 1)).toEqual([0, 1, 1, 1, 1]);
  });

  it('keeps a loop whose tile a diagonal squeezes past meanwhile', () => {
    // Member 2 goes diagonally from 6 to 12 between t = 1 and 2: tiles 7 and 11 are its corners.
    const p = plan([7, 8, 9, 8, 7], [6, 6, 12, 12, 12]);
    expect(cutLoops(p, 2, 5)).toBe(1);
    expect(track(p, 1)).toEqual([7, 8, 8, 8, 7]);
  });
});
