import type { NavGrid } from '../grid/index.ts';
import { Regions } from '../grid/index.ts';
import { PathPlanner } from '../path/index.ts';
import type { BrainState, Character, PlanKind } from './Character.ts';
import { ChaseFields } from './ChaseFields.ts';
import type { WorldConfig } from './config.ts';
import type { Crowd } from './crowd/Crowd.ts';
import { Exits, leavesBy } from './Exits.ts';
import { EventLog } from './events.ts';
import { Mover } from './Mover.ts';
import { PathScheduler, Urgency } from './PathScheduler.ts';
import { PlacementError } from './PlacementError.ts';
import { runPlan, walkGoal } from './Planning.ts';
import { Rng } from './rng.ts';
import { startStep } from './Stepping.ts';
import { nearestFreeTile } from './spawnTiles.ts';
import { WorldStats } from './stats.ts';

/**
 * The world's inside: what its helpers (Brain, Mover, Planning, Stepping, Fights, Exits) share and the few
 * moves they make on a character that the world's rules own (a new path, a new brain state, a walk home, a
 * respawn). World holds one and shows the game only its commands and read-only views; nothing outside
 * src/core/world sees this.
 */
export class WorldContext {
  readonly grid: NavGrid;
  readonly planner: PathPlanner;
  readonly config: Readonly<WorldConfig>;
  readonly tickHz: number;
  readonly rng: Rng;
  readonly events = new EventLog();
  readonly scheduler: PathScheduler;
  /** Which tiles reach which (labelled per grid version): where a click on the unreachable leads. */
  readonly regions: Regions;
  /** The tiles that lead to other maps (`config.exits`). */
  readonly exits: Exits;
  /** The world's counters (the HUD's, the tools'): helpers count into it. */
  readonly stats = new WorldStats();
  /** Every character in id order (ids 1, 2, …). */
  readonly characters: Character[] = [];
  readonly byId: (Character | undefined)[] = [undefined];
  readonly chase: ChaseFields;
  readonly mover: Mover;
  player: Character | null = null;
  /** Ticks advanced so far. */
  tick = 0;
  /** Until this tick no enemy notices the player: it has just come into the map, or been put back on it. */
  graceUntil = 0;
  /** When `config.debug`: the cells the player's last search expanded (`expandedCount` of them). */
  readonly expanded: Int32Array;
  expandedCount = 0;

  constructor(grid: NavGrid, config: Readonly<WorldConfig>, planner?: PathPlanner) {
    this.grid = grid;
    this.config = config;
    this.tickHz = config.tickHz;
    this.rng = new Rng(config.seed);
    this.planner = planner ?? new PathPlanner(grid);
    this.scheduler = new PathScheduler(config.budget);
    this.regions = new Regions(grid);
    this.exits = new Exits(grid, config.exits);
    // Everything the map's searches need (step masks, jump table, region labels, per-cell arrays) is built
    // now, while the map loads, not by the first click.
    this.planner.prepare();
    this.regions.refresh();
    this.chase = new ChaseFields(grid, this.planner, this.characters, config.moves);
    this.expanded = new Int32Array(config.debug ? grid.size : 0);
    this.mover = new Mover(
      {
        grid,
        planner: this.planner,
        characters: this.characters,
        tickHz: this.tickHz,
        chaseField: (c) => (this.player === null ? null : this.chase.fieldFor(c).dist),
        chaseTarget: () => (this.player === null ? -1 : this.player.planCell),
        startStep: (c, cell) => startStep(this, c, cell, c.step.carry, this.tick),
      },
      config.moves,
    );
  }

  /** The crowd planner that moves everyone (docs/movement.md). */
  get crowd(): Crowd {
    return this.mover.crowd;
  }

  get(id: number): Character | undefined {
    return this.byId[id];
  }

  /** Runs a queued search (the scheduler's callback): the chase fields for id 0, else that character's. */
  readonly runRequest = (id: number): number => {
    if (id === 0) return this.player === null ? 0 : this.chase.build(this.player, this.crowd);
    const c = this.byId[id];
    return c ? runPlan(this, c) : 0;
  };

  /**
   * Sends `c` towards `cell`: it walks to that tile when it can reach it, else to the reachable tile closest
   * to it (an `unreachable` event says which). The player's walk is searched at once; anyone else's route
   * waits its turn in the scheduler, while the crowd planner already moves it.
   */
  walkTo(c: Character, cell: number): void {
    c.walk.goal = cell;
    if (c.kind === 'player') {
      c.walk.dest = cell;
      // Sent to the tile it stands on: that walk has ended already.
      if (!c.moving && cell === c.cell) leavesBy(this, c, this.tick);
    } else {
      const to = walkGoal(this, c.planCell, cell);
      c.walk.dest = typeof to === 'number' ? to : to[0];
      if (c.walk.dest !== cell) {
        const w = this.grid.width;
        this.events.push(
          this.tick,
          'unreachable',
          c.id,
          c.walk.dest % w,
          Math.floor(c.walk.dest / w),
          cell % w,
          Math.floor(cell / w),
        );
      }
    }
    this.ask(c, 'goal');
  }

