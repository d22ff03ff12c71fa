// The World scene: draws the map (view/MapView's chunks of tile layers, view/TileObjects' tile objects, image
// layers and image-collection tiles), points the camera (view/CameraRig), brings the map to life
// (view/LivingWorld: the world simulation, its sprites, input, markers and debug view), runs the HUD scene over
// it, and publishes everything on `window.__RPG__`. Exits load the next map while this one stays up, and start
// it once loaded (or say in the HUD why not, and stay); a defeat offers a restart of this one (the player back where it came in); in `npm run dev`
// a saved map restarts it on the new version (view/MapReloader). In a Tiled world (`?world=`, view/WorldVisit)
// a walk over the map's edge starts the neighbour lying there, its own world kept. A world that cannot be set up (too many
// enemies for the map) shows its one sentence like a map that fails to load.
import Phaser from 'phaser';
import type { Exit, LoadedMap } from '../core/tiled/index.ts';
import { Journey, PopulateError } from '../core/world/index.ts';
import { spawnsFor } from '../view/arrival.ts';
import { CameraRig } from '../view/CameraRig.ts';
import { showError } from '../view/errorBanner.ts';
import { LivingWorld } from '../view/LivingWorld.ts';
import { MapReloader } from '../view/MapReloader.ts';
import { MapView } from '../view/MapView.ts';
import { loadMapWithImages, type MapWithImages } from '../view/mapLoading.ts';
import { type MapRef, resolveMapRef } from '../view/mapParam.ts';
import { pageHook } from '../view/pageHook.ts';
import { TileObjects } from '../view/TileObjects.ts';
import type { PlayParams } from '../view/urlParams.ts';
import type { WorldVisit } from '../view/WorldVisit.ts';
import type { HudScene } from './HudScene.ts';

export interface WorldData {
  map: LoadedMap;
  /** Where the map was loaded from: exits resolve their `map` property against it. */
  mapUrl: string;
  /** The files the map was read from (map, tilesets, templates): live reload watches them. */
  files?: string[];
  /** Where the player is put: the tile it came in on (an exit's arrival tile), or where it stood before a live reload. */
  arrival?: { x: number; y: number };
  /** The tile it came into this map on (an exit's arrival tile, a Tiled world's edge), if not the map's spawn: a restart puts it back there. */
  entry?: { x: number; y: number };
  params: PlayParams;
  /** The camera's zoom to keep (a live reload restarts the scene on the saved map). */
  zoom?: number;
  /** In a Tiled world (`?world=`): the visit, and which of its maps this is. */
  visit?: { tour: WorldVisit; index: number };
  /**
   * The journey so far (made on the first map): the player's hit points carried from map to map, and the worlds
   * of the maps left by an exit, kept as they were left.
   */
  journey?: Journey<KeptMap>;
}

/** What a map left by an exit keeps to be shown again: the loaded map (its grid is its kept world's). */
export interface KeptMap {
  map: LoadedMap;
  files?: string[];
}

export class WorldScene extends Phaser.Scene {
  private data_!: WorldData;
  private mapView!: MapView;
  private tileObjects!: TileObjects;
  private cameraRig!: CameraRig;
  private living: LivingWorld | null = null;
  private reloader: MapReloader | null = null;
  /** The player is crossing into a neighbour map of the Tiled world: the teardown starts the switch's clock. */
  private crossing = false;

  constructor() {
    super('World');
  }

  init(data: WorldData) {
    // One journey from the first map on: restarts and the next maps get it with their data.
    data.journey ??= new Journey<KeptMap>();
    this.data_ = data;
    this.living = null;
  }

  create() {
    const { map, mapUrl } = this.data_;
    this.mapView = new MapView(this, map);
    this.tileObjects = new TileObjects(this, map);
    this.cameraRig = new CameraRig(this, this.mapView.widthPx, this.mapView.heightPx);
    const zoom = this.data_.zoom;
    if (zoom !== undefined && this.cameras.main.zoom !== zoom) this.cameraRig.setZoom(zoom);
    this.reloader = new MapReloader(this, {
      map,
      mapUrl,
      files: this.data_.files ?? [mapUrl],
      player: () => this.living?.playerState() ?? null,
      onReloaded: (next) => {
        const visit = this.data_.visit;
        this.journey.forget(mapUrl);
        if (visit) visit.tour.replaceMap(visit.index, { map: next.map, url: next.mapUrl, files: next.files });
        this.scene.restart({ ...this.data_, ...next, zoom: this.cameras.main.zoom });
      },
    });
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => this.teardown());

