// Every map in maps/ loads in the built game in real headless Chromium: the right size, WebGL, no errors,
// pixels on the canvas. Screenshots land in test/screenshots/ for a human to look at.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type GameSession,
  openGame,
  ROOT,
  SCREENSHOTS,
  samplePixels,
  startSession,
  waitReady,
} from './harness.ts';

const BACKGROUND: [number, number, number] = [0x14, 0x12, 0x1a];

interface TmjSummary {
  width: number;
  height: number;
  tilewidth: number;
  tileheight: number;
  player: { x: number; y: number };
}

function readMap(name: string): TmjSummary {
  const json = JSON.parse(readFileSync(join(ROOT, 'maps', `${name}.tmj`), 'utf8'));
  const objects = json.layers.flatMap((l: { objects?: unknown[] }) => l.objects ?? []);
  const player = objects.find((o: { type?: string }) => o.type === 'player');
  return {
    width: json.width,
    height: json.height,
    tilewidth: json.tilewidth,
    tileheight: json.tileheight,
    player: { x: Math.floor(player.x / json.tilewidth), y: Math.floor(player.y / json.tileheight) },
  };
}

const MAPS = readdirSync(join(ROOT, 'maps'))
  .filter((f) => f.endsWith('.tmj') && !f.startsWith('_'))
  .map((f) => f.replace(/\.tmj$/, ''))
  .sort();

let session: GameSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

describe('every map in maps/ draws in the built game', () => {
  test('there are maps to check', () => {
    expect(MAPS).toEqual(expect.arrayContaining(['dungeon', 'field', 'town']));
  });

  test.each(MAPS)('%s', async (name) => {
    const expected = readMap(name);
    const { page, errors } = await openGame(session, `?map=${name}`);
    await waitReady(page);
    const state = await page.evaluate(() => window.__RPG__.state());
    expect(state.map).toEqual({
      name,
      width: expected.width,
      height: expected.height,
      tileWidth: expected.tilewidth,
      tileHeight: expected.tileheight,
    });
    expect(await page.evaluate(() => window.__RPG__.renderer)).toBe('webgl');

    const hook = await page.evaluate(
      ([x, y, w, h]) => ({
        spawnWalkable: window.__RPG__.walkable(x, y),
        offMap: window.__RPG__.walkable(-1, 0) || window.__RPG__.walkable(w, h - 1),
        spawnOnScreen: window.__RPG__.tileToClient(x, y),
      }),
      [expected.player.x, expected.player.y, expected.width, expected.height],
    );
    expect(hook.spawnWalkable).toBe(true);
    expect(hook.offMap).toBe(false);
    expect(hook.spawnOnScreen.x).toBeGreaterThan(0);
    expect(hook.spawnOnScreen.x).toBeLessThan(1280);
    expect(hook.spawnOnScreen.y).toBeGreaterThan(0);
    expect(hook.spawnOnScreen.y).toBeLessThan(720);

    const shot = await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
    const pixels = samplePixels(shot, BACKGROUND);
    expect(pixels.colours, 'a drawn map has many colours').toBeGreaterThanOrEqual(12);
    expect(pixels.background, 'most of the window shows the map').toBeLessThan(0.4);
    expect(errors).toEqual([]);
    await page.close();
  });
});
