// What the tileset images themselves tell, once they are loaded and before Phaser builds the tilemap from the
// normalized map: the size old maps leave out, and the colour key (Tiled's "transparent colour") that old
// tilesets use instead of an alpha channel.
import type Phaser from 'phaser';
import type { LoadedMap, NormalizedImageLayer, NormalizedMap } from '../core/tiled/index.ts';
import { tilesetTextureKey } from './assets.ts';

/**
 * Tilesets saved by Tiled before 0.15 give neither the image size nor the tile count, and Phaser's tilemap
 * parser needs the size to index the tiles: take it from the loaded texture.
 */
export function fillImageSizes(map: NormalizedMap, textures: Phaser.Textures.TextureManager): void {
  for (const t of map.tilesets) {
    if (!t.image || ((t.imagewidth ?? 0) > 0 && (t.imageheight ?? 0) > 0)) continue;
    const key = tilesetTextureKey(t.image);
    if (!textures.exists(key)) continue;
    const src = textures.get(key).getSourceImage();
    t.imagewidth = src.width;
    t.imageheight = src.height;
    const columns = Math.floor((src.width - 2 * t.margin + t.spacing) / (t.tilewidth + t.spacing));
    const rows = Math.floor((src.height - 2 * t.margin + t.spacing) / (t.tileheight + t.spacing));
    if (!(t.columns > 0)) t.columns = columns;
    if (!(t.tilecount > 0)) t.tilecount = columns * rows;
  }
}

/**
 * Tilesets with a transparent colour (`trans="ff00ff"` in TMX, `transparentcolor` in JSON): Tiled does not draw
 * pixels of that colour, so neither do we. The texture is redrawn once through a canvas with those pixels clear.
 */
export function applyTransparentColours(map: NormalizedMap, textures: Phaser.Textures.TextureManager): void {
  for (const t of map.tilesets) {
    const colour = /^#?([0-9a-f]{6})$/i.exec(t.transparentcolor ?? '');
    if (!t.image || !colour) continue;
    const key = tilesetTextureKey(t.image);
    const keyed = `${key}#keyed`;
    if (!textures.exists(key) || textures.exists(keyed)) continue;
    const src = textures.get(key).getSourceImage() as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = src.width;
    canvas.height = src.height;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) continue;
    ctx.drawImage(src, 0, 0);
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const rgb = Number.parseInt(colour[1], 16);
    const [r, g, b] = [(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255];
    const d = pixels.data;
    for (let i = 0; i < d.length; i += 4) if (d[i] === r && d[i + 1] === g && d[i + 2] === b) d[i + 3] = 0;
    ctx.putImageData(pixels, 0, 0);
    // Swap the keyed copy in under the tileset's own key; the marker key says it has been done.
    textures.remove(key);
    textures.addCanvas(key, canvas);
    textures.addCanvas(keyed, document.createElement('canvas'));
  }
}

/** Drops a tileset texture (and the note that it was colour-keyed), so a changed image loads afresh. */
export function forgetTexture(textures: Phaser.Textures.TextureManager, key: string): void {
  if (textures.exists(key)) textures.remove(key);
  if (textures.exists(`${key}#keyed`)) textures.remove(`${key}#keyed`);
}

/** Every image the map draws with, once each: tileset images, image-collection tiles, image layers. */
export function mapImageUrls(map: LoadedMap): string[] {
  const urls = new Set<string>();
  for (const image of map.tilesetImages) urls.add(image.url);
  for (const layer of map.normalized.layers) {
    if (layer.type === 'imagelayer' && (layer as NormalizedImageLayer).image)
      urls.add((layer as NormalizedImageLayer).image);
  }
  return [...urls];
}
