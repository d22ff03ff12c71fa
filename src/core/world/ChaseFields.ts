import type { NavGrid } from '../grid/index.ts';
import type { PathPlanner } from '../path/index.ts';
import type { Character } from './Character.ts';
import { ChaseField } from './ChaseField.ts';
import type { Crowd } from './crowd/Crowd.ts';
import type { PathScheduler } from './PathScheduler.ts';

/** Path cost the near chase field covers around the player. */
const NEAR_REACH = 24;
/** Tiles the player may get from the far field's target before it is rebuilt. */
const FAR_SLACK = 24;

/**
 * The chase fields towards the player (docs/movement.md, Chasers): `near` covers a small radius and follows
 * every step the player takes (cheap); `far` covers every chaser but is rebuilt only when the player has gone
 * far from its target, since from afar the way is the same. A chaser reads the near one when it stands inside
 * it. Both are built by the scheduler's field request (`build`), before anyone's walk but the player's.
 */
export class ChaseFields {
  readonly near: ChaseField;
  readonly far: ChaseField;
  private readonly grid: NavGrid;
  private readonly planner: PathPlanner;
  private readonly characters: readonly Character[];

  constructor(grid: NavGrid, planner: PathPlanner, characters: readonly Character[], moves: 8 | 4) {
    this.grid = grid;
    this.planner = planner;
    this.characters = characters;
    this.near = new ChaseField(grid, 0, moves);
    this.far = new ChaseField(grid, 1, moves);
  }

  /** The chase field `c` walks: the near one where it reaches, else the far one. */
  fieldFor(c: Character): ChaseField {
    const near = this.near;
    return near.target >= 0 && near.dist[c.planCell] < Number.POSITIVE_INFINITY ? near : this.far;
  }

  /** Asks the scheduler for a rebuild when the fields no longer lead to the player's next tile. */
  keepFresh(player: Character, scheduler: PathScheduler): void {
    if (this.near.target !== player.planCell || this.farStale(player)) scheduler.requestField();
  }

  /**
   * Rebuilds what is stale towards `player`'s next tile; returns cells expanded. The chasers' committed steps
   * led to where the player was, so the crowd plans afresh down the new fields.
   */
  build(player: Character, crowd: Crowd): number {
    let expanded = 0;
    if (this.near.target !== player.planCell)
      expanded += this.near.build(this.planner, player.planCell, NEAR_REACH);
    if (this.farStale(player)) {
      const w = this.grid.width;
      const px = player.planCell % w;
      const py = (player.planCell - px) / w;
      let reach = 0;
      for (const c of this.characters) {
        if (c.brain.state !== 'chase') continue;
        const d = Math.max(Math.abs(c.x - px), Math.abs(c.y - py));
        if (d > reach) reach = d;
      }
      // Twice the straight distance plus slack covers any sensible detour; beyond it, needFull.
      expanded += this.far.build(this.planner, player.planCell, reach * 2 + 24);
    }
    crowd.replan();
    return expanded;
  }

  private farStale(p: Character): boolean {
    const far = this.far;
    if (far.target < 0 || far.needFull) return true;
    const w = this.grid.width;
    const dx = Math.abs((far.target % w) - (p.planCell % w));
    const dy = Math.abs(Math.floor(far.target / w) - Math.floor(p.planCell / w));
    return Math.max(dx, dy) > FAR_SLACK;
  }
}
