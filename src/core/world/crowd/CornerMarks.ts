const NONE = 0;

/**
 * The corner tiles the diagonals decided in one transition squeeze past (Transition.ts): a diagonal needs both
 * its corners empty now and next (the world's no-squeezing rule), and once it is decided they stay empty for
 * that transition. It reads the transition's own `occNow`/`occNext` (who stands on / takes each tile, NONE for
 * nobody) and counts, per tile, the decided diagonals past it in `touched`.
 */
export class CornerMarks {
  private readonly width: number;
  private readonly occNow: Int32Array;
  private readonly occNext: Int32Array;
  /** How many decided diagonals squeeze past each tile (it must stay empty). */
  private readonly touched: Int32Array;
  /** The tiles marked in this transition, to clean up after it. */
  private touchedList = new Int32Array(64);
  private touchedCount = 0;

  constructor(width: number, occNow: Int32Array, occNext: Int32Array, touched: Int32Array) {
    this.width = width;
    this.occNow = occNow;
    this.occNext = occNext;
    this.touched = touched;
  }

  /**
   * A diagonal from `c` to `u` needs both corner tiles empty now and next; reserves them as touched.
   * Straight steps need nothing. Returns false when a corner is not free.
   */
  mark(c: number, u: number): boolean {
    const w = this.width;
    const cx = c % w;
    const ux = u % w;
    if (cx === ux || u - ux === c - cx) return true;
    const a = c + (ux - cx);
    const b = u - (ux - cx);
    const occNow = this.occNow;
    const occNext = this.occNext;
    if (occNow[a] !== NONE || occNext[a] !== NONE || occNow[b] !== NONE || occNext[b] !== NONE) return false;
    this.touch(a);
    this.touch(b);
    return true;
  }

  /** Takes back the marks of the diagonal from `c` to `u` (it was not taken after all). */
  unmark(c: number, u: number): void {
    const w = this.width;
    const cx = c % w;
    const ux = u % w;
    if (cx === ux || u - ux === c - cx) return;
    this.touched[c + (ux - cx)]--;
    this.touched[u - (ux - cx)]--;
  }

  /** Clears every mark (only the tiles this transition touched). */
  clear(): void {
    for (let k = 0; k < this.touchedCount; k++) this.touched[this.touchedList[k]] = 0;
    this.touchedCount = 0;
  }

  private touch(cell: number): void {
    if (this.touched[cell]++ === 0) {
      if (this.touchedCount === this.touchedList.length) {
        const more = new Int32Array(this.touchedList.length * 2);
        more.set(this.touchedList);
        this.touchedList = more;
      }
      this.touchedList[this.touchedCount++] = cell;
    }
  }
}
