import type { NavGrid, Regions } from '../grid/index.ts';
import { DX, DY } from '../grid/index.ts';
import type { PathPlanner } from '../path/index.ts';
import { inReach } from './adjacency.ts';
import { thinkEnemy } from './Brain.ts';
import { Character, type CharacterProps } from './Character.ts';
import { type WorldConfig, withDefaults } from './config.ts';
import type { Crowd } from './crowd/Crowd.ts';
import type { Exits } from './Exits.ts';
import type { EventLog } from './events.ts';
import { comeBack, playerFights } from './Fights.ts';
import type { PathScheduler } from './PathScheduler.ts';
import { PlacementError } from './PlacementError.ts';
import { playerWalk, walkGoal } from './Planning.ts';
import type { Rng } from './rng.ts';
import { nearestFreeTile } from './spawnTiles.ts';
import type { WorldStats } from './stats.ts';
import { WorldContext } from './WorldContext.ts';

/**
 * The living world: characters walking a NavGrid tile by tile in fixed ticks, enemies thinking, one path
 * scheduler. Engine-free and deterministic: the same grid, seed and commands give the same events, tick for
 * tick. The game reads it (characters, events, paths, counters) and sends it commands (`moveTo`, `attack`,
 * `stepDir`, `place`, `step`; `preview` asks without moving); the rules run inside (WorldContext and the
 * helpers it is handed to), and nothing here reads a clock.
 */
export class World {
  private readonly ctx: WorldContext;

  constructor(grid: NavGrid, config: Partial<WorldConfig> = {}, planner?: PathPlanner) {
    this.ctx = new WorldContext(grid, withDefaults(config), planner);
  }

  get grid(): NavGrid {
    return this.ctx.grid;
  }
  get planner(): PathPlanner {
    return this.ctx.planner;
  }
  get config(): Readonly<WorldConfig> {
    return this.ctx.config;
  }
  get tickHz(): number {
    return this.ctx.tickHz;
  }
  get rng(): Rng {
    return this.ctx.rng;
  }
  /** The events of the last `step()` (and of commands since). */
  get events(): EventLog {
    return this.ctx.events;
  }
  /** The path scheduler (for its counters and `isQueued`). */
  get scheduler(): PathScheduler {
    return this.ctx.scheduler;
  }
  /** Which tiles reach which (labelled per grid version): where a click on the unreachable leads. */
  get regions(): Regions {
    return this.ctx.regions;
  }
  /** Every character in id order (ids 1, 2, …; the renderer may iterate this each frame). */
  get characters(): readonly Character[] {
    return this.ctx.characters;
  }
  /** The player, once added. */
  get player(): Character | null {
    return this.ctx.player;
  }
  /** Ticks advanced so far; events of the last `step()` carry `t = tick - 1`. */
  get tick(): number {
    return this.ctx.tick;
  }
  /** The world's counters: enemies chasing now, enemies defeated, steps started, hits on the player. */
  get stats(): WorldStats {
    return this.ctx.stats;
  }
  /** The tiles that lead to other maps (`config.exits`). */
  get exits(): Exits {
    return this.ctx.exits;
  }
  /** Until this tick no enemy notices the player: it has just come into the map, or been put back on it. */
  get graceUntil(): number {
    return this.ctx.graceUntil;
  }
  /** When `config.debug`: the cells the player's last search expanded (`expandedCount` of them). */
  get expanded(): Int32Array {
    return this.ctx.expanded;
  }
  get expandedCount(): number {
    return this.ctx.expandedCount;
  }
  /** The crowd planner that moves everyone (docs/movement.md). */
  get crowd(): Crowd {
    return this.ctx.crowd;
  }

  /** The character with this id, or undefined. */
  get(id: number): Character | undefined {
    return this.ctx.byId[id];
  }

  /** The character holding tile (x, y) (standing on it or stepping into it), or undefined. */
  characterAt(x: number, y: number): Character | undefined {
    if (!this.grid.inBounds(x, y)) return undefined;
    return this.ctx.byId[this.grid.occupant[this.grid.index(x, y)]];
  }

  addPlayer(x: number, y: number, props: CharacterProps = {}): Character {
    const ctx = this.ctx;
    if (ctx.player) throw new Error('the world already has a player');
    const c = this.add(
      'player',
      x,
      y,
      props.speed ?? ctx.config.playerSpeed,
      props.hp ?? ctx.config.playerHp,
    );
    ctx.player = c;
    ctx.startGrace();
    return c;
  }

  addEnemy(x: number, y: number, props: CharacterProps = {}): Character {
    const cfg = this.ctx.config;
    const c = this.add('enemy', x, y, props.speed ?? cfg.enemySpeed, props.hp ?? cfg.enemyHp);
    c.aggro = props.aggro ?? cfg.aggro;
    c.leash = props.leash ?? cfg.leash;
    c.thinks = props.passive !== true;
    c.respawnS = props.respawn ?? cfg.respawn;
    if (!(c.respawnS >= 0) || !Number.isFinite(c.respawnS))
      throw new RangeError(`an enemy's respawn must be seconds ≥ 0 (0: never), got ${c.respawnS}`);
    // Enemies start idle for a seeded while, so a crowd does not all set off on the first tick.
    c.brain.nextThinkTick = this.ctx.rng.range(0, 2 * this.tickHz);
    return c;
  }

