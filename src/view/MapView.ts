// Draws a loaded Tiled map with Phaser's own tilemap: every visible tile layer, in the map's order, the ones
// marked `Above` in a band over the characters so roofs and treetops hide whoever walks behind them.
import type Phaser from 'phaser';
import type { LoadedMap } from '../core/tiled/index.ts';
import { tilemapKey, tilesetTextureKey } from './assets.ts';
import { DEPTH } from './depths.ts';

export class MapView {
  readonly tilemap: Phaser.Tilemaps.Tilemap;
  readonly layers: Phaser.Tilemaps.TilemapLayer[] = [];
  readonly widthPx: number;
  readonly heightPx: number;

  constructor(
    scene: Phaser.Scene,
    readonly map: LoadedMap,
    mapUrl: string,
  ) {
    this.tilemap = scene.make.tilemap({ key: tilemapKey(mapUrl) });
    this.widthPx = map.width * map.tileWidth;
    this.heightPx = map.height * map.tileHeight;

    const tilesets: Phaser.Tilemaps.Tileset[] = [];
    for (const image of map.tilesetImages) {
      // Image-collection tilesets (one image per tile) are a Tiled feature Phaser's tilemap cannot draw.
      if (image.tileId !== undefined) continue;
      const tileset = this.tilemap.addTilesetImage(image.name, tilesetTextureKey(image.url));
      if (tileset) tilesets.push(tileset);
    }

    for (const info of map.layers) {
      if (info.kind !== 'tile' || !info.visible) continue;
      const layer = this.tilemap.createLayer(info.name, tilesets);
      if (!layer) continue;
      layer.setDepth((info.above ? DEPTH.above : DEPTH.ground) + info.index);
      this.layers.push(layer as Phaser.Tilemaps.TilemapLayer);
    }
  }

  /** World pixels of a tile's centre. */
  tileCentre(x: number, y: number): { x: number; y: number } {
    return { x: (x + 0.5) * this.map.tileWidth, y: (y + 0.5) * this.map.tileHeight };
  }

  destroy() {
    for (const layer of this.layers) layer.destroy();
    this.tilemap.destroy();
  }
}
