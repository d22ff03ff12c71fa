import { describe, expect, test } from 'vitest';
import { CHUNK_TILES, type ChunkRect, chunksFor, inRect } from '../../src/view/chunkRange.ts';

const T = 32;
const out = (): ChunkRect => ({ x0: 0, y0: 0, x1: -1, y1: -1 });

describe('the chunks a view needs', () => {
  test('a view inside one chunk needs that chunk alone', () => {
    const r = chunksFor(T * 2, T * 2, T * 10, T * 10, T, T, 0, 0, 0, 8, 8, out());
    expect(r).toEqual({ x0: 0, y0: 0, x1: 0, y1: 0 });
  });

  test('a view across a chunk border needs the chunks on both sides', () => {
    const edge = CHUNK_TILES * T;
    const r = chunksFor(edge - T * 5, edge - T, T * 10, T * 3, T, T, 0, 0, 0, 8, 8, out());
    expect(r).toEqual({ x0: 0, y0: 0, x1: 1, y1: 1 });
  });

  test('the margin reaches into the next chunk; the map edges clip it', () => {
    const edge = CHUNK_TILES * T;
    const r = chunksFor(edge - T * 10, 0, T * 8, T * 8, T, T, 0, 0, 3, 4, 4, out());
    expect(r).toEqual({ x0: 0, y0: 0, x1: 1, y1: 0 });
    const big = chunksFor(-1e6, -1e6, 2e6, 2e6, T, T, 0, 0, 0, 4, 3, out());
    expect(big).toEqual({ x0: 0, y0: 0, x1: 3, y1: 2 });
  });

  test("a layer's offset shifts which of its chunks show", () => {
    const edge = CHUNK_TILES * T;
    // The view's left edge is just inside chunk 1 of the map, but the layer is drawn 64 px to the right.
    const r = chunksFor(edge + T, 0, T * 4, T * 4, T, T, 2 * T, 0, 0, 4, 4, out());
    expect(r.x0).toBe(0);
  });

  test('a view entirely off the map needs no chunk', () => {
    const r = chunksFor(-T * 100, -T * 100, T * 10, T * 10, T, T, 0, 0, 0, 4, 4, out());
    expect(r.x1 < r.x0 || r.y1 < r.y0).toBe(true);
    expect(inRect(r, 0, 0)).toBe(false);
  });
});
