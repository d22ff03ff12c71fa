// `window.__RPG__`: the page's hook for anyone automating the game (the browser tests, benchmarks, a curious
// player in the console). It reads, and can hold the world's clock still for a screenshot; nothing here moves a
// character. docs/architecture.md documents its shape.
import type { NavGrid } from '../core/grid/index.ts';
import type { FrameSample, FrameStats } from './FrameStats.ts';

export interface MapSummary {
  name: string;
  width: number;
  height: number;
  tileWidth: number;
  tileHeight: number;
}

export interface RpgState {
  /** The map on screen; null while the first map loads or when it failed to. */
  map: MapSummary | null;
  /** World ticks since this map started. */
  tick: number;
  /** The one sentence shown instead of the game when loading failed. */
  error?: string;
  /** `npm run dev` only: the sentence of a saved map that no longer loads (the game keeps the last good map). */
  reloadError?: string;
  /** Whatever the scenes add (the player, the enemies…), see `addState`. */
  [part: string]: unknown;
}

export interface RpgHook {
  /** True once the World scene runs and has drawn its first frame. */
  ready: boolean;
  /** 'webgl' or 'canvas': the renderer Phaser chose (the game asks for WebGL). */
  renderer: string;
  state(): RpgState;
  /** Static collision of the current map: false for blocked tiles and for tiles off the map. */
  walkable(x: number, y: number): boolean;
  /** Viewport CSS pixels of the tile's centre, as the camera shows it right now. */
  tileToClient(x: number, y: number): { x: number; y: number };
  /** Milliseconds from navigation to the first `ready` (for benchmarks). */
  readyAt: number;
  /** The recorded frames (frame time, the game's own work, ticks, renderer) of the current map, oldest first. */
  frames(): FrameSample | null;
  /** Starts the frame record afresh (benchmarks: after warming up). */
  resetFrames(): void;
  /** The HUD on screen (null while no map is). */
  hud(): HudSeen | null;
  /**
   * Holds the world's clock still (true: no tick passes, the picture stays put) or lets it run on (false), for a
   * screenshot of one moment however slow the screenshot is. A new map starts running.
   */
  hold(still: boolean): void;
}

/** The HUD as a player sees it: its rectangles (viewport CSS pixels) and what its texts say. */
export interface HudSeen {
  boxes: { name: string; x: number; y: number; width: number; height: number }[];
  hp: string;
  chasing: string;
  map: string;
  notice: string;
  gameOver: boolean;
}

type StatePart = () => unknown;

class PageHook implements RpgHook {
  private ready_ = false;
  readyAt = 0;
  renderer = 'none';
  private map: MapSummary | null = null;
  private nav: NavGrid | null = null;
  private ticks = 0;
  private error: string | undefined;
  private reloadError: string | undefined;
  private toClient: ((x: number, y: number) => { x: number; y: number }) | null = null;
  private readonly parts = new Map<string, StatePart>();
  private stats: FrameStats | null = null;
  private hudView: (() => HudSeen) | null = null;
  private clock: { held: boolean } | null = null;

  get ready(): boolean {
    return this.ready_;
  }

  set ready(value: boolean) {
    if (value && !this.ready_ && this.readyAt === 0) this.readyAt = performance.now();
    this.ready_ = value;
  }

  frames(): FrameSample | null {
    return this.stats ? this.stats.sample() : null;
  }

  resetFrames() {
    this.stats?.reset();
  }

  hud(): HudSeen | null {
    return this.hudView ? this.hudView() : null;
  }

  hold(still: boolean) {
    if (typeof still !== 'boolean') throw new TypeError(`hold takes true or false, got ${String(still)}`);
    if (!this.clock) throw new Error('No map is on screen yet: wait for window.__RPG__.ready.');
    this.clock.held = still;
  }

  /** The clock of the map on screen, which `hold` holds (null when none). */
  setClock(clock: { held: boolean } | null) {
    this.clock = clock;
  }

  /** The HUD of the map on screen (null when none). */
  setHud(view: (() => HudSeen) | null) {
    this.hudView = view;
  }

  /** The frame record of the map on screen (null when none). */
  setFrameStats(stats: FrameStats | null) {
    this.stats = stats;
  }

  state(): RpgState {
    const s: RpgState = { map: this.map ? { ...this.map } : null, tick: this.ticks };
    for (const [name, part] of this.parts) s[name] = part();
    if (this.error !== undefined) s.error = this.error;
    if (this.reloadError !== undefined) s.reloadError = this.reloadError;
    return s;
  }

  walkable(x: number, y: number): boolean {
    const nav = this.nav;
    if (!nav || !Number.isInteger(x) || !Number.isInteger(y)) return false;
    if (x < 0 || y < 0 || x >= nav.width || y >= nav.height) return false;
    return nav.walkable[y * nav.width + x] === 1;
  }

  tileToClient(x: number, y: number): { x: number; y: number } {
    if (!this.toClient) throw new Error('No map is on screen yet: wait for window.__RPG__.ready.');
    return this.toClient(x, y);
  }

  /** A map is on screen: the World scene hands over its summary, its grid and its camera's projection. */
  showMap(map: MapSummary, nav: NavGrid, toClient: (x: number, y: number) => { x: number; y: number }) {
    this.map = map;
    this.nav = nav;
    this.toClient = toClient;
    this.ticks = 0;
    this.error = undefined;
  }

  /** The map is leaving the screen (an exit was taken, the scene restarts). */
  leaveMap() {
    this.ready = false;
    this.toClient = null;
    this.stats = null;
    this.hudView = null;
    this.clock = null;
  }

  setTick(tick: number) {
    this.ticks = tick;
  }

  /** A live reload failed (the sentence) or succeeded again (undefined). */
  setReloadError(sentence: string | undefined) {
    this.reloadError = sentence;
  }

  showError(sentence: string) {
    this.ready = false;
    this.error = sentence;
  }

  /** Adds a named part to `state()` (e.g. `player`, `enemies`), read fresh on every call. */
  addState(name: string, part: StatePart) {
    this.parts.set(name, part);
  }

  removeState(name: string) {
    this.parts.delete(name);
  }
}

export const pageHook = new PageHook();

declare global {
  interface Window {
    __RPG__: RpgHook;
  }
}

export function installPageHook(win: Window = window) {
  win.__RPG__ = pageHook;
}
