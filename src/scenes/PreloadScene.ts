// Loads the first map of the visit and everything it draws with (view/mapLoading.ts), behind a progress bar.
// With `?world=`, the Tiled world's file and the maps around where the visit starts. Any failure becomes one
// sentence on the page. (An exit loads its map from the World scene, which stays up.)
import Phaser from 'phaser';
import { clearError, showError } from '../view/errorBanner.ts';
import { loadMapWithImages } from '../view/mapLoading.ts';
import type { MapRef } from '../view/mapParam.ts';
import { ProgressBar } from '../view/ProgressBar.ts';
import { pageHook } from '../view/pageHook.ts';
import type { PlayParams } from '../view/urlParams.ts';
import { WorldVisit } from '../view/WorldVisit.ts';
import type { WorldRef } from '../view/worldParam.ts';
import type { WorldData } from './WorldScene.ts';

export interface PreloadData {
  map: MapRef;
  /** `?world=`: a Tiled world, started on its first map (then `map` is not used). */
  world?: WorldRef;
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
    if (data.world) {
      this.openWorld(data.world, data.params);
      return;
    }
    this.bar.show(0, `Reading ${data.map.url}…`);
    loadMapWithImages(this, data.map, {
      onProgress: (share, map) => this.bar.show(share, `Loading ${map.name}…`),
    }).then(
      (loaded) => {
        if (!loaded) return;
        const { map, url, files } = loaded;
        const { arrival, params } = data;
        const world: WorldData = { map, mapUrl: url, files, arrival, entry: arrival, params };
        this.scene.start('World', world);
      },
      (e: unknown) => this.fail(e),
    );
  }

  /** A Tiled world: its file, its first map (where the visit starts, on that map's player spawn) and the maps
   * touching it. Any of them failing stops here with its sentence. */
  private openWorld(ref: WorldRef, params: PlayParams) {
    this.bar.show(0, `Reading ${ref.url}…`);
    WorldVisit.open(this, ref, params, (share, name) => this.bar.show(share, `Loading ${name}…`)).then(
      (tour) => {
        const first = tour?.loaded(0);
        if (!tour || !first) return;
        const world: WorldData = {
          map: first.map,
          mapUrl: first.url,
          files: first.files,
          params,
          visit: { tour, index: 0 },
        };
        this.scene.start('World', world);
      },
      (e: unknown) => this.fail(e),
    );
  }

  private fail(e: unknown) {
    this.bar?.hide();
    showError(e instanceof Error ? e.message : String(e));
  }
}
