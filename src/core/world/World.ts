import type { NavGrid } from '../grid/index.ts';
import { DX, DY, Regions } from '../grid/index.ts';
import { PathPlanner } from '../path/index.ts';
import { inReach } from './adjacency.ts';
import { thinkEnemy } from './Brain.ts';
import { Character, type CharacterProps } from './Character.ts';
import { ChaseField } from './ChaseField.ts';
import { type WorldConfig, withDefaults } from './config.ts';
import type { Crowd } from './crowd/Crowd.ts';
import { Exits, leavesBy } from './Exits.ts';
import { EventLog } from './events.ts';
import { comeBack, playerFights } from './Fights.ts';
import { Mover } from './Mover.ts';
import { PathScheduler, Urgency } from './PathScheduler.ts';
import { playerWalk, runPlan, walkGoal } from './Planning.ts';
import { Rng } from './rng.ts';
import { startStep } from './Stepping.ts';
import { nearestFreeTile } from './spawnTiles.ts';
import { WorldStats } from './stats.ts';

/** Path cost the near chase field covers around the player. */
const NEAR_REACH = 24;
/** Tiles the player may get from the far field's target before it is rebuilt. */
const FAR_SLACK = 24;

/**
 * The living world: characters walking a NavGrid tile by tile in fixed ticks, enemies thinking, one path
 * scheduler. Engine-free and deterministic: the same grid, seed and commands give the same events, tick for
 * tick. The game reads it (characters, events, paths) and sends it commands; nothing here reads a clock.
 */
export class World {
  readonly grid: NavGrid;
  readonly planner: PathPlanner;
  readonly config: Readonly<WorldConfig>;
  readonly tickHz: number;
  readonly rng: Rng;
  readonly events = new EventLog();
  readonly scheduler: PathScheduler;
  /** Which tiles reach which (labelled lazily, per grid version): where a click on the unreachable leads. */
  readonly regions: Regions;
  /**
   * Chase fields towards the player: `nearField` covers a small radius and follows every step the player
   * takes (cheap); `farField` covers every chaser but is rebuilt only when the player has gone far from
   * its target, since from afar the way is the same. A chaser reads the near one when it stands inside it.
   */
  readonly nearField: ChaseField;
  readonly farField: ChaseField;
  /** Every character in id order (ids 1, 2, …; the renderer may iterate this each frame). */
  readonly characters: Character[] = [];
  /** The player, once added. */
  player: Character | null = null;
  /** Ticks advanced so far; events of the last `step()` carry `t = tick - 1`. */
  tick = 0;
  /** The world's counters: enemies chasing now, enemies defeated, steps started, hits on the player. */
  readonly stats = new WorldStats();
  /** The tiles that lead to other maps (`config.exits`). */
  readonly exits: Exits;
  /** Until this tick no enemy notices the player: it has just come into the map, or been put back on it. */
  graceUntil = 0;
  /** When `config.debug`: the cells the player's last search expanded (`expandedCount` of them). */
  readonly expanded: Int32Array;
  expandedCount = 0;
  private readonly byId: (Character | undefined)[] = [undefined];
  private readonly mover: Mover;

  constructor(grid: NavGrid, config: Partial<WorldConfig> = {}, planner?: PathPlanner) {
    this.grid = grid;
    this.config = withDefaults(config);
    this.tickHz = this.config.tickHz;
    this.rng = new Rng(this.config.seed);
    this.planner = planner ?? new PathPlanner(grid);
    this.scheduler = new PathScheduler(this.config.budget);
    this.regions = new Regions(grid);
    this.exits = new Exits(grid, this.config.exits);
    // Everything the map's searches need (step masks, jump table, region labels, per-cell arrays) is built
    // now, while the map loads, not by the first click.
    this.planner.prepare();
    this.regions.refresh();
    const moves = this.config.moves;
    this.nearField = new ChaseField(grid, 0, moves);
    this.farField = new ChaseField(grid, 1, moves);
    this.expanded = new Int32Array(this.config.debug ? grid.size : 0);
    this.mover = new Mover(
      {
        grid,
        planner: this.planner,
        characters: this.characters,
        tickHz: this.tickHz,
        chaseField: (c) => (this.player === null ? null : this.fieldFor(c).dist),
        chaseTarget: () => (this.player === null ? -1 : this.player.planCell),
        startStep: (c, cell) => startStep(this, c, cell, c.carry, this.tick),
      },
      moves,
    );
  }

