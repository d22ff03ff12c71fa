// Draws what Phaser's tilemap layers leave out: tile objects (trees, props and signs placed as objects, with their
// size, rotation and flips), the tiles of image-collection tilesets (one image per tile, any size) wherever a
// tile layer uses them, and image layers. Each sits at its layer's depth, in the same band as MapView's tile layers (over the
// characters for `Above` layers), so the map's layer stack reads as it does in Tiled.
import type Phaser from 'phaser';
import type {
  LoadedMap,
  NormalizedImageLayer,
  NormalizedObjectLayer,
  NormalizedTileLayer,
  NormalizedTileset,
  TiledObjectCurrent,
} from '../core/tiled/index.ts';
import { FLIP_D, FLIP_H, FLIP_V, GID_MASK } from '../core/tiled/index.ts';
import { tilesetTextureKey } from './assets.ts';
import { DEPTH } from './depths.ts';

/** Where one tile's picture is: a texture, and for tileset atlases the frame within it. */
interface TilePicture {
  texture: string;
  frame: string | undefined;
  width: number;
  height: number;
  offsetX: number;
  offsetY: number;
}

export class TileObjects {
  readonly images: (Phaser.GameObjects.Image | Phaser.GameObjects.TileSprite)[] = [];
  private readonly tilesets: NormalizedTileset[];

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly map: LoadedMap,
  ) {
    this.tilesets = [...map.normalized.tilesets].sort((a, b) => a.firstgid - b.firstgid);
    const collections = this.tilesets.filter((t) => !t.image);
    for (const info of map.layers) {
      if (!info.visible) continue;
      const layer = map.normalized.layers[info.index];
      const depth = (info.above ? DEPTH.above : DEPTH.ground) + info.index;
      if (layer.type === 'objectgroup') this.drawObjects(layer as NormalizedObjectLayer, depth);
      else if (layer.type === 'imagelayer') this.drawImageLayer(layer as NormalizedImageLayer, depth);
      else if (layer.type === 'tilelayer' && collections.length > 0)
        this.drawCollectionTiles(layer as NormalizedTileLayer, depth);
    }
  }

  /** Tile objects, in the layer's draw order (`topdown`: by y; `index`: as listed), bottom-left anchored. */
  private drawObjects(layer: NormalizedObjectLayer, depth: number) {
    const objects = layer.objects.filter(
      (o) => typeof o.gid === 'number' && o.gid !== 0 && o.visible !== false,
    );
    if (layer.draworder !== 'index') objects.sort((a, b) => (a.y ?? 0) - (b.y ?? 0));
    objects.forEach((o, k) => {
      const picture = this.picture(o.gid as number);
      if (!picture) return;
      const image = this.place(o, picture, layer);
      // Later objects of one layer over earlier ones, all within the layer's own depth step.
      image.setDepth(depth + (0.5 * (k + 1)) / (objects.length + 1));
    });
  }

  private place(
    o: TiledObjectCurrent,
    p: TilePicture,
    layer: NormalizedObjectLayer,
  ): Phaser.GameObjects.Image {
    const gid = o.gid as number;
    const image = this.scene.add
      .image(
        (o.x ?? 0) + (layer.offsetx ?? 0) + p.offsetX,
        (o.y ?? 0) + (layer.offsety ?? 0) + p.offsetY,
        p.texture,
        p.frame,
      )
      .setOrigin(0, 1)
      .setDisplaySize(o.width || p.width, o.height || p.height)
      .setAngle(o.rotation ?? 0)
      .setFlip((gid & FLIP_H) !== 0, (gid & FLIP_V) !== 0)
      .setAlpha(layer.opacity ?? 1);
    this.images.push(image);
    return image;
  }

  /**
   * An image layer: its picture at the layer's offset, repeated across the map where the layer says so
   * (backgrounds and skies; drawn flat, the camera's parallax is not modelled).
   */
  private drawImageLayer(layer: NormalizedImageLayer, depth: number) {
    const key = layer.image ? tilesetTextureKey(layer.image) : '';
    if (!key || !this.scene.textures.exists(key)) return;
    const src = this.scene.textures.get(key).getSourceImage();
    const x = layer.offsetx ?? 0;
    const y = layer.offsety ?? 0;
    const repeat = layer as { repeatx?: boolean; repeaty?: boolean };
    const w = repeat.repeatx ? this.map.width * this.map.tileWidth - x : src.width;
    const h = repeat.repeaty ? this.map.height * this.map.tileHeight - y : src.height;
    const image =
      repeat.repeatx || repeat.repeaty
        ? this.scene.add.tileSprite(x, y, Math.max(1, w), Math.max(1, h), key)
        : this.scene.add.image(x, y, key);
    image
      .setOrigin(0, 0)
      .setAlpha(layer.opacity ?? 1)
      .setDepth(depth);
    this.images.push(image);
  }

  /** Cells of a tile layer whose tile comes from an image collection: drawn at the cell's bottom-left. */
  private drawCollectionTiles(layer: NormalizedTileLayer, depth: number) {
    const { width } = this.map;
    const { tileWidth, tileHeight } = this.map;
    const data = layer.data;
    let lastGid = -1;
    let picture: TilePicture | undefined;
    for (let i = 0; i < data.length; i++) {
      const raw = data[i];
      const gid = raw & GID_MASK;
      if (gid === 0) continue;
      if (gid !== lastGid) {
        lastGid = gid;
        const ts = this.tilesetOf(gid);
        picture = ts && !ts.image ? this.picture(raw) : undefined;
      }
      if (!picture) continue;
      const x = (i % width) * tileWidth + (layer.offsetx ?? 0) + picture.offsetX;
      const y = (Math.floor(i / width) + 1) * tileHeight + (layer.offsety ?? 0) + picture.offsetY;
      const image = this.scene.add.image(x, y, picture.texture, picture.frame).setAlpha(layer.opacity ?? 1);
      orient(image, raw, picture);
      image.setDepth(depth + 0.5 * (i / data.length));
      this.images.push(image);
    }
  }

  private tilesetOf(gid: number): NormalizedTileset | undefined {
    let found: NormalizedTileset | undefined;
    for (const t of this.tilesets) {
      if (t.firstgid <= gid) found = t;
      else break;
    }
    return found;
  }

  /** The picture of a gid (flags ignored), adding the tile's frame to its tileset texture on first use. */
  private picture(rawGid: number): TilePicture | undefined {
    const gid = rawGid & GID_MASK;
    const ts = this.tilesetOf(gid);
    if (!ts) return undefined;
    const id = gid - ts.firstgid;
    const offsetX = ts.tileoffset?.x ?? 0;
    const offsetY = ts.tileoffset?.y ?? 0;
    const textures = this.scene.textures;
    if (!ts.image) {
      const tile = ts.tiles?.find((t) => t.id === id);
      if (!tile?.image) return undefined;
      const key = tilesetTextureKey(tile.image);
      if (!textures.exists(key)) return undefined;
      const src = textures.get(key).getSourceImage();
      return { texture: key, frame: undefined, width: src.width, height: src.height, offsetX, offsetY };
    }
    const key = tilesetTextureKey(ts.image);
    if (!textures.exists(key)) return undefined;
    const texture = textures.get(key);
    const frame = `tile:${id}`;
    if (!texture.has(frame)) {
      const columns = ts.columns > 0 ? ts.columns : texture.getSourceImage().width / ts.tilewidth;
      const col = id % columns;
      const row = Math.floor(id / columns);
      const x = ts.margin + col * (ts.tilewidth + ts.spacing);
      const y = ts.margin + row * (ts.tileheight + ts.spacing);
      const src = texture.getSourceImage();
      if (x + ts.tilewidth > src.width || y + ts.tileheight > src.height) return undefined;
      texture.add(frame, 0, x, y, ts.tilewidth, ts.tileheight);
    }
    return { texture: key, frame, width: ts.tilewidth, height: ts.tileheight, offsetX, offsetY };
  }

  destroy() {
    for (const image of this.images) image.destroy();
    this.images.length = 0;
  }
}

/**
 * A tile layer's flips: horizontal and vertical mirror the tile in its cell; the anti-diagonal flag (Tiled's
 * 90° rotations) swaps the axes, drawn as a quarter turn plus a mirror, about the tile's centre.
 */
function orient(image: Phaser.GameObjects.Image, raw: number, p: TilePicture) {
  const h = (raw & FLIP_H) !== 0;
  const v = (raw & FLIP_V) !== 0;
  if ((raw & FLIP_D) === 0) {
    image.setOrigin(0, 1).setFlip(h, v);
    return;
  }
  // Tiled transposes first, then mirrors. A transpose is a quarter turn of the image mirrored top to bottom, and a
  // mirror after a quarter turn is the other mirror before it: flip x by v, y by not h, then turn.
  image.setOrigin(0.5, 0.5);
  image.setPosition(image.x + p.height / 2, image.y - p.width / 2);
  image.setAngle(90).setFlip(v, !h);
}