    const visit = this.data_.visit;
    let living: LivingWorld;
    try {
      living = new LivingWorld(this, {
        map,
        arrival: this.data_.arrival,
        params: this.data_.params,
        rig: this.cameraRig,
        onExit: (exit) => this.takeExit(exit),
        onRestart: () => {
          if (visit) visit.tour.forgetWorld(visit.index);
          this.journey.forget(mapUrl);
          // Back where it came into this map (a live reload since may have walled that tile: then the spawn).
          const entry = this.data_.entry;
          const back = entry && map.nav.isWalkable(entry.x, entry.y) ? entry : undefined;
          this.scene.restart({ ...this.data_, arrival: back });
        },
        kept: visit ? visit.tour.worldOf(visit.index) : this.journey.stayAt(mapUrl)?.world,
        journey: this.journey,
        onEdge: visit ? (x, y, dx, dy) => this.crossEdge(x, y, dx, dy) : undefined,
      });
    } catch (e) {
      this.cameraRig.lookAt(this.mapView.widthPx / 2, this.mapView.heightPx / 2);
      this.mapView.update(this.cameraRig.camera);
      showError(worldSentence(e, map, this.data_.params));
      return;
    }
    this.living = living;
    this.mapView.update(this.cameraRig.camera);
    if (visit) {
      visit.tour.keepWorld(visit.index, living.world);
      // The maps beside this one load now, so a step over the edge into one finds it ready.
      visit.tour.preloadNeighbours(this, visit.index);
      pageHook.addState('world', () => visit.tour.state(visit.index));
      if (visit.tour.switchStartedAt > 0) {
        visit.tour.lastCrossMs = performance.now() - visit.tour.switchStartedAt;
        visit.tour.switchStartedAt = 0;
      }
    }

    pageHook.showMap(
      {
        name: map.name,
        width: map.width,
        height: map.height,
        tileWidth: map.tileWidth,
        tileHeight: map.tileHeight,
      },
      map.nav,
      (x, y) => {
        const p = this.mapView.tileCentre(x, y);
        return this.cameraRig.worldToClient(p.x, p.y);
      },
    );
    pageHook.addState('player', () => living.playerState());
    pageHook.addState('enemies', () => living.enemiesState());
    pageHook.addState('lastHit', () => living.lastHit);
    pageHook.setFrameStats(living.stats);
    pageHook.setClock(living.clock);
    pageHook.setTick(living.world.tick);