  /** The crowd planner that moves everyone (docs/movement.md). */
  get crowd(): Crowd {
    return this.mover.crowd;
  }

  /** The character with this id, or undefined. */
  get(id: number): Character | undefined {
    return this.byId[id];
  }

  /** The character holding tile (x, y) (standing on it or stepping into it), or undefined. */
  characterAt(x: number, y: number): Character | undefined {
    if (!this.grid.inBounds(x, y)) return undefined;
    return this.byId[this.grid.occupant[this.grid.index(x, y)]];
  }

  addPlayer(x: number, y: number, props: CharacterProps = {}): Character {
    if (this.player) throw new Error('the world already has a player');
    const c = this.add(
      'player',
      x,
      y,
      props.speed ?? this.config.playerSpeed,
      props.hp ?? this.config.playerHp,
    );
    this.player = c;
    this.startGrace();
    return c;
  }

  addEnemy(x: number, y: number, props: CharacterProps = {}): Character {
    const cfg = this.config;
    const c = this.add('enemy', x, y, props.speed ?? cfg.enemySpeed, props.hp ?? cfg.enemyHp);
    c.aggro = props.aggro ?? cfg.aggro;
    c.leash = props.leash ?? cfg.leash;
    c.thinks = props.passive !== true;
    c.respawnS = props.respawn ?? cfg.respawn;
    if (!(c.respawnS >= 0) || !Number.isFinite(c.respawnS))
      throw new RangeError(`an enemy's respawn must be seconds ≥ 0 (0: never), got ${c.respawnS}`);
    // Enemies start idle for a seeded while, so a crowd does not all set off on the first tick.
    c.nextThinkTick = this.rng.range(0, 2 * this.tickHz);
    return c;
  }

  private add(kind: 'player' | 'enemy', x: number, y: number, speed: number, hp: number): Character {
    const grid = this.grid;
    if (!Number.isInteger(x) || !Number.isInteger(y) || !grid.isWalkable(x, y)) {
      throw new RangeError(`cannot place a ${kind} on (${x}, ${y}): not a walkable tile of the map`);
    }
    const i = grid.index(x, y);
    if (grid.occupant[i] !== 0) {
      throw new RangeError(
        `cannot place a ${kind} on (${x}, ${y}): character ${grid.occupant[i]} stands there`,
      );
    }
    if (!(speed > 0) || speed > this.tickHz / 2) {
      throw new RangeError(
        `a ${kind}'s speed must be above 0 and at most ${this.tickHz / 2} tiles/s, got ${speed}`,
      );
    }
    const c = new Character(this.characters.length + 1, kind, x, y, grid.width, speed, hp);
    grid.occupy(i, c.id);
    this.characters.push(c);
    this.byId.push(c);
    this.mover.add(c);
    return c;
  }

  /**
   * Walk `id` to tile (x, y). A tile held by an enemy means: walk next to it and attack. A blocked or
   * unreachable tile means: walk to the reachable tile closest to it. A step under way finishes first.
   */
  moveTo(id: number, x: number, y: number): void {
    const c = this.mustGet(id);
    const grid = this.grid;
    if (!Number.isInteger(x) || !Number.isInteger(y) || !grid.inBounds(x, y)) {
      throw new RangeError(`moveTo target (${x}, ${y}) is outside the ${grid.width} × ${grid.height} map`);
    }
    const foe = this.byId[grid.occupant[grid.index(x, y)]];
    if (foe && foe !== c && foe.kind !== c.kind && !foe.away) {
      this.attack(id, foe.id);
      return;
    }
    c.target = 0;
    this.walkTo(c, grid.index(x, y));
  }

