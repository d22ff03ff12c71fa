import type { NavGrid } from '../grid/index.ts';
import type { Character } from './Character.ts';
import type { WorldContext } from './WorldContext.ts';

/** A rectangle of tiles that leads to another map (core/tiled's `Exit` has this shape). */
export interface ExitArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The map's exits as the world knows them: which tiles lead elsewhere. Taking one is a game rule (World): the
 * player's walk must end there; walks to other places pay a toll to pass over them, so they go round.
 */
export class Exits {
  /** Every exit tile on the map (cell indices), each once: the toll the player's walks pay. */
  readonly cells: number[] = [];
  private readonly areas: readonly ExitArea[];
  private readonly width: number;

  constructor(grid: NavGrid, areas: readonly ExitArea[] = []) {
    this.areas = areas;
    this.width = grid.width;
    const seen = new Set<number>();
    for (const a of areas) {
      for (let y = Math.max(0, a.y); y < Math.min(grid.height, a.y + a.height); y++) {
        for (let x = Math.max(0, a.x); x < Math.min(grid.width, a.x + a.width); x++) {
          const i = y * grid.width + x;
          if (!seen.has(i)) this.cells.push(i);
          seen.add(i);
        }
      }
    }
  }

  /** Whether an exit covers `cell` (made once: callers pass it on as a predicate). */
  readonly covers = (cell: number): boolean => this.at(cell) >= 0;

  /** The index (in the areas given) of the first exit covering `cell`, or -1. */
  at(cell: number): number {
    if (this.cells.length === 0) return -1;
    const x = cell % this.width;
    const y = (cell - x) / this.width;
    const areas = this.areas;
    for (let k = 0; k < areas.length; k++) {
      const a = areas[k];
      if (x >= a.x && x < a.x + a.width && y >= a.y && y < a.y + a.height) return k;
    }
    return -1;
  }
}

/**
 * The player `c` stands on a tile (it arrived, or was sent to the tile it stands on). When its walk ends there
 * (the tile is where it was sent: a click on it, a key step onto it) and the tile is an exit, an `exit` event
 * says which: it leaves the map there. A walk passing over an exit, one to the tile nearest a click elsewhere,
 * or a walk to strike a foe does not.
 */
export function leavesBy(w: WorldContext, c: Character, t: number): void {
  if (c.fight.target !== 0 || c.cell !== c.walk.dest) return;
  const k = w.exits.at(c.cell);
  if (k >= 0) w.events.push(t, 'exit', c.id, c.x, c.y).other = k;
}
