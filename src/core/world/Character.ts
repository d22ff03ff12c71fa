/** A character of the world (the player or an enemy) and the path it walks. */

export type CharacterKind = 'player' | 'enemy';
/** An enemy's brain state; the player's is always 'idle'. */
export type BrainState = 'idle' | 'wander' | 'chase' | 'attack' | 'return';

/** What a character's queued search looks for: `goal` its goal cell; `attack` a tile in reach of `target`. */
export type PlanKind = 'goal' | 'attack';

/**
 * The cells a character will walk, in order: `cells[cursor..length)`. The path it shows is the path it walks:
 * the renderer draws these cells, and a step elsewhere (making way for someone) is written in as a detour.
 * Storage is reused (grown only when a longer path arrives) so following and replacing paths allocates nothing
 * per tick.
 */
export class PathBuf {
  cells: Int32Array = new Int32Array(16);
  length = 0;
  cursor = 0;

  get remaining(): number {
    return this.length - this.cursor;
  }

  /** The next cell to step into, or -1. */
  next(): number {
    return this.cursor < this.length ? this.cells[this.cursor] : -1;
  }

  /** The last cell, or -1 when empty. */
  end(): number {
    return this.length > this.cursor ? this.cells[this.length - 1] : -1;
  }

  clear(): void {
    this.length = 0;
    this.cursor = 0;
  }

  /** Puts `cell` before the next one (a detour: pushed aside, then back). Reuses the walked-off slots. */
  unshift(cell: number): void {
    if (this.cursor === 0) {
      this.reserve(this.length + 1);
      this.cells.copyWithin(1, 0, this.length);
      this.length++;
      this.cursor = 1;
    }
    this.cells[--this.cursor] = cell;
  }

  set(path: ArrayLike<number>, from = 0, to = path.length): void {
    const n = to - from;
    this.reserve(n);
    for (let i = 0; i < n; i++) this.cells[i] = path[from + i];
    this.length = n;
    this.cursor = 0;
  }

  /** Appends one cell (used when a path is extracted from a flow field step by step). */
  push(cell: number): void {
    this.reserve(this.length + 1);
    this.cells[this.length++] = cell;
  }

  private reserve(n: number): void {
    if (n <= this.cells.length) return;
    let cap = this.cells.length;
    while (cap < n) cap *= 2;
    const grown = new Int32Array(cap);
    grown.set(this.cells.subarray(0, this.length));
    this.cells = grown;
  }
}

/** Tunings a map's spawn properties may override (`speed`, `aggro`, `leash`, `hp`). */
export interface CharacterProps {
  /** Tiles per second. */
  speed?: number;
  /** Notice radius in tiles (with line of sight; half of it without). */
  aggro?: number;
  /** Give up the chase beyond this distance in tiles from the spawn. */
  leash?: number;
  hp?: number;
  /** Seconds a defeat keeps it off the map (0: it never comes back). */
  respawn?: number;
  /** No brain: an enemy that only does what commands tell it (scripted characters, tests). */
  passive?: boolean;
}

/**
 * The step a character takes: from (fromX, fromY) to (toX, toY) while `moving`, how far along it is (0..1, for
 * drawing it between tiles) and when it began. Written by Stepping.ts (start, arrive) and the mover.
 */
export class StepState {
  moving = false;
  fromX: number;
  fromY: number;
  toX: number;
  toY: number;
  /** Index of (toX, toY): the tile it holds besides its own while moving. */
  toCell: number;
  progress = 0;
  /** Length of the step under way: 1 straight, √2 diagonal. */
  len = 1;
  /** Progress left over from an arrival this tick, carried into the next step (no time lost between tiles). */
  carry = 0;
  /** The tick it last started a step (-1: never). */
  startTick = -1;

  constructor(x: number, y: number, cell: number) {
    this.fromX = this.toX = x;
    this.fromY = this.toY = y;
    this.toCell = cell;
  }