  /**
   * Sends `c` towards `cell`: it walks to that tile when it can reach it, else to the reachable tile closest
   * to it (an `unreachable` event says which). The player's walk is searched at once; anyone else's route
   * waits its turn in the scheduler, while the crowd planner already moves it.
   */
  walkTo(c: Character, cell: number): void {
    c.goal = cell;
    if (c.kind === 'player') {
      c.dest = cell;
      // Sent to the tile it stands on: that walk has ended already.
      if (!c.moving && cell === c.cell) leavesBy(this, c, this.tick);
    } else {
      const to = walkGoal(this, c.planCell, cell);
      c.dest = typeof to === 'number' ? to : to[0];
      if (c.dest !== cell) {
        const w = this.grid.width;
        this.events.push(
          this.tick,
          'unreachable',
          c.id,
          c.dest % w,
          Math.floor(c.dest / w),
          cell % w,
          Math.floor(cell / w),
        );
      }
    }
    this.ask(c, 'goal');
  }

  /** Walk `id` next to character `targetId` and strike it while in reach (re-planning when it moves). */
  attack(id: number, targetId: number): void {
    const c = this.mustGet(id);
    const foe = this.mustGet(targetId);
    if (foe.away) return;
    c.target = foe.id;
    c.goal = foe.cell;
    c.nextHitTick = Math.max(c.nextHitTick, this.tick);
    if (inReach(this.grid, c.planCell, foe.cell, this.config.moves)) {
      this.setPath(c, []);
      return;
    }
    this.ask(c, 'attack');
  }

  /** One tile in direction `dir` (keyboard): after the step under way, if that step is legal. */
  stepDir(id: number, dir: number): void {
    const c = this.mustGet(id);
    const grid = this.grid;
    const from = c.planCell;
    const x = from % grid.width;
    const y = (from - x) / grid.width;
    if ((this.config.moves === 4 && (dir & 1) === 1) || !grid.canStep(x, y, dir)) return;
    const to = (y + DY[dir]) * grid.width + x + DX[dir];
    c.target = 0;
    c.goal = c.dest = to;
    this.scheduler.cancel(c.id);
    this.setPath(c, [to]);
  }

  /** The path player `id` would walk if sent to (x, y) now (hover preview): a click's search, outside the budget. */
  preview(id: number, x: number, y: number): number[] {
    const c = this.mustGet(id);
    if (!this.grid.inBounds(x, y)) return [];
    return this.planner.find(playerWalk(this, c, walkGoal(this, c.planCell, this.grid.index(x, y)))).path;
  }

  /** No enemy notices the player for the config's grace from now on (it came into the map or was put back). */
  startGrace(): void {
    this.graceUntil = this.tick + Math.round(this.config.noticeGrace * this.tickHz);
  }

  /** Advance one tick: searches, movement, brains, combat. */
  step(): void {
    const t = this.tick;
    this.events.beginStep();
    comeBack(this, t);
    this.keepFieldFresh();
    this.scheduler.serve(this.runRequest);
    this.mover.tick(this, t);
    const list = this.characters;
    for (let i = 0; i < list.length; i++) {
      const c = list[i];
      if (c.away) continue;
      if (c.thinks) thinkEnemy(this, c, t);
      if (c.state === 'chase') this.showChase(c);
    }
    if (this.player) playerFights(this, this.player, t);
    // Counted after the fights: a defeated player sends every hunter home, a defeated enemy hunts nobody.
    let chasing = 0;
    for (let i = 0; i < list.length; i++) {
      const c = list[i];
      if (c.thinks && !c.away && (c.state === 'chase' || c.state === 'attack')) chasing++;
    }
    this.stats.chasing = chasing;
    this.tick = t + 1;
    this.events.endStep();
  }

