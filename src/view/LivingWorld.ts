// A map brought to life: the engine-free World (characters, brains, paths) put on the loaded map, stepped at its
// fixed rate by the WorldClock, drawn by the character sprites, path markers and debug overlay, steered by
// pointer and keyboard. It watches the world's events for what the screen must react to: a "!" when an enemy
// notices the player, the player's defeat (game over), the player's walk ending on an exit (the world says so
// with an `exit` event: the next map) or walking on over the map's edge (a Tiled world's neighbour). A map of a world visited before brings back its World.
import Phaser from 'phaser';
import { DX, DY } from '../core/grid/index.ts';
import type { Exit, LoadedMap } from '../core/tiled/index.ts';
import type { BrainState, Character, Journey } from '../core/world/index.ts';
import { type World, worldForMap } from '../core/world/index.ts';
import { spawnsFor } from './arrival.ts';
import type { CameraRig } from './CameraRig.ts';
import { CharacterSprites } from './CharacterSprites.ts';
import { DebugOverlay } from './DebugOverlay.ts';
import { FrameStats } from './FrameStats.ts';
import type { HudModel } from './hudModel.ts';
import { makeIcons } from './icons.ts';
import { KeyboardInput } from './KeyboardInput.ts';
import { PathMarkers } from './PathMarkers.ts';
import { PointerInput } from './PointerInput.ts';
import type { PlayParams } from './urlParams.ts';
import { WorldClock } from './WorldClock.ts';

export interface LivingWorldOptions {
  map: LoadedMap;
  /** Arrival tile (from the exit that led here) instead of the map's player spawn. */
  arrival?: { x: number; y: number };
  params: PlayParams;
  rig: CameraRig;
  /** The player's walk ended on an exit: load its map. */
  onExit(exit: Exit): void;
  /** The player asked to play this map again after a defeat. */
  onRestart(): void;
  /**
   * This map's world as the player left it (a map of a Tiled world visited before): it goes on from there, the
   * player put on the arrival tile (or the free one nearest), instead of a new world from the map's spawns.
   */
  kept?: World;
  /** The journey the player is on: the hit points it carries are the player's here. */
  journey?: Journey<unknown>;
  /**
   * The player, standing on tile (x, y) at the map's edge, walks on over it in direction (dx, dy) (each -1, 0
   * or 1, only the parts that leave the map): true when that leads somewhere (a Tiled world's neighbour), and
   * the world pauses while it is taken.
   */
  onEdge?(x: number, y: number, dx: number, dy: number): boolean;
}

export interface PlayerState {
  id: number;
  x: number;
  y: number;
  moving: boolean;
  /** As the world has it: full again once the player has respawned, even behind the game-over panel. */
  hp: number;
  /** True while the game-over panel shows (the player fell; the world waits for a restart). */
  defeated: boolean;
}

/** `state().lastHit` of the page hook: the player's last strike, where both stood on the tick it landed. */
export interface HitSeen {
  /** The world tick it landed on. */
  tick: number;
  foe: number;
  player: { x: number; y: number };
  at: { x: number; y: number };
}

export interface EnemyState {
  id: number;
  x: number;
  y: number;
  state: BrainState;
  moving: boolean;
  hp: number;
  /** Its kind (slime, bat, skeleton): how it looks, how fast it goes, how much it takes. */
  kind: string;
  /** Defeated and off the map until it comes back (its x, y: where it fell). */
  away: boolean;
  /** The tile it started on (and goes home to). */
  spawn: { x: number; y: number };
}

/** How long a notice (an exit that leads nowhere) stays in the HUD. */
const NOTICE_MS = 15_000;

/** How often the debug readout is rebuilt (it allocates a string). */
const READOUT_EVERY_MS = 250;

