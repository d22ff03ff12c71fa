import type { ReadText } from '../../../src/core/tiled/types.ts';

/** A ReadText over in-memory files, for building maps inside tests; a missing file fails like fs would. */
export function memoryReader(files: Record<string, string | object>): ReadText {
  return async (url) => {
    const f = files[url];
    if (f === undefined) throw new Error('no such file');
    return typeof f === 'string' ? f : JSON.stringify(f);
  };
}

/** A small valid orthogonal map: `rows` of tile ids (0 empty), one embedded tileset of 8 tiles, CSV data. */
export function tinyMap(rows: number[][], extra: Record<string, unknown> = {}): Record<string, unknown> {
  const height = rows.length;
  const width = rows[0].length;
  return {
    type: 'map',
    version: '1.10',
    tiledversion: '1.10.2',
    orientation: 'orthogonal',
    renderorder: 'right-down',
    infinite: false,
    width,
    height,
    tilewidth: 16,
    tileheight: 16,
    nextlayerid: 2,
    nextobjectid: 1,
    layers: [
      {
        id: 1,
        name: 'Ground',
        type: 'tilelayer',
        x: 0,
        y: 0,
        width,
        height,
        opacity: 1,
        visible: true,
        data: rows.flat(),
      },
    ],
    tilesets: [
      {
        firstgid: 1,
        name: 'tiny',
        image: 'tiny.png',
        imagewidth: 128,
        imageheight: 16,
        tilewidth: 16,
        tileheight: 16,
        tilecount: 8,
        columns: 8,
        margin: 0,
        spacing: 0,
        tiles: [{ id: 1, properties: [{ name: 'collides', type: 'bool', value: true }] }],
      },
    ],
    ...extra,
  };
}

/** The grid as rows of `.` walkable and `#` blocked. */
export function gridRows(nav: { width: number; height: number; walkable: Uint8Array }): string[] {
  const rows: string[] = [];
  for (let y = 0; y < nav.height; y++) {
    let row = '';
    for (let x = 0; x < nav.width; x++) row += nav.walkable[y * nav.width + x] ? '.' : '#';
    rows.push(row);
  }
  return rows;
}