  /**
   * Replace `c`'s path (cells after its plan cell), telling the renderer when it had one; it is also the
   * route the crowd planner prices c's tiles by (and the player walks exactly).
   */
  setPath(c: Character, cells: ArrayLike<number>): void {
    if (c.path.remaining > 0 || c.moving) this.replaced(c);
    c.path.set(cells);
    if (cells.length === 0) this.crowd.clearRoute(c);
    else this.crowd.setRoute(c, c.planCell, cells);
  }

  replaced(c: Character): void {
    this.events.push(this.tick, 'replan', c.id, c.x, c.y);
  }

  /** Queue a search of kind `plan` for `c` (the player's before anyone's). */
  ask(c: Character, plan: Character['plan']): void {
    c.plan = plan;
    this.scheduler.request(c.id, c.kind === 'player' ? Urgency.Player : Urgency.Normal);
  }

  private readonly runRequest = (id: number): number => {
    if (id === 0) return this.buildField();
    const c = this.byId[id];
    return c ? runPlan(this, c) : 0;
  };

  /** The chase field `c` walks: the near one where it reaches, else the far one. */
  fieldFor(c: Character): ChaseField {
    const near = this.nearField;
    return near.target >= 0 && near.dist[c.planCell] < Number.POSITIVE_INFINITY ? near : this.farField;
  }

  /** A chaser shows the way down its field from where it is going next (redrawn when the field moves). */
  private showChase(c: Character): void {
    const field = this.fieldFor(c);
    if (field.target < 0) return;
    const from = this.crowd.frontOf(c);
    if (c.fieldVersion === field.version && c.path.remaining > 0 && c.path.cells[c.path.cursor] !== from)
      return;
    c.fieldVersion = field.version;
    field.extract(c, c.planCell);
    this.replaced(c);
    if (field.dist[c.planCell] === Number.POSITIVE_INFINITY) field.needFull = true;
  }

  /** Whether `c` stands where it was going, with nothing left to do on the way. */
  arrived(c: Character): boolean {
    return (
      !c.moving && !this.crowd.busy(c) && !this.scheduler.isQueued(c.id) && (c.dest < 0 || c.cell === c.dest)
    );
  }

  /** The chase fields follow the player's next tile while anyone chases. */
  private keepFieldFresh(): void {
    const p = this.player;
    if (!p || this.stats.chasing === 0) return;
    if (this.nearField.target !== p.planCell || this.farStale(p)) this.scheduler.requestField();
  }

  private farStale(p: Character): boolean {
    const far = this.farField;
    if (far.target < 0 || far.needFull) return true;
    const w = this.grid.width;
    const dx = Math.abs((far.target % w) - (p.planCell % w));
    const dy = Math.abs(Math.floor(far.target / w) - Math.floor(p.planCell / w));
    return Math.max(dx, dy) > FAR_SLACK;
  }

  private buildField(): number {
    const p = this.player;
    if (!p) return 0;
    let expanded = 0;
    if (this.nearField.target !== p.planCell)
      expanded += this.nearField.build(this.planner, p.planCell, NEAR_REACH);
    if (this.farStale(p)) {
      const w = this.grid.width;
      const px = p.planCell % w;
      const py = (p.planCell - px) / w;
      let reach = 0;
      for (const c of this.characters) {
        if (c.state !== 'chase') continue;
        const d = Math.max(Math.abs(c.x - px), Math.abs(c.y - py));
        if (d > reach) reach = d;
      }
      // Twice the straight distance plus slack covers any sensible detour; beyond it, needFull.
      expanded += this.farField.build(this.planner, p.planCell, reach * 2 + 24);
    }
    // The chasers' committed steps led to where the player was: plan afresh down the new field.
    this.crowd.replan();
    return expanded;
  }

