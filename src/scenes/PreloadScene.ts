// Loads the first map of the visit and everything it draws with (view/mapLoading.ts), behind a progress bar.
// Any failure becomes one sentence on the page. (An exit loads its map from the World scene, which stays up.)
import Phaser from 'phaser';
import { clearError, showError } from '../view/errorBanner.ts';
import { loadMapWithImages } from '../view/mapLoading.ts';
import type { MapRef } from '../view/mapParam.ts';
import { ProgressBar } from '../view/ProgressBar.ts';
import { pageHook } from '../view/pageHook.ts';
import type { PlayParams } from '../view/urlParams.ts';
import type { WorldData } from './WorldScene.ts';

export interface PreloadData {
  map: MapRef;
  /** The page's play parameters (seed, enemies, aggro, debug): they hold for every map of the visit. */
  params: PlayParams;
  /** Arrival tile in the new map (from an exit's `x`, `y`), instead of its player spawn. */
  arrival?: { x: number; y: number };
}

export class PreloadScene extends Phaser.Scene {
  private bar!: ProgressBar;

  constructor() {
    super('Preload');
  }

  create(data: PreloadData) {
    pageHook.leaveMap();
    clearError();
    this.bar = new ProgressBar(this);
    this.bar.show(0, `Reading ${data.map.url}…`);
    loadMapWithImages(this, data.map, {
      onProgress: (share, map) => this.bar.show(share, `Loading ${map.name}…`),
    }).then(
      (loaded) => {
        if (!loaded) return;
        const { map, url, files } = loaded;
        const world: WorldData = { map, mapUrl: url, files, arrival: data.arrival, params: data.params };
        this.scene.start('World', world);
      },
      (e: unknown) => {
        this.bar?.hide();
        showError(e instanceof Error ? e.message : String(e));
      },
    );
  }
}
