import type { BrainState } from './Character.ts';

/**
 * What happened during a tick, in the order it happened (a consumer replaying them in order sees a
 * consistent world: an `arrive` that frees a tile comes before the `step` that takes it).
 * - `step`: `id` reserved (x2, y2) and starts into it from (x, y);
 * - `arrive`: `id` arrived at (x, y) and released the tile it left;
 * - `state`: an enemy's brain changed to `state`;
 * - `notice`: an enemy noticed `other` (the player) and starts the chase;
 * - `catch`: enemy `id` hit `other` (the player);
 * - `hit`: the player `id` hit enemy `other`;
 * - `defeat`: enemy `id`, at 0 hit points on (x, y), falls and leaves the map (its tiles freed) for a while;
 * - `respawn`: `id` was put on (x, y) without a step (player at 0 hit points, or a defeated enemy back, out of
 *   the player's sight);
 * - `replan`: `id`'s path was replaced (made way for someone, new target tile): redraw it;
 * - `unreachable`: `id` was sent to (x2, y2), which it cannot reach from where it is: it walks to (x, y), the
 *   reachable tile closest to it, instead;
 * - `exit`: the player `id`'s walk ended on exit tile (x, y), the exit `other` (its index among the exits the
 *   world was given): it leaves the map there. Only a walk's end counts (a click on the exit, a key step onto
 *   it), never a walk passing over it.
 */
export type WorldEventType =
  | 'step'
  | 'arrive'
  | 'state'
  | 'notice'
  | 'catch'
  | 'hit'
  | 'defeat'
  | 'respawn'
  | 'replan'
  | 'unreachable'
  | 'exit';

export interface WorldEvent {
  t: number;
  type: WorldEventType;
  id: number;
  x: number;
  y: number;
  x2: number;
  y2: number;
  /** The other character (`notice`, `catch`, `hit`), or the exit's index (`exit`). */
  other: number;
  state: BrainState;
}

/**
 * The events of the current tick. Event objects are pooled: read them during the tick (or copy what you
 * keep); `step()` reuses them on the next tick, so a busy crowd allocates nothing. Events of a command given
 * between two steps (a walk sent where it cannot reach) belong to the next step's events: the log is emptied
 * by the first event after a step ended, or by the next step, whichever comes first.
 */
export class EventLog {
  private readonly pool: WorldEvent[] = [];
  count = 0;
  /** The events held are a finished step's: the next event or step starts afresh. */
  private stale = false;

  /** The i-th event of this tick, 0 ≤ i < count. */
  at(i: number): WorldEvent {
    return this.pool[i];
  }

  clear(): void {
    this.count = 0;
    this.stale = false;
  }

  /** A step begins: the last step's events go, the commands' since then stay. */
  beginStep(): void {
    if (this.stale) this.clear();
  }

  /** A step ended: its events are there to read until the next event or step. */
  endStep(): void {
    this.stale = true;
  }

  push(t: number, type: WorldEventType, id: number, x = 0, y = 0, x2 = 0, y2 = 0): WorldEvent {
    if (this.stale) this.clear();
    let e = this.pool[this.count];
    if (e === undefined) {
      e = { t, type, id, x, y, x2, y2, other: 0, state: 'idle' };
      this.pool.push(e);
    } else {
      e.t = t;
      e.type = type;
      e.id = id;
      e.x = x;
      e.y = y;
      e.x2 = x2;
      e.y2 = y2;
      e.other = 0;
      e.state = 'idle';
    }
    this.count++;
    return e;
  }
}
