import type { Character } from './Character.ts';
import { Crowd, type CrowdHost } from './crowd/Crowd.ts';
import { arrive } from './Stepping.ts';
import type { WorldContext } from './WorldContext.ts';

/**
 * Tile-by-tile movement (docs/movement.md). Each tick every character mid-step advances and may arrive, releasing
 * the tile it left; then the crowd planner (crowd/Crowd.ts) plans, commits and starts the next steps.
 */
export class Mover {
  readonly crowd: Crowd;

  constructor(host: CrowdHost, moves: 8 | 4) {
    this.crowd = new Crowd(host, moves);
  }

  /** A character joined the world. */
  add(c: Character): void {
    this.crowd.add(c);
  }

  tick(w: WorldContext, t: number): void {
    const list = w.characters;
    const steps = this.crowd.steps;
    for (let i = 0; i < list.length; i++) {
      const c = list[i];
      c.step.carry = 0;
      if (!c.moving) continue;
      c.step.progress += c.speed / w.tickHz / c.step.len;
      if (c.step.progress < 1) continue;
      c.step.carry = (c.step.progress - 1) * c.step.len;
      const left = c.cell;
      arrive(w, c, t);
      steps.arrived(c.id, left);
    }
    this.crowd.tick();
  }
}