  /** Standing on (x, y) with no step under way (arrived, or put there). */
  stand(x: number, y: number, cell: number): void {
    this.moving = false;
    this.fromX = this.toX = x;
    this.fromY = this.toY = y;
    this.toCell = cell;
    this.progress = 0;
  }
}

/** Where a character is going: the tile it was sent to, the tile it walks to, what its next search is for. */
export class WalkState {
  /** Where it was sent (-1: nowhere); re-plans aim here again. */
  goal = -1;
  /**
   * The tile it walks to: its goal when reachable, else the reachable tile closest to it (-1: none). The
   * crowd planner brings it there.
   */
  dest = -1;
  /** What its next search is for (read when the scheduler runs it). */
  plan: PlanKind = 'goal';
  /** The chase field version its path was read from (chasers re-read a newer field). */
  fieldVersion = -1;

  /** Sent nowhere. */
  clear(): void {
    this.goal = -1;
    this.dest = -1;
  }
}

/** Whom a character fights and when it may strike next. */
export class FightState {
  /** Character this one walks to attack (player clicks on an enemy, enemies chasing the player); 0 none. */
  target = 0;
  nextHitTick = 0;
}

/** An enemy's brain: its state (Brain.ts) and its clocks, in ticks. The player's stays 'idle'. */
export class BrainClock {
  state: BrainState = 'idle';
  /** The tick it came into `state`. */
  since = 0;
  nextThinkTick = 0;
  lostSightTicks = 0;
}

export class Character {
  readonly id: number;
  readonly kind: CharacterKind;
  /** The tile it stands on (until it arrives at the one it steps into). */
  x: number;
  y: number;
  /** Index of (x, y). */
  cell: number;
  /** The step under way, if any. */
  readonly step: StepState;
  /** The cells it will walk (what it shows). */
  readonly path = new PathBuf();
  readonly walk = new WalkState();
  readonly fight = new FightState();
  readonly brain = new BrainClock();
  speed: number;
  /** 0 = north, clockwise to 7 = north-west (see grid/directions.ts). */
  facing = 4;
  hp: number;
  maxHp: number;
  /** An enemy's kind (species.ts: slime, bat, skeleton…), '' for the player: how it looks, set by populate. */
  species = '';
  /** Whether its brain runs (enemies, unless placed passive). */
  thinks: boolean;
  /**
   * Defeated and off the map: it holds no tile, takes no step, thinks nothing and chases nobody until the
   * world brings it back (Fights.ts).
   */
  away = false;
  /** While away: the tick it is due back on (-1: never). */
  backTick = -1;
  /** Seconds a defeat keeps it away (the spawn's or map's `respawn`; 0: never back). */
  respawnS = 0;

  // Spawn and brain tunings.
  spawnX: number;
  spawnY: number;
  aggro: number;
  leash: number;

  constructor(
    id: number,
    kind: CharacterKind,
    x: number,
    y: number,
    width: number,
    speed: number,
    hp: number,
  ) {
    this.id = id;
    this.kind = kind;
    this.x = this.spawnX = x;
    this.y = this.spawnY = y;
    this.cell = y * width + x;
    this.step = new StepState(x, y, this.cell);
    this.speed = speed;
    this.hp = this.maxHp = hp;
    this.aggro = 0;
    this.leash = 0;
    this.thinks = kind === 'enemy';
  }

  /** Stands it on (x, y) = `cell` with no step under way (it arrived there, or was put there). */
  standOn(x: number, y: number, cell: number): void {
    this.x = x;
    this.y = y;
    this.cell = cell;
    this.step.stand(x, y, cell);
  }

  /** Whether a step is under way. */
  get moving(): boolean {
    return this.step.moving;
  }

  /** The cell its plans start from: where it will stand once the step under way ends. */
  get planCell(): number {
    return this.step.moving ? this.step.toCell : this.cell;
  }
}
