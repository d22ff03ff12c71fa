// A visit to a Tiled world (`?world=`): the maps of the .world file side by side, the one on screen, and what
// each map keeps while the player is elsewhere — its loaded map and images, and its World (its enemies where
// they were, its seeded simulation paused until the player comes back). Entering a map starts loading its
// neighbours, so the step over an edge into one finds it ready: the crossing is a scene switch onto a map whose
// grid, textures and world already exist. core/tiled/worldLayout.ts answers where a step over an edge lands.
import type Phaser from 'phaser';
import {
  checkMapSize,
  fetchText,
  type Landing,
  landingOf,
  layoutOf,
  loadTiledWorld,
  neighboursOf,
  type WorldLayout,
} from '../core/tiled/index.ts';
import type { World } from '../core/world/index.ts';
import { sentenceOf } from './errorBanner.ts';
import { worldFor } from './LivingWorld.ts';
import { loadMapWithImages, type MapWithImages } from './mapLoading.ts';
import { resolveMapRef } from './mapParam.ts';
import type { PlayParams } from './urlParams.ts';
import type { WorldRef } from './worldParam.ts';

/** What the page hook tells of the visit. */
export interface WorldState {
  name: string;
  url: string;
  /** The map on screen, as the world file names it, and its place in the file's list. */
  map: string;
  index: number;
  /** The maps loaded so far (the one on screen and those loaded ahead). */
  loaded: string[];
  /** Milliseconds of work the last crossing took: the scene switch, from this map's teardown to the next map
   * set up (0: none yet). */
  lastCrossMs: number;
}

interface Kept {
  /** Under way: resolves to the loaded map (null when the scene loading it stopped first: try again). */
  loading?: Promise<MapWithImages | null>;
  loaded?: MapWithImages;
  /** The sentence saying why the map cannot be loaded. */
  error?: string;
  /** Its world, once the player has been there. */
  world?: World;
}

export class WorldVisit {
  private readonly kept: Kept[];
  /** performance.now() when the scene switch of a crossing began, and the work it took, for the page hook. */
  switchStartedAt = 0;
  lastCrossMs = 0;

  private constructor(
    readonly ref: WorldRef,
    readonly layout: WorldLayout,
    private readonly params: PlayParams,
  ) {
    this.kept = layout.maps.map(() => ({}));
  }

  /**
   * Reads the world file and loads its first map (where the visit starts) with every map touching it; any of
   * them that cannot be loaded stops the visit with its sentence, naming the file. Resolves to null when the
   * scene stopped meanwhile.
   */
  static async open(
    scene: Phaser.Scene,
    ref: WorldRef,
    params: PlayParams,
    onProgress?: (share: number, name: string) => void,
  ): Promise<WorldVisit | null> {
    let layout: WorldLayout;
    try {
      layout = layoutOf(await loadTiledWorld(ref.url, fetchText));
    } catch (e) {
      throw new Error(sentenceOf(e, `World file ${ref.url}`));
    }
    const visit = new WorldVisit(ref, layout, params);
    const first = [0, ...neighboursOf(layout, 0)];
    // One after another: they share the scene's loader, and the bar says which map is loading.
    for (let k = 0; k < first.length; k++) {
      const i = first[k];
      onProgress?.(k / first.length, visit.nameOf(i));
      const loaded = await visit.load(scene, i);
      if (!loaded) return null;
    }
    return visit;
  }

  /** What the game calls map `i` (its file name without the extension). */
  nameOf(i: number): string {
    return resolveMapRef(this.layout.maps[i].url).name;
  }

  loaded(i: number): MapWithImages | undefined {
    return this.kept[i].loaded;
  }

  /** The world map `i` keeps while the player is away, if it has been visited. */
  worldOf(i: number): World | undefined {
    return this.kept[i].world;
  }

  keepWorld(i: number, world: World): void {
    this.kept[i].world = world;
  }

  /** Map `i` starts afresh next time (a restart after a defeat, a live-reloaded map). */
  forgetWorld(i: number): void {
    this.kept[i].world = undefined;
  }

  /** A live reload read map `i` afresh: the new map replaces the old, and its world starts afresh. */
  replaceMap(i: number, loaded: MapWithImages): void {
    this.kept[i] = { loaded };
  }

  /** Starts loading every map touching map `i` that is not loaded yet (in the background, one at a time). */
  preloadNeighbours(scene: Phaser.Scene, i: number): void {
    const todo = neighboursOf(this.layout, i).filter((j) => !this.kept[j].world && !this.kept[j].error);
    void (async () => {
      for (const j of todo) {
        // A failure is kept and said when the player tries to cross into that map.
        const loaded = await this.load(scene, j).catch(() => null);
        if (loaded === null || !scene.sys.isActive()) return;
        const k = this.kept[j];
        if (k.world) continue;
        // Its world too (its grid's search tables, its enemies placed): entering it is then only a scene switch.
        // One that cannot be made is made again on entry, where its fault is shown as for any map.
        try {
          k.world = worldFor(loaded.map, this.params, undefined, [], true);
        } catch {
          k.world = undefined;
        }
      }
    })();
  }

  /**
   * Loads map `i` (or waits for the load under way): its images through `scene`'s loader, its size checked
   * against the world file. Rejects with the sentence; null when `scene` stopped first.
   */
  load(scene: Phaser.Scene, i: number): Promise<MapWithImages | null> {
    const k = this.kept[i];
    if (k.loaded) return Promise.resolve(k.loaded);
    if (k.error !== undefined) return Promise.reject(new Error(k.error));
    if (!k.loading) {
      const m = this.layout.maps[i];
      k.loading = loadMapWithImages(scene, { name: this.nameOf(i), url: m.url }).then(
        (loaded) => {
          k.loading = undefined;
          if (!loaded) return null;
          try {
            checkMapSize(this.layout, i, loaded.map);
          } catch (e) {
            throw new Error(sentenceOf(e, `World file ${this.ref.url}`));
          }
          k.loaded = loaded;
          return loaded;
        },
        (e: unknown) => {
          k.loading = undefined;
          throw e;
        },
      );
      k.loading.catch((e: unknown) => {
        k.error = e instanceof Error ? e.message : String(e);
      });
    }
    return k.loading;
  }

  /** `state().world` of the page hook while map `i` is on screen. */
  state(i: number): WorldState {
    return {
      name: this.ref.name,
      url: this.ref.url,
      map: this.layout.maps[i].fileName,
      index: i,
      loaded: this.kept.flatMap((k, j) => (k.loaded ? [this.layout.maps[j].fileName] : [])),
      lastCrossMs: this.lastCrossMs,
    };
  }

  /** Where a step from tile (x, y) of map `i` in direction (dx, dy) lands when it leaves the map, if anywhere. */
  landing(i: number, x: number, y: number, dx: number, dy: number): Landing | undefined {
    const map = this.kept[i].loaded?.map;
    if (!map) return undefined;
    // A map not loaded yet takes the tile size of the map it is entered from (Tiled worlds rarely mix sizes);
    // the landing is worked out again once it has loaded, before the player is put there.
    const sizeOf = (j: number) => this.kept[j].loaded?.map ?? map;
    return landingOf(this.layout, i, x, y, dx, dy, map.tileWidth, map.tileHeight, sizeOf);
  }
}
