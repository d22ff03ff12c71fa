// Writes maps and tilesets the way the Tiled editor (1.10) saves them, so every file the map scripts make
// opens in Tiled as it is and can be edited there by hand afterwards.
import { writeFileSync } from 'node:fs';
import { zlibSync } from 'fflate';

export const TILED_VERSION = '1.10.2';
export const FORMAT_VERSION = '1.10';

export type PropertyValue = string | number | boolean;
export interface TiledProperty {
  name: string;
  type: 'string' | 'int' | 'float' | 'bool';
  value: PropertyValue;
}

/** A property list in Tiled's order (sorted by name), typed the way Tiled infers it from the value. */
export function properties(values: Record<string, PropertyValue>): TiledProperty[] {
  return Object.keys(values)
    .sort()
    .map((name) => {
      const value = values[name];
      const type =
        typeof value === 'boolean'
          ? 'bool'
          : typeof value === 'string'
            ? 'string'
            : Number.isInteger(value)
              ? 'int'
              : 'float';
      return { name, type, value };
    });
}

export interface TiledObject {
  id: number;
  name: string;
  /** Tiled 1.10 writes an object's class under `type` again (1.9 briefly wrote `class`). */
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: 0;
  visible: true;
  point?: true;
  properties?: TiledProperty[];
}

/** Collects layers and hands out the ids Tiled keeps in `nextlayerid` and `nextobjectid`. */
export class MapBuilder {
  private readonly layers: object[] = [];
  private nextLayerId = 1;
  private nextObjectId = 1;
  private readonly objects: TiledObject[] = [];

  constructor(
    readonly width: number,
    readonly height: number,
    readonly tileSize: number,
    private readonly tilesets: { firstgid: number; source: string }[],
  ) {}

  /** A tile layer from global tile ids (0 = empty), row-major. `zlib` stores it as Tiled's base64 + zlib. */
  tileLayer(
    name: string,
    gids: Uint32Array,
    options: { zlib?: boolean; props?: Record<string, PropertyValue> } = {},
  ) {
    if (gids.length !== this.width * this.height) throw new Error(`layer ${name} has the wrong size`);
    const layer: Record<string, unknown> = {
      id: this.nextLayerId++,
      name,
      opacity: 1,
      type: 'tilelayer',
      visible: true,
      width: this.width,
      height: this.height,
      x: 0,
      y: 0,
    };
    if (options.zlib) {
      const bytes = new Uint8Array(gids.length * 4);
      const view = new DataView(bytes.buffer);
      for (let i = 0; i < gids.length; i++) view.setUint32(i * 4, gids[i], true);
      layer.compression = 'zlib';
      layer.encoding = 'base64';
      layer.data = Buffer.from(zlibSync(bytes, { level: 9 })).toString('base64');
    } else {
      layer.data = Array.from(gids);
    }
    if (options.props) layer.properties = properties(options.props);
    this.layers.push(layer);
  }

  /** A point object at the centre of a tile: where characters stand. */
  point(type: string, name: string, tx: number, ty: number, props?: Record<string, PropertyValue>) {
    const t = this.tileSize;
    this.objects.push(this.object(type, name, tx * t + t / 2, ty * t + t / 2, 0, 0, props, true));
  }

  /** A rectangle object covering whole tiles: exits and areas. */
  rect(
    type: string,
    name: string,
    tx: number,
    ty: number,
    tw: number,
    th: number,
    props?: Record<string, PropertyValue>,
  ) {
    const t = this.tileSize;
    this.objects.push(this.object(type, name, tx * t, ty * t, tw * t, th * t, props, false));
  }

  /** Puts every object made so far into one object layer (called once, after the tile layers). */
  objectLayer(name: string) {
    this.layers.push({
      draworder: 'topdown',
      id: this.nextLayerId++,
      name,
      objects: this.objects.splice(0),
      opacity: 1,
      type: 'objectgroup',
      visible: true,
      x: 0,
      y: 0,
    });
  }

  toJson(props?: Record<string, PropertyValue>): object {
    return {
      compressionlevel: -1,
      height: this.height,
      infinite: false,
      layers: this.layers,
      nextlayerid: this.nextLayerId,
      nextobjectid: this.nextObjectId,
      orientation: 'orthogonal',
      ...(props ? { properties: properties(props) } : {}),
      renderorder: 'right-down',
      tiledversion: TILED_VERSION,
      tileheight: this.tileSize,
      tilesets: this.tilesets,
      tilewidth: this.tileSize,
      type: 'map',
      version: FORMAT_VERSION,
      width: this.width,
    };
  }

  private object(
    type: string,
    name: string,
    x: number,
    y: number,
    width: number,
    height: number,
    props: Record<string, PropertyValue> | undefined,
    point: boolean,
  ): TiledObject {
    const o: TiledObject = {
      height,
      id: this.nextObjectId++,
      name,
      rotation: 0,
      type,
      visible: true,
      width,
      x,
      y,
    };
    if (point) o.point = true;
    if (props) o.properties = properties(props);
    return o;
  }
}

export interface TilesetSpec {
  name: string;
  image: string;
  imageWidth: number;
  imageHeight: number;
  tileSize: number;
  margin: number;
  spacing: number;
  columns: number;
  tileCount: number;
  /** Per tile id (0-based), its custom properties. */
  tileProps: Map<number, Record<string, PropertyValue>>;
}

export function tilesetJson(s: TilesetSpec): object {
  const tiles = [...s.tileProps.keys()]
    .sort((a, b) => a - b)
    .map((id) => ({ id, properties: properties(s.tileProps.get(id)!) }));
  return {
    columns: s.columns,
    image: s.image,
    imageheight: s.imageHeight,
    imagewidth: s.imageWidth,
    margin: s.margin,
    name: s.name,
    spacing: s.spacing,
    tilecount: s.tileCount,
    tiledversion: TILED_VERSION,
    tileheight: s.tileSize,
    tiles,
    tilewidth: s.tileSize,
    type: 'tileset',
    version: FORMAT_VERSION,
  };
}

/** Tiled's own layout: one-space indent, but a CSV layer's data one map row per line so diffs stay readable. */
export function writeTiledFile(path: string, json: object, rowLength = 0) {
  const rows: string[] = [];
  const text = JSON.stringify(
    json,
    (key, value) => {
      if (key === 'data' && Array.isArray(value) && rowLength > 0) {
        const lines: string[] = [];
        for (let i = 0; i < value.length; i += rowLength) lines.push(value.slice(i, i + rowLength).join(','));
        rows.push(`[\n  ${lines.join(',\n  ')}]`);
        return `@@DATA${rows.length - 1}@@`;
      }
      return value;
    },
    1,
  ).replace(/"@@DATA(\d+)@@"/g, (_, i) => rows[Number(i)]);
  writeFileSync(path, `${text}\n`);
}