  /**
   * Puts `c` on tile (x, y), or the free walkable tile nearest it, without a step and keeping its hit points:
   * the player coming back into a map of a Tiled world it left (each map keeps its world while the player is
   * away). Whoever was chasing it goes home: it was gone. The player respawns here from now on (where it came
   * in) and is not noticed for the grace. Returns the tile it was put on.
   */
  place(c: Character, x: number, y: number): { x: number; y: number } {
    const grid = this.grid;
    if (!grid.inBounds(x, y))
      throw new RangeError(`cannot place character ${c.id} on (${x}, ${y}): off the map`);
    grid.release(c.cell, c.id);
    if (c.moving) grid.release(c.toCell, c.id);
    this.scheduler.cancel(c.id);
    const at = nearestFreeTile(grid, grid.index(x, y));
    if (at < 0) throw new Error(`no free walkable tile left to place character ${c.id}`);
    this.putOn(c, at);
    if (c.kind === 'player') {
      c.spawnX = c.x;
      c.spawnY = c.y;
      this.startGrace();
      for (const e of this.characters) {
        if (e.kind === 'enemy' && (e.state === 'chase' || e.state === 'attack')) this.goHome(e);
        if (e.target === c.id) e.target = 0;
      }
    }
    return { x: c.x, y: c.y };
  }

  /** Stands `c` on cell `at` (free and walkable) with no step, path or goal; the crowd plans from here. */
  private putOn(c: Character, at: number): void {
    const grid = this.grid;
    grid.occupy(at, c.id);
    const x = at % grid.width;
    const y = (at - x) / grid.width;
    c.x = c.fromX = c.toX = x;
    c.y = c.fromY = c.toY = y;
    c.cell = c.toCell = at;
    c.moving = false;
    c.progress = 0;
    this.setPath(c, []);
    c.goal = -1;
    c.dest = -1;
    c.target = 0;
    // Put somewhere without a step: every committed step is dropped and the crowd plans from here.
    this.crowd.replan();
  }

  /**
   * Puts `c` back with full hit points, no step: on cell `at` (free and walkable: an enemy back from a defeat,
   * off the map until now), or at its spawn (the free walkable tile nearest it).
   */
  respawn(c: Character, at = -1): void {
    const grid = this.grid;
    if (at < 0) {
      grid.release(c.cell, c.id);
      if (c.moving) grid.release(c.toCell, c.id);
      this.scheduler.cancel(c.id);
      at = nearestFreeTile(grid, grid.index(c.spawnX, c.spawnY));
    }
    if (at < 0) throw new Error(`no free walkable tile left to respawn character ${c.id}`);
    this.putOn(c, at);
    c.hp = c.maxHp;
    const { x, y } = c;
    this.events.push(this.tick, 'respawn', c.id, x, y);
    if (c.kind === 'enemy') {
      this.setState(c, 'idle');
      c.nextThinkTick = this.tick + this.rng.range(this.tickHz, 3 * this.tickHz);
      return;
    }
    // The player is back home: whoever hunted it goes home too, and nobody notices it for a while.
    this.startGrace();
    for (const e of this.characters) {
      if (e.kind === 'enemy' && (e.state === 'chase' || e.state === 'attack')) this.goHome(e);
      if (e.target === c.id) e.target = 0;
    }
  }

  setState(c: Character, state: Character['state']): void {
    if (c.state === state) return;
    c.state = state;
    c.stateSince = this.tick;
    this.events.push(this.tick, 'state', c.id, c.x, c.y).state = state;
  }

  /** Send enemy `c` back to its spawn. */
  goHome(c: Character): void {
    this.setState(c, 'return');
    c.target = 0;
    c.lostSightTicks = 0;
    this.walkTo(c, this.grid.index(c.spawnX, c.spawnY));
  }

  private mustGet(id: number): Character {
    const c = this.byId[id];
    if (!c) throw new RangeError(`no character with id ${id}`);
    return c;
  }
}
