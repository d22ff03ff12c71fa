// The World scene: draws the map (view/MapView), points the camera (view/CameraRig), brings the map to life
// (view/LivingWorld: the world simulation, its sprites, input, markers and debug view), runs the HUD scene over
// it, and publishes everything on `window.__RPG__`. Exits load the next map through Preload; a defeat offers a
// restart of this one. A world that cannot be set up (too many enemies for the map, an exit onto a wall) shows
// its one sentence like a map that fails to load.
import Phaser from 'phaser';
import type { Exit, LoadedMap } from '../core/tiled/index.ts';
import { CameraRig } from '../view/CameraRig.ts';
import { showError } from '../view/errorBanner.ts';
import { LivingWorld } from '../view/LivingWorld.ts';
import { MapReloader } from '../view/MapReloader.ts';
import { MapView } from '../view/MapView.ts';
import { resolveMapRef } from '../view/mapParam.ts';
import { pageHook } from '../view/pageHook.ts';
import { TileObjects } from '../view/TileObjects.ts';
import type { PlayParams } from '../view/urlParams.ts';
import type { PreloadData } from './PreloadScene.ts';

export interface WorldData {
  map: LoadedMap;
  /** Where the map was loaded from: exits resolve their `map` property against it. */
  mapUrl: string;
  /** The files the map was read from (map, tilesets, templates): live reload watches them. */
  files?: string[];
  arrival?: { x: number; y: number };
  params: PlayParams;
  /** The camera's zoom to keep (a live reload restarts the scene on the saved map). */
  zoom?: number;
}

export class WorldScene extends Phaser.Scene {
  private data_!: WorldData;
  private mapView!: MapView;
  private tileObjects!: TileObjects;
  private cameraRig!: CameraRig;
  private living: LivingWorld | null = null;
  private reloader: MapReloader | null = null;

  constructor() {
    super('World');
  }

  init(data: WorldData) {
    this.data_ = data;
    this.living = null;
  }

  create() {
    const { map, mapUrl } = this.data_;
    this.mapView = new MapView(this, map, mapUrl);
    this.tileObjects = new TileObjects(this, map);
    this.cameraRig = new CameraRig(this, this.mapView.widthPx, this.mapView.heightPx);
    const zoom = this.data_.zoom;
    if (zoom !== undefined && this.cameras.main.zoom !== zoom) this.cameraRig.setZoom(zoom);
    this.reloader = new MapReloader(this, {
      map,
      mapUrl,
      files: this.data_.files ?? [mapUrl],
      player: () => this.living?.playerState() ?? null,
      onReloaded: (next) => this.scene.restart({ ...this.data_, ...next, zoom: this.cameras.main.zoom }),
    });
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => this.teardown());

    let living: LivingWorld;
    try {
      living = new LivingWorld(this, {
        map,
        arrival: this.data_.arrival,
        params: this.data_.params,
        rig: this.cameraRig,
        onExit: (exit) => this.takeExit(exit),
        onRestart: () => this.scene.restart(this.data_),
      });
    } catch (e) {
      this.cameraRig.lookAt(this.mapView.widthPx / 2, this.mapView.heightPx / 2);
      showError(worldSentence(e, map, this.data_.params));
      return;
    }
    this.living = living;

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
    pageHook.setFrameStats(living.stats);
    pageHook.setTick(living.world.tick);

    this.scene.launch('Hud', { model: living.hud });
    this.scene.bringToTop('Hud');
    // Ready once the map and its characters have actually been drawn, so whoever waits finds them on screen.
    this.game.events.once(Phaser.Core.Events.POST_RENDER, () => {
      if (this.scene.isActive() && this.living === living) pageHook.ready = true;
    });
  }

  override update(time: number) {
    const living = this.living;
    if (!living) return;
    living.update(time);
    pageHook.setTick(living.world.tick);
    this.cameraRig.update();
  }

  private takeExit(exit: Exit) {
    let next: PreloadData;
    try {
      const arrival =
        exit.toX !== undefined && exit.toY !== undefined ? { x: exit.toX, y: exit.toY } : undefined;
      next = { map: resolveMapRef(exit.map, this.data_.mapUrl), arrival, params: this.data_.params };
    } catch {
      showError(
        `Exit "${exit.name}" of map ${this.data_.map.name} names map "${exit.map}", which is neither a map name nor a URL of a .tmj, .tmx or .json file.`,
      );
      return;
    }
    this.scene.start('Preload', next);
  }

  private teardown() {
    pageHook.leaveMap();
    pageHook.removeState('player');
    pageHook.removeState('enemies');
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
  const room = /room for (\d+) enemies/.exec(why);
  if (room && params.enemies !== undefined) {
    return `The enemies parameter asks for ${params.enemies} enemies, but map ${map.name} has room for ${room[1]}.`;
  }
  return `Map ${map.name} cannot be played: ${why.replace(/\.$/, '')}.`;
}