  private add(kind: 'player' | 'enemy', x: number, y: number, speed: number, hp: number): Character {
    const ctx = this.ctx;
    const grid = ctx.grid;
    if (!Number.isInteger(x) || !Number.isInteger(y) || !grid.inBounds(x, y))
      throw new PlacementError(kind, x, y, 'off-map');
    if (!grid.isWalkable(x, y)) throw new PlacementError(kind, x, y, 'unwalkable');
    const i = grid.index(x, y);
    if (grid.occupant[i] !== 0) throw new PlacementError(kind, x, y, 'occupied', grid.occupant[i]);
    if (!(speed > 0) || speed > ctx.tickHz / 2) {
      throw new RangeError(
        `a ${kind}'s speed must be above 0 and at most ${ctx.tickHz / 2} tiles/s, got ${speed}`,
      );
    }
    const c = new Character(ctx.characters.length + 1, kind, x, y, grid.width, speed, hp);
    grid.occupy(i, c.id);
    ctx.characters.push(c);
    ctx.byId.push(c);
    ctx.mover.add(c);
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
    const foe = this.ctx.byId[grid.occupant[grid.index(x, y)]];
    if (foe && foe !== c && foe.kind !== c.kind && !foe.away) {
      this.attack(id, foe.id);
      return;
    }
    c.fight.target = 0;
    this.ctx.walkTo(c, grid.index(x, y));
  }

  /** Walk `id` next to character `targetId` and strike it while in reach (re-planning when it moves). */
  attack(id: number, targetId: number): void {
    const ctx = this.ctx;
    const c = this.mustGet(id);
    const foe = this.mustGet(targetId);
    if (foe.away) return;
    c.fight.target = foe.id;
    c.walk.goal = foe.cell;
    c.fight.nextHitTick = Math.max(c.fight.nextHitTick, ctx.tick);
    if (inReach(ctx.grid, c.planCell, foe.cell, ctx.config.moves)) {
      ctx.setPath(c, []);
      return;
    }
    ctx.ask(c, 'attack');
  }

  /** One tile in direction `dir` (keyboard): after the step under way, if that step is legal. */
  stepDir(id: number, dir: number): void {
    const ctx = this.ctx;
    const c = this.mustGet(id);
    const grid = ctx.grid;
    const from = c.planCell;
    const x = from % grid.width;
    const y = (from - x) / grid.width;
    if ((ctx.config.moves === 4 && (dir & 1) === 1) || !grid.canStep(x, y, dir)) return;
    const to = (y + DY[dir]) * grid.width + x + DX[dir];
    c.fight.target = 0;
    c.walk.goal = c.walk.dest = to;
    ctx.scheduler.cancel(c.id);
    ctx.setPath(c, [to]);
  }

  /** The path player `id` would walk if sent to (x, y) now (hover preview): a click's search, outside the budget. */
  preview(id: number, x: number, y: number): number[] {
    const ctx = this.ctx;
    const c = this.mustGet(id);
    if (!ctx.grid.inBounds(x, y)) return [];
    return ctx.planner.find(playerWalk(ctx, c, walkGoal(ctx, c.planCell, ctx.grid.index(x, y)))).path;
  }

  /** No enemy notices the player for the config's grace from now on (it came into the map or was put back). */
  startGrace(): void {
    this.ctx.startGrace();
  }

  /** Advance one tick: searches, movement, brains, combat. */
  step(): void {
    const ctx = this.ctx;
    const t = ctx.tick;
    ctx.events.beginStep();
    comeBack(ctx, t);
    // The chase fields follow the player's next tile while anyone chases.
    if (ctx.player !== null && ctx.stats.chasing > 0) ctx.chase.keepFresh(ctx.player, ctx.scheduler);
    ctx.scheduler.serve(ctx.runRequest);
    ctx.mover.tick(ctx, t);
    const list = ctx.characters;
    for (let i = 0; i < list.length; i++) {
      const c = list[i];
      if (c.away) continue;
      if (c.thinks) thinkEnemy(ctx, c, t);
      if (c.brain.state === 'chase') ctx.showChase(c);
    }
    if (ctx.player) playerFights(ctx, ctx.player, t);
    // Counted after the fights: a defeated player sends every hunter home, a defeated enemy hunts nobody.
    let chasing = 0;
    for (let i = 0; i < list.length; i++) {
      const c = list[i];
      if (c.thinks && !c.away && (c.brain.state === 'chase' || c.brain.state === 'attack')) chasing++;
    }
    ctx.stats.chasing = chasing;
    ctx.tick = t + 1;
    ctx.events.endStep();
  }

  /**
   * Puts `c` on tile (x, y), or the free walkable tile nearest it, without a step and keeping its hit points:
   * the player coming back into a map of a Tiled world it left (each map keeps its world while the player is
   * away). Whoever was chasing it goes home: it was gone. The player respawns here from now on (where it came
   * in) and is not noticed for the grace. Returns the tile it was put on.
   */
  place(c: Character, x: number, y: number): { x: number; y: number } {
    const ctx = this.ctx;
    const grid = ctx.grid;
    if (!Number.isInteger(x) || !Number.isInteger(y) || !grid.inBounds(x, y))
      throw new PlacementError(`character ${c.id}`, x, y, 'off-map');
    ctx.lift(c);
    const at = nearestFreeTile(grid, grid.index(x, y));
    if (at < 0) throw new PlacementError(`character ${c.id}`, x, y, 'no-free-tile');
    ctx.putOn(c, at);
    if (c.kind === 'player') {
      c.spawnX = c.x;
      c.spawnY = c.y;
      ctx.playerBack(c);
    }
    return { x: c.x, y: c.y };
  }

  private mustGet(id: number): Character {
    const c = this.ctx.byId[id];
    if (!c) throw new RangeError(`no character with id ${id}`);
    return c;
  }
}