export class LivingWorld {
  readonly world: World;
  readonly player: Character;
  readonly clock: WorldClock;
  readonly stats = new FrameStats();
  readonly hud: HudModel;
  private readonly sprites: CharacterSprites;
  private readonly markers: PathMarkers;
  private readonly overlay: DebugOverlay;
  private readonly pointer: PointerInput;
  private readonly keyboard: KeyboardInput;
  private gameOver = false;
  private leaving = false;
  /** The player's last strike on this map (the page hook's `lastHit`), null before the first. */
  lastHit: HitSeen | null = null;
  private renderStart = 0;
  private readoutAt = 0;
  /** performance.now() of the previous frame: the world's time comes from here, not from Phaser's delta,
   * which Phaser smooths and caps (at a low frame rate the world would run slow). */
  private lastFrameAt = -1;
  /** performance.now() when the HUD's notice goes away. */
  private noticeUntil = 0;
  /** What the map author should know: the map's warnings, then those of putting its characters in. */
  private readonly warnings: string[];

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly opts: LivingWorldOptions,
  ) {
    const { map, params } = opts;
    this.warnings = [...map.warnings];
    const world = opts.kept ?? worldFor(map, params, opts.arrival, this.warnings);
    if (opts.kept && opts.arrival) world.place(world.player!, opts.arrival.x, opts.arrival.y);
    opts.journey?.enter(world);
    this.world = world;
    this.player = world.player!;
    this.clock = new WorldClock(world.tickHz);

    makeIcons(scene);
    const tw = map.tileWidth;
    const th = map.tileHeight;
    this.markers = new PathMarkers(scene, world, this.player, tw, th);
    // Characters show a facing for every way the world walks them: 8, or 4 in a four-way world.
    this.sprites = new CharacterSprites(scene, world, tw, th, world.config.moves);
    this.overlay = new DebugOverlay(scene, world, tw, th);
    this.overlay.setEnabled(params.debug);
    this.pointer = new PointerInput(
      scene,
      world,
      opts.rig,
      {
        playerId: this.player.id,
        accepting: () => this.accepting(),
        hover: (x, y) => this.markers.hover(x, y),
      },
      tw,
      th,
    );
    this.keyboard = new KeyboardInput(scene, world, this.player, {
      accepting: () => this.accepting(),
      toggleDebug: () => this.setDebug(!this.overlay.enabled),
      restart: () => {
        if (this.gameOver) this.restart();
      },
      offEdge: (dx, dy) => {
        this.overEdge(dx, dy);
      },
    });
    this.hud = {
      mapName: map.name,
      hp: this.player.hp,
      maxHp: this.player.maxHp,
      chasing: world.stats.chasing,
      defeated: world.stats.defeated,
      enemies: world.characters.length - 1,
      gameOver: false,
      debug: params.debug,
      readout: '',
      notice: '',
      restart: () => this.restart(),
      setInsets: (top, bottom) => opts.rig.setInsets(top, bottom),
    };
    this.sprites.update(0, opts.rig.camera.worldView, 0);
    opts.rig.follow(this.sprites.playerPoint);
    scene.game.events.on(Phaser.Core.Events.PRE_RENDER, this.onPreRender, this);
    scene.game.events.on(Phaser.Core.Events.POST_RENDER, this.onPostRender, this);
  }

  /**
   * The player goes on over the map's edge in direction (dx, dy) from where it stands, if it stands on that
   * edge: only the parts of the direction that leave the map count (a diagonal step onto the east edge goes on
   * east).
   */
  private overEdge(dx: number, dy: number): boolean {
    const p = this.player;
    const grid = this.world.grid;
    const ox = (dx > 0 && p.x === grid.width - 1) || (dx < 0 && p.x === 0) ? dx : 0;
    const oy = (dy > 0 && p.y === grid.height - 1) || (dy < 0 && p.y === 0) ? dy : 0;
    if ((ox === 0 && oy === 0) || !this.opts.onEdge) return false;
    if (!this.opts.onEdge(p.x, p.y, ox, oy)) return false;
    this.leaving = true;
    return true;
  }

  accepting(): boolean {
    return !this.gameOver && !this.leaving;
  }

  setDebug(on: boolean): void {
    this.overlay.setEnabled(on);
    this.hud.debug = on;
  }

  /** One frame: run the ticks that are due, then bring everything on screen up to date. */
  update(time: number): void {
    const t0 = performance.now();
    const delta = this.lastFrameAt < 0 ? 0 : t0 - this.lastFrameAt;
    this.lastFrameAt = t0;
    if (this.accepting()) this.keyboard.poll();
    const due = this.clock.advance(delta);
    const world = this.world;
    for (let k = 0; k < due && !this.leaving; k++) {
      this.sprites.snapshot();
      world.step();
      this.react(time);
      if (this.gameOver) this.clock.paused = true;
    }
    const t1 = performance.now();
    const view = this.opts.rig.camera.worldView;
    this.sprites.update(this.clock.alpha, view, time);
    this.markers.update(this.accepting());
    this.overlay.update(view);
    const hud = this.hud;
    hud.hp = this.player.hp;
    if (hud.notice !== '' && !this.leaving && t0 > this.noticeUntil) hud.notice = '';
    // Read from the world every frame: 0 chasing at a game over (the hunters went home), hp full after a respawn.
    hud.chasing = world.stats.chasing;
    hud.defeated = world.stats.defeated;
    hud.gameOver = this.gameOver;
    const t2 = performance.now();
    this.stats.record(delta, t2 - t0, t1 - t0, due);
    if (this.overlay.enabled && time - this.readoutAt >= READOUT_EVERY_MS) {
      this.readoutAt = time;
      hud.readout = this.readout();
    }
  }

  /** The events of the tick just run that the screen answers. */
  private react(time: number): void {
    const events = this.world.events;
    const pid = this.player.id;
    for (let i = 0; i < events.count; i++) {
      const e = events.at(i);
      if (e.type === 'notice') this.sprites.noticed(e.id, time);
      else if (e.type === 'hit' || e.type === 'catch') {
        this.sprites.struck(e.other, time);
        // The player strikes standing: where it stands now is where it stood on that tick.
        if (e.type === 'hit' && e.id === pid)
          this.lastHit = {
            tick: e.t,
            foe: e.other,
            player: { x: this.player.x, y: this.player.y },
            at: { x: e.x, y: e.y },
          };
      } else if (e.type === 'defeat') this.sprites.fell(e.id, time);
      else if (e.type === 'respawn' && e.id === pid) this.gameOver = true;
      else if (e.type === 'exit' && e.id === pid && !this.gameOver) {
        this.leaving = true;
        this.opts.onExit(this.opts.map.exits[e.other]);
        return;
      } else if (e.type === 'arrive' && e.id === pid && !this.gameOver) {
        // A walk that ends on the map's edge, its last step heading out: it goes on into the neighbour there.
        const p = this.player;
        if (p.path.remaining === 0 && this.overEdge(DX[p.facing], DY[p.facing])) return;
      }
    }
  }

  /** The exit just taken leads nowhere: the world goes on here, and the HUD says why. */
  stay(sentence: string): void {
    this.leaving = false;
    this.hud.mapName = this.opts.map.name;
    this.hud.notice = sentence;
    this.noticeUntil = performance.now() + NOTICE_MS;
    console.warn(sentence);
  }

  private restart(): void {
    if (this.leaving) return;
    this.leaving = true;
    this.opts.onRestart();
  }

  private readout(): string {
    const s = this.stats;
    const fps = s.mean(s.frameMs) > 0 ? 1000 / s.mean(s.frameMs) : 0;
    const f2 = (v: number) => v.toFixed(2);
    return [
      `${fps.toFixed(0)} fps · frame ${s.mean(s.frameMs).toFixed(1)} ms (p99 ${s.quantile(s.frameMs, 0.99).toFixed(1)})`,
      `own work ${f2(s.mean(s.ownMs))} ms (p99 ${f2(s.quantile(s.ownMs, 0.99))}) · ticks ${f2(s.mean(s.tickMs))} ms`,
      `render ${f2(s.mean(s.renderMs))} ms · tick ${this.world.tick} @ ${this.world.tickHz} Hz`,
      `${this.world.characters.length} characters · last search ${this.world.expandedCount} nodes (blue)` +
        (this.overlay.jpsCount > 0 ? `, JPS ${this.overlay.jpsCount} (purple)` : ''),
      // What the map author should know (a missing template, a spawn moved off a wall), as on the console.
      ...mapWarnings(this.warnings),
    ].join('\n');
  }

  private onPreRender(): void {
    this.renderStart = performance.now();
  }

  private onPostRender(): void {
    if (this.renderStart > 0) this.stats.render(performance.now() - this.renderStart);
  }

  /** `state().player` of the page hook. */
  playerState(): PlayerState {
    const p = this.player;
    return { id: p.id, x: p.x, y: p.y, moving: p.moving, hp: p.hp, defeated: this.gameOver };
  }

  /** `state().enemies` of the page hook. */
  enemiesState(): EnemyState[] {
    const out: EnemyState[] = [];
    for (const c of this.world.characters) {
      if (c.kind === 'enemy')
        out.push({
          id: c.id,
          x: c.x,
          y: c.y,
          state: c.brain.state,
          moving: c.moving,
          hp: c.hp,
          kind: c.species,
          away: c.away,
          spawn: { x: c.spawnX, y: c.spawnY },
        });
    }
    return out;
  }

  destroy(): void {
    this.scene.game.events.off(Phaser.Core.Events.PRE_RENDER, this.onPreRender, this);
    this.scene.game.events.off(Phaser.Core.Events.POST_RENDER, this.onPostRender, this);
    this.pointer.destroy();
    this.keyboard.destroy();
    this.sprites.destroy();
    this.markers.destroy();
    this.overlay.destroy();
  }
}

