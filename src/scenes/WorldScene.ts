// The World scene: draws the map, points the camera, and publishes the map on `window.__RPG__`. Drawing is
// delegated to view/MapView, the camera to view/CameraRig; characters, input and the HUD plug in beside them.
import Phaser from 'phaser';
import type { LoadedMap } from '../core/tiled/index.ts';
import { CameraRig } from '../view/CameraRig.ts';
import { MapView } from '../view/MapView.ts';
import { pageHook } from '../view/pageHook.ts';

export interface WorldData {
  map: LoadedMap;
  /** Where the map was loaded from: exits resolve their `map` property against it. */
  mapUrl: string;
  arrival?: { x: number; y: number };
}

export class WorldScene extends Phaser.Scene {
  private data_!: WorldData;
  private mapView!: MapView;
  private cameraRig!: CameraRig;
  private ticks = 0;

  constructor() {
    super('World');
  }

  init(data: WorldData) {
    this.data_ = data;
    this.ticks = 0;
  }

  create() {
    const { map, mapUrl, arrival } = this.data_;
    this.mapView = new MapView(this, map, mapUrl);
    this.cameraRig = new CameraRig(this, this.mapView.widthPx, this.mapView.heightPx);
    const start = arrival ??
      map.spawns.find((s) => s.type === 'player') ?? { x: map.width >> 1, y: map.height >> 1 };
    const centre = this.mapView.tileCentre(start.x, start.y);
    this.cameraRig.lookAt(centre.x, centre.y);

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
    // Ready once the map has actually been drawn, so whoever waits for it finds pixels on the canvas.
    this.game.events.once(Phaser.Core.Events.POST_RENDER, () => {
      if (this.scene.isActive()) pageHook.ready = true;
    });
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => {
      pageHook.leaveMap();
      this.cameraRig.destroy();
      this.mapView.destroy();
    });
  }

  override update() {
    this.ticks++;
    pageHook.setTick(this.ticks);
    this.cameraRig.update();
  }
}
