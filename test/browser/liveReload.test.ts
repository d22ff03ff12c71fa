// Live reload in `npm run dev`, as a map author lives it: the game runs on Vite's dev server (started here on a
// free port, not the built game the other browser tests use), a map file is saved, and the game redraws it with
// the player where it stood; a save that does not parse shows its sentence while the last good map plays on.
import { copyFileSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium } from '../../tools/lib/chromium.ts';
import { ROOT, SCREENSHOTS } from './harness.ts';

// A copy of the town under a name of its own (maps/_*.tmj are ignored by git and by the maps tests).
const NAME = '_live-reload-test';
const FILE = join(ROOT, 'maps', `${NAME}.tmj`);

type Json = { width: number; layers: { type: string; data?: number[] }[] };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

let server: ViteDevServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  copyFileSync(join(ROOT, 'maps', 'town.tmj'), FILE);
  const port = await freePort();
  server = await createServer({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'silent',
    server: { host: '127.0.0.1', port, strictPort: true },
  });
  await server.listen();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  await page.goto(`http://127.0.0.1:${port}/?map=${NAME}`);
  await page.waitForFunction(() => window.__RPG__?.ready === true, null, { timeout: 110_000 });
});

afterAll(async () => {
  rmSync(FILE, { force: true });
  await browser?.close();
  await server?.close();
});

const state = () => page.evaluate(() => window.__RPG__.state());
const walkable = (x: number, y: number) => page.evaluate(([x, y]) => window.__RPG__.walkable(x, y), [x, y]);
const notice = () =>
  page.evaluate(() => {
    const el = document.getElementById('notice');
    return el && !el.hidden ? el.textContent : null;
  });

/** Saves the map with nothing to stand on at each of `cells` (every tile layer emptied there). */
function saveWithHoles(cells: [number, number][]) {
  const map = JSON.parse(readFileSync(join(ROOT, 'maps', 'town.tmj'), 'utf8')) as Json;
  for (const layer of map.layers) {
    if (layer.type !== 'tilelayer' || !layer.data) continue;
    for (const [x, y] of cells) layer.data[y * map.width + x] = 0;
  }
  writeFileSync(FILE, JSON.stringify(map));
}

describe('npm run dev: saving a map redraws the game', () => {
  test('a saved change shows, the player keeps its tile and the camera its view', async () => {
    const { player, map } = (await state()) as unknown as {
      player: { x: number; y: number };
      map: { name: string };
    };
    expect(map.name).toBe(NAME);
    const onScreen = (x: number, y: number) =>
      page.evaluate(([x, y]) => window.__RPG__.tileToClient(x, y), [x, y]);
    const seen = await onScreen(player.x, player.y);
    const [tx, ty] = [player.x + 2, player.y];
    expect(await walkable(tx, ty)).toBe(true);
    const saved = Date.now();
    saveWithHoles([[tx, ty]]);
    await page.waitForFunction(([x, y]) => window.__RPG__.ready && !window.__RPG__.walkable(x, y), [tx, ty], {
      timeout: 10_000,
    });
    console.log(`live reload: the saved change was on screen ${Date.now() - saved} ms after the save`);
    const after = (await state()) as unknown as { player: { x: number; y: number } };
    expect([after.player.x, after.player.y]).toEqual([player.x, player.y]);
    const now = await onScreen(player.x, player.y);
    expect(Math.abs(now.x - seen.x) + Math.abs(now.y - seen.y)).toBeLessThan(2);
    await page.screenshot({ path: join(SCREENSHOTS, 'live-reload-hole.png') });
  });

  test("a save that takes away the player's tile puts it on the walkable tile nearest it", async () => {
    const { player } = (await state()) as unknown as { player: { x: number; y: number } };
    saveWithHoles([[player.x, player.y]]);
    await page.waitForFunction(
      ([x, y]) => window.__RPG__.ready && !window.__RPG__.walkable(x, y),
      [player.x, player.y],
      { timeout: 10_000 },
    );
    const after = (await state()) as unknown as { player: { x: number; y: number } };
    expect(Math.max(Math.abs(after.player.x - player.x), Math.abs(after.player.y - player.y))).toBe(1);
    expect(await walkable(after.player.x, after.player.y)).toBe(true);
  });

  test('saving the tileset image (or the tileset) redraws too', async () => {
    for (const file of ['assets/tilesets/tuxemon-32px.png', 'maps/tuxemon.tsj']) {
      const before = (await state()).tick;
      await page.waitForFunction((t) => window.__RPG__.state().tick > t + 5, before, { timeout: 10_000 });
      const now = new Date();
      utimesSync(join(ROOT, file), now, now);
      // A reload starts the world afresh: its tick count drops back.
      const ticking = (await state()).tick;
      await page.waitForFunction((t) => window.__RPG__.ready && window.__RPG__.state().tick < t, ticking, {
        timeout: 10_000,
      });
      expect((await state()).reloadError, file).toBeUndefined();
    }
  });

  test('a TSX tileset in maps/ is served as the XML it is (Vite alone would compile it as TypeScript)', async () => {
    const tsx = join(ROOT, 'maps', `${NAME}.tsx`);
    const xml = readFileSync(
      join(ROOT, 'test', 'fixtures', 'tiled', 'encodings', 'tilesets', 'tuxmon.tsx.xml'),
      'utf8',
    );
    writeFileSync(tsx, xml);
    try {
      const got = await page.evaluate(async (url) => {
        const r = await fetch(url);
        return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
      }, `maps/${NAME}.tsx`);
      expect([got.status, got.type, got.text]).toEqual([200, 'application/xml; charset=utf-8', xml]);
    } finally {
      rmSync(tsx, { force: true });
    }
  });

  test('a save that does not parse shows its sentence and the last good map plays on; the next good save clears it', async () => {
    const before = (await state()) as unknown as { tick: number; map: { name: string } };
    writeFileSync(FILE, '{ "type": "map", "width": ');
    await page.waitForFunction(() => window.__RPG__.state().reloadError !== undefined, null, {
      timeout: 10_000,
    });
    const sentence = (await state()).reloadError as string;
    expect(sentence).toMatch(new RegExp(`^maps/${NAME}\\.tmj: the map is not valid JSON \\(.*\\)\\.$`));
    expect(await notice()).toBe(sentence);
    await page.screenshot({ path: join(SCREENSHOTS, 'live-reload-broken-save.png') });
    // Still the same map, still running.
    await page.waitForFunction((t) => window.__RPG__.state().tick > t + 10, before.tick, { timeout: 10_000 });
    expect((await state()).map?.name).toBe(NAME);
    expect((await state()).error).toBeUndefined();

    saveWithHoles([]);
    await page.waitForFunction(() => window.__RPG__.state().reloadError === undefined, null, {
      timeout: 10_000,
    });
    expect(await notice()).toBeNull();
    expect(errors).toEqual([]);
  });
});