    this.scene.launch('Hud', { model: living.hud });
    this.scene.bringToTop('Hud');
    const hud = this.scene.get('Hud') as HudScene;
    const rig = this.cameraRig;
    pageHook.setHud(() => ({
      ...hud.texts(),
      boxes: hud.hudBoxes().map((b) => {
        const a = rig.gameToClient(b.x, b.y);
        const z = rig.gameToClient(b.x + b.width, b.y + b.height);
        return { name: b.name, x: a.x, y: a.y, width: z.x - a.x, height: z.y - a.y };
      }),
    }));
    // Ready once the map and its characters have actually been drawn, so whoever waits finds them on screen.
    this.game.events.once(Phaser.Core.Events.POST_RENDER, () => {
      if (this.scene.isActive() && this.living === living) pageHook.ready = true;
    });
  }

  private get journey(): Journey<KeptMap> {
    return this.data_.journey!;
  }

  override update(time: number) {
    const living = this.living;
    if (!living) return;
    living.update(time);
    pageHook.setTick(living.world.tick);
    this.cameraRig.update();
    const t0 = performance.now();
    this.mapView.update(this.cameraRig.camera);
    living.stats.map(performance.now() - t0);
  }

  /**
   * Loads the map `exit` leads to while this one stays on screen (its world paused), then starts it. An exit
   * that leads nowhere (a map that is missing or broken, an arrival tile that is a wall) leaves the player
   * here, with a sentence in the HUD naming the exit and the fault.
   */
  private takeExit(exit: Exit) {
    const living = this.living;
    if (!living) return;
    const here = this.data_.map.name;
    const which = `The exit${exit.name ? ` "${exit.name}"` : ''} at (${exit.x}, ${exit.y})`;
    const stay = (why: string) => {
      if (this.living === living) living.stay(`${which} ${why}, so you stay on map ${here}.`);
    };
    let ref: MapRef;
    try {
      ref = resolveMapRef(exit.map, this.data_.mapUrl);
    } catch {
      stay(`names map "${exit.map}", which is neither a map name nor a URL of a .tmj, .tmx or .json file`);
      return;
    }
    const arrival =
      exit.toX !== undefined && exit.toY !== undefined ? { x: exit.toX, y: exit.toY } : undefined;
    const go = (map: LoadedMap, url: string, files: string[] | undefined) => {
      try {
        spawnsFor(map, arrival);
      } catch (e) {
        stay(`leads to map ${ref.url}, where it cannot put you: ${unstop(e)}`);
        return;
      }
      // This map keeps its world as it is left (one journey: the stairs back up find it so).
      this.journey.keep(this.data_.mapUrl, living.world, { map: this.data_.map, files: this.data_.files });
      const next: WorldData = {
        map,
        mapUrl: url,
        files,
        arrival,
        entry: arrival,
        params: this.data_.params,
        journey: this.journey,
      };
      this.scene.start('World', next);
    };
    // A map left before by an exit comes back as it was left: its map and world are kept.
    const kept = this.journey.stayAt(ref.url);
    if (kept) {
      go(kept.map.map, ref.url, kept.map.files);
      return;
    }
    // The HUD's map name says where the player is going while it loads (a notice row would move the map).
    living.hud.mapName = `${here} → ${ref.name}…`;
    loadMapWithImages(this, ref).then(
      (loaded) => {
        if (!loaded || this.living !== living) return;
        const again = this.journey.stayAt(loaded.url);
        if (again) go(again.map.map, loaded.url, again.map.files);
        else go(loaded.map, loaded.url, loaded.files);
      },
      (e: unknown) => stay(`leads to map ${ref.url}, which cannot be loaded: ${unstop(e)}`),
    );
  }

  /**
   * The player, on tile (x, y) at this map's edge, walks on in direction (dx, dy): into the neighbour map of the
   * Tiled world lying there, onto the tile matching the one beyond the edge. A neighbour loaded ahead is entered
   * at once (this scene gives way to that map's, its world kept as it was); one still loading is waited for, this
   * map on screen. False when nothing lies there or the tile there is not walkable (the edge is a wall).
   */
  private crossEdge(x: number, y: number, dx: number, dy: number): boolean {
    const visit = this.data_.visit;
    const living = this.living;
    if (!visit || !living) return false;
    const { tour, index } = visit;
    const ahead = tour.landing(index, x, y, dx, dy);
    if (!ahead) return false;
    const here = this.data_.map.name;
    const way = `The way ${compass(dx, dy)} from (${x}, ${y})`;
    const enter = (loaded: MapWithImages): boolean => {
      // Worked out again now the map is loaded: its own tile size decides the tile.
      const land = tour.landing(index, x, y, dx, dy);
      if (!land || !loaded.map.nav.isWalkable(land.x, land.y)) return false;
      this.crossing = true;
      const next: WorldData = {
        map: loaded.map,
        mapUrl: loaded.url,
        files: loaded.files,
        arrival: { x: land.x, y: land.y },
        entry: { x: land.x, y: land.y },
        params: this.data_.params,
        visit: { tour, index: land.map },
        journey: this.journey,
      };
      this.scene.start('World', next);
      return true;
    };
    const ready = tour.loaded(ahead.map);
    if (ready) return enter(ready);
    living.hud.mapName = `${here} → ${tour.nameOf(ahead.map)}…`;
    tour.load(this, ahead.map).then(
      (loaded) => {
        if (!loaded || this.living !== living) return;
        if (!enter(loaded))
          living.stay(
            `${way} leads onto a tile of map ${loaded.url} that is not walkable, so you stay on map ${here}.`,
          );
      },
      (e: unknown) => {
        if (this.living === living)
          living.stay(
            `${way} leads to a map that cannot be loaded (${unstop(e)}), so you stay on map ${here}.`,
          );
      },
    );
    return true;
  }

  private teardown() {
    if (this.crossing && this.data_.visit) this.data_.visit.tour.switchStartedAt = performance.now();
    this.crossing = false;
    pageHook.leaveMap();
    pageHook.removeState('world');
    pageHook.removeState('player');
    pageHook.removeState('enemies');
    // The player's hit points go on into the next map (or the same map restarted: full after the respawn).
    if (this.living) this.journey.left(this.living.world);
    this.scene.stop('Hud');
    this.living?.destroy();
    this.living = null;
    this.cameraRig.destroy();
    this.reloader?.destroy();
    this.reloader = null;
    this.tileObjects.destroy();
    this.mapView.destroy();
  }
}

/** The sentence for a world that could not be set up on a loaded map. */
function worldSentence(e: unknown, map: LoadedMap, params: PlayParams): string {
  const why = e instanceof Error ? e.message : String(e);
  if (/^[A-Z].*\.$/.test(why)) return why;
  if (e instanceof PopulateError && params.enemies !== undefined) {
    return `The enemies parameter asks for ${e.wanted} enemies, but map ${map.name} has room for ${e.room}.`;
  }
  return `Map ${map.name} cannot be played: ${why.replace(/\.$/, '')}.`;
}

/** The compass name of a direction (dx, dy), y growing downwards. */
function compass(dx: number, dy: number): string {
  return `${dy < 0 ? 'north' : dy > 0 ? 'south' : ''}${dx !== 0 && dy !== 0 ? '-' : ''}${dx < 0 ? 'west' : dx > 0 ? 'east' : ''}`;
}

/** An error's sentence without its closing full stop, to go inside another sentence. */
function unstop(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).replace(/\.$/, '');
}