/**
 * A world brought up from the map's spawns (the player on the arrival tile when one is given), knowing the
 * map's exits. What the map author should know about putting the characters in (an enemy spawn moved out of
 * the safe radius) is added to `warnings` and the console. `ahead`: made before the player comes in (a Tiled
 * world's neighbour, loaded ahead), on a tile not known yet: its enemies stay on their spawns, and the grace
 * when the player is put on the map keeps the start fair.
 */
export function worldFor(
  map: LoadedMap,
  params: PlayParams,
  arrival?: { x: number; y: number },
  warnings: string[] = [],
  ahead = false,
): World {
  // The navigation grid comes with the loaded map and outlives a restart of the scene: worldForMap starts it
  // empty.
  const world = worldForMap(
    { ...map, spawns: spawnsFor(map, arrival) },
    {
      seed: params.seed,
      debug: true,
      moves: params.moves,
      enemies: params.enemies,
      aggro: params.aggro,
      leash: params.leash,
      hp: params.hp,
      safeRadius: ahead ? 0 : undefined,
      warn: (why) => {
        const sentence = `Map ${map.name}: ${why}.`;
        warnings.push(sentence);
        console.warn(sentence);
      },
    },
  );
  return world;
}

/** The map's warnings for the debug readout: the first few, each cut to a line. */
function mapWarnings(warnings: readonly string[]): string[] {
  const shown = warnings.slice(0, 3).map((w) => `! ${w.length > 110 ? `${w.slice(0, 109)}…` : w}`);
  if (warnings.length > 3) shown.push(`! …and ${warnings.length - 3} more warnings on the console`);
  return shown;
}