  /**
   * Replaces `c`'s path (cells after its plan cell), telling the renderer when it had one; it is also the
   * route the crowd planner prices c's tiles by (and the player walks exactly).
   */
  setPath(c: Character, cells: ArrayLike<number>): void {
    if (c.path.remaining > 0 || c.moving) this.replaced(c);
    c.path.set(cells);
    if (cells.length === 0) this.crowd.clearRoute(c);
    else this.crowd.setRoute(c, c.planCell, cells);
  }

  /** The path `c` shows changed (a `replan` event for the renderer). */
  replaced(c: Character): void {
    this.events.push(this.tick, 'replan', c.id, c.x, c.y);
  }

  /** Queues a search of kind `plan` for `c` (the player's before anyone's). */
  ask(c: Character, plan: PlanKind): void {
    c.walk.plan = plan;
    this.scheduler.request(c.id, c.kind === 'player' ? Urgency.Player : Urgency.Normal);
  }

  /** Whether `c` stands where it was going, with nothing left to do on the way. */
  arrived(c: Character): boolean {
    return (
      !c.moving &&
      !this.crowd.busy(c) &&
      !this.scheduler.isQueued(c.id) &&
      (c.walk.dest < 0 || c.cell === c.walk.dest)
    );
  }

  setState(c: Character, state: BrainState): void {
    if (c.brain.state === state) return;
    c.brain.state = state;
    c.brain.since = this.tick;
    this.events.push(this.tick, 'state', c.id, c.x, c.y).state = state;
  }

  /** Sends enemy `c` back to its spawn. */
  goHome(c: Character): void {
    this.setState(c, 'return');
    c.fight.target = 0;
    c.brain.lostSightTicks = 0;
    this.walkTo(c, this.grid.index(c.spawnX, c.spawnY));
  }

  /** No enemy notices the player for the config's grace from now on (it came into the map or was put back). */
  startGrace(): void {
    this.graceUntil = this.tick + Math.round(this.config.noticeGrace * this.tickHz);
  }

  /** The player is back (respawned, or put where it came in): whoever hunted it goes home, nobody notices it. */
  playerBack(p: Character): void {
    this.startGrace();
    for (const e of this.characters) {
      if (e.kind === 'enemy' && (e.brain.state === 'chase' || e.brain.state === 'attack')) this.goHome(e);
      if (e.fight.target === p.id) e.fight.target = 0;
    }
  }

  /** Lifts `c` off the tiles it holds and out of the scheduler's queue (to be put somewhere else). */
  lift(c: Character): void {
    this.grid.release(c.cell, c.id);
    if (c.moving) this.grid.release(c.step.toCell, c.id);
    this.scheduler.cancel(c.id);
  }

  /**
   * Puts `c` back with full hit points, no step: on cell `at` (free and walkable: an enemy back from a defeat,
   * off the map until now), or at its spawn (the free walkable tile nearest it).
   */
  respawn(c: Character, at = -1): void {
    if (at < 0) {
      this.lift(c);
      at = nearestFreeTile(this.grid, this.grid.index(c.spawnX, c.spawnY));
    }
    if (at < 0) throw new PlacementError(`character ${c.id}`, c.spawnX, c.spawnY, 'no-free-tile');
    this.putOn(c, at);
    c.hp = c.maxHp;
    this.events.push(this.tick, 'respawn', c.id, c.x, c.y);
    if (c.kind === 'enemy') {
      this.setState(c, 'idle');
      c.brain.nextThinkTick = this.tick + this.rng.range(this.tickHz, 3 * this.tickHz);
      return;
    }
    this.playerBack(c);
  }

  /** Stands `c` on cell `at` (free and walkable) with no step, path or goal; the crowd plans from here. */
  putOn(c: Character, at: number): void {
    const grid = this.grid;
    grid.occupy(at, c.id);
    const x = at % grid.width;
    const y = (at - x) / grid.width;
    c.standOn(x, y, at);
    this.setPath(c, []);
    c.walk.clear();
    c.fight.target = 0;
    // Put somewhere without a step: every committed step is dropped and the crowd plans from here.
    this.crowd.replan();
  }

  /** A chaser shows the way down its field from where it is going next (redrawn when the field moves). */
  showChase(c: Character): void {
    const field = this.chase.fieldFor(c);
    if (field.target < 0) return;
    const from = this.crowd.frontOf(c);
    if (c.walk.fieldVersion === field.version && c.path.remaining > 0 && c.path.cells[c.path.cursor] !== from)
      return;
    c.walk.fieldVersion = field.version;
    field.extract(c, c.planCell);
    this.replaced(c);
    if (field.dist[c.planCell] === Number.POSITIVE_INFINITY) field.needFull = true;
  }
}
