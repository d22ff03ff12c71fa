import type { NavGrid } from '../../grid/index.ts';

/** Marks a tile's bits as worked out (bits 0–7 are the steps). */
const KNOWN = 0x100;

/**
 * Per tile, which of its eight steps the static grid allows (`grid.canStep`: walls, one-way exits, corners),
 * bit d for direction d, worked out the first time a tile is asked about and kept until the walls change. The
 * crowd's searches ask the same tiles' steps again and again (PIBT each configuration, the timetables each
 * state): one read instead of canStep's bounds checks and a dozen loads. Lazily, tile by tile, so a big map
 * pays only for the tiles its crowds stand on (a memset when its walls change).
 */
export class StepBits {
  private readonly grid: NavGrid;
  /** Made on the first question (a crowd that never moves costs nothing per tile). */
  private bits = new Uint16Array(0);
  private version = -1;

  constructor(grid: NavGrid) {
    this.grid = grid;
  }

  /** The bits of `cell` (bit d: a step in direction d is allowed). */
  of(cell: number): number {
    const grid = this.grid;
    if (this.version !== grid.version) {
      if (this.bits.length !== grid.size) this.bits = new Uint16Array(grid.size);
      else this.bits.fill(0);
      this.version = grid.version;
    }
    const b = this.bits[cell];
    if (b !== 0) return b & 0xff;
    const w = grid.width;
    const x = cell % w;
    const y = (cell - x) / w;
    let m = 0;
    for (let d = 0; d < 8; d++) if (grid.canStep(x, y, d)) m |= 1 << d;
    this.bits[cell] = m | KNOWN;
    return m;
  }
}
