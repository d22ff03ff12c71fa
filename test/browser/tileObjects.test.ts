// What Phaser's tile layers leave out is drawn all the same: tile objects (a sign placed from a template, flipped)
// and the tiles of an image-collection tileset, in a TMX map the page reads with the browser's DOMParser. The
// showcase fixture (test/fixtures/tiled/tmx) is served beside the built game and compared, region by region,
// with a copy that lacks exactly those things.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium } from '../../tools/lib/chromium.ts';
import { type StaticServer, serveStatic } from '../../tools/lib/staticServer.ts';
import { ROOT, SCREENSHOTS, waitReady } from './harness.ts';

let site: string;
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'rpg-site-'));
  cpSync(join(ROOT, 'dist'), site, { recursive: true });
  cpSync(join(ROOT, 'test', 'fixtures', 'tiled'), join(site, 'fixtures'), { recursive: true });
  // The same map without its tile objects and without the image-collection tile.
  const map = JSON.parse(readFileSync(join(site, 'fixtures', 'tmx', 'showcase.tmj'), 'utf8'));
  for (const layer of map.layers) {
    if (layer.name === 'Things')
      layer.objects = layer.objects.filter(
        (o: { gid?: number; template?: string }) => !o.gid && !o.template?.includes('sign'),
      );
    if (layer.name === 'Props') layer.data = layer.data.map(() => 0);
  }
  writeFileSync(join(site, 'fixtures', 'tmx', 'showcase-bare.tmj'), JSON.stringify(map));
  // The showcase cut off in its fourth line, as a save interrupted halfway would leave it.
  const tmx = readFileSync(join(site, 'fixtures', 'tmx', 'showcase.tmx'), 'utf8');
  writeFileSync(
    join(site, 'fixtures', 'tmx', 'cut.tmx'),
    tmx.slice(0, tmx.indexOf('\n', tmx.indexOf('\n') + 1) + 30),
  );
  server = await serveStatic(site);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (site) rmSync(site, { recursive: true, force: true });
});

interface Shot {
  png: PNG;
  /** Viewport pixels of a map pixel. */
  at(px: number, py: number): { x: number; y: number };
}

async function shoot(query: string, name: string): Promise<Shot> {
  const page: Page = await browser.newPage({ viewport: { width: 960, height: 720 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + query);
  await waitReady(page);
  // Two tile centres give the camera's scale and offset.
  const [a, b] = await page.evaluate(() => [
    window.__RPG__.tileToClient(0, 0),
    window.__RPG__.tileToClient(1, 1),
  ]);
  const buffer = await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  await page.close();
  expect(errors).toEqual([]);
  const scaleX = b.x - a.x;
  const scaleY = b.y - a.y;
  return {
    png: PNG.sync.read(buffer),
    at: (px, py) => ({ x: a.x + (px / 32 - 0.5) * scaleX, y: a.y + (py / 32 - 0.5) * scaleY }),
  };
}

/** Mean absolute difference per channel (0–255) between two shots over a box of map pixels. */
function difference(s: Shot, t: Shot, x0: number, y0: number, x1: number, y1: number): number {
  const p = s.at(x0, y0);
  const q = s.at(x1, y1);
  let sum = 0;
  let n = 0;
  for (let y = Math.ceil(p.y); y < Math.floor(q.y); y += 2) {
    for (let x = Math.ceil(p.x); x < Math.floor(q.x); x += 2) {
      const i = (y * s.png.width + x) * 4;
      for (let c = 0; c < 3; c++) sum += Math.abs(s.png.data[i + c] - t.png.data[i + c]);
      n += 3;
    }
  }
  return sum / n;
}

describe('tile objects and image-collection tiles are drawn', () => {
  test('in a TMX map: the flipped sign from a template, the image-collection tile; nothing else changes', async () => {
    const full = await shoot('?map=fixtures/tmx/showcase.tmx&enemies=0', 'showcase-tmx');
    const bare = await shoot('?map=fixtures/tmx/showcase-bare.tmj&enemies=0', 'showcase-bare');
    // The sign: a 32 × 32 tile object whose bottom-left is at (96, 224).
    expect(difference(full, bare, 96, 192, 128, 224)).toBeGreaterThan(20);
    // The image-collection tile in layer Props at cell (8, 5): a 47 × 21 picture (a grass diamond) standing on
    // the cell's bottom-left corner, so over (256, 171)–(303, 192); its middle is all grass.
    expect(difference(full, bare, 266, 176, 293, 188)).toBeGreaterThan(20);
    // Open ground away from both: the same pixels.
    expect(difference(full, bare, 160, 32, 224, 96)).toBeLessThan(1);
  });
});

describe("the page reads TMX with the browser's DOMParser", () => {
  test('XML cut short is one sentence naming the file and the line, instead of the game', async () => {
    const page = await browser.newPage({ viewport: { width: 960, height: 720 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}?map=fixtures/tmx/cut.tmx`);
    await page.waitForFunction(() => window.__RPG__?.state().error !== undefined, null, { timeout: 60_000 });
    const error = await page.evaluate(() => window.__RPG__.state().error);
    expect(error).toMatch(
      /^fixtures\/tmx\/cut\.tmx: this TMX map is not well-formed XML \(.+, on line 4\)\.$/,
    );
    expect(error).not.toMatch(/page contains|rendering/i);
    console.log(`a cut TMX map in Chromium: ${error}`);
    expect(await page.evaluate(() => document.getElementById('error')?.textContent)).toBe(error);
    expect(errors).toEqual([]);
    await page.close();
  });
});
