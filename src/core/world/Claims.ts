import type { NavGrid } from '../grid/NavGrid.ts';
import type { Character } from './Character.ts';

/**
 * Claims (MOVEMENT.md): a character waiting for tiles to free (its next tile, the corners of a diagonal)
 * claims them, tick by tick; nobody of lower priority steps into a tile claimed last tick or this one.
 * Without that, a character pushed off a corner could step back onto it while the pusher still waits for
 * the other corner, forever (PIBT moves everyone at once; here steps end at different ticks).
 */
export class Claims {
  /** Priority keys by id (the mover's, ranked this tick; lower is higher priority). */
  keys: Float64Array;
  private readonly by: Int32Array;
  private readonly at: Int32Array;

  constructor(grid: NavGrid, keys: Float64Array) {
    this.keys = keys;
    this.by = new Int32Array(grid.size);
    this.at = new Int32Array(grid.size).fill(-2);
  }

  /** `c` waits for `cell` to free: it keeps it from anyone of lower priority until next tick. */
  claim(c: Character, cell: number, t: number): void {
    const by = this.by[cell];
    // A claim of higher priority stands (claims are renewed each tick by whoever still waits).
    if (by !== c.id && this.at[cell] >= t - 1 && this.keys[by] < this.keys[c.id]) return;
    this.by[cell] = c.id;
    this.at[cell] = t;
  }

  /** Who of higher priority than `c` claims `cell` (0: nobody). */
  claimant(c: Character, cell: number, t: number): number {
    const by = this.by[cell];
    if (by === 0 || by === c.id || this.at[cell] < t - 1) return 0;
    return this.keys[by] < this.keys[c.id] ? by : 0;
  }

  /**
   * Whether a push chain started by `root` must keep off `cell`: claimed by the root itself or by someone of
   * higher priority. Claims of lower priorities than the root's do not bind its chain (in PIBT the root
   * moves anyone below it).
   */
  heldFor(root: Character, cell: number, t: number): boolean {
    const by = this.by[cell];
    if (by === 0 || this.at[cell] < t - 1) return false;
    return by === root.id || this.keys[by] < this.keys[root.id];
  }
}
