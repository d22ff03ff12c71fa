// A Tiled world in the built game (`?world=valley`, maps/valley.world): the visit starts on the first map, its
// neighbours load ahead, walking along a road over the map's edge enters the neighbour on the matching tile (the
// camera with it), and going back finds the first map's enemies as they were. Bad worlds: one sentence.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type GameSession, openGame, ROOT, SCREENSHOTS, startSession, waitReady } from './harness.ts';
import { clickTile, type EnemySeen, type StateSeen, state, watch } from './player.ts';

interface WorldSeen {
  name: string;
  map: string;
  index: number;
  loaded: string[];
  lastCrossMs: number;
}
type Seen = StateSeen & { world: WorldSeen };

const VALLEY = JSON.parse(readFileSync(join(ROOT, 'maps', 'valley.world'), 'utf8')) as {
  maps: { fileName: string; x: number; y: number; width: number; height: number }[];
};
const placed = (file: string) => VALLEY.maps.find((m) => m.fileName === file)!;

/** The tile of map `to` holding the centre of tile (x, y) of map `from` (32 px tiles in the valley). */
function matching(from: string, x: number, y: number, to: string) {
  const a = placed(from);
  const b = placed(to);
  return {
    x: Math.floor((a.x + (x + 0.5) * 32 - b.x) / 32),
    y: Math.floor((a.y + (y + 0.5) * 32 - b.y) / 32),
  };
}

const seen = (page: Page) => state(page) as Promise<Seen>;

/** Where the player's tile is drawn, and whether that is inside the part of the window showing the map. */
async function playerOnScreen(page: Page) {
  return page.evaluate(() => {
    const s = window.__RPG__.state() as unknown as { player: { x: number; y: number } };
    const at = window.__RPG__.tileToClient(s.player.x, s.player.y);
    const box = document.querySelector('canvas')!.getBoundingClientRect();
    return at.x > box.left && at.x < box.right && at.y > box.top && at.y < box.bottom;
  });
}

let session: GameSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

describe('?world=valley', () => {
  test('walking over the edge enters the neighbour on the matching tile; going back finds its enemies kept', async () => {
    // Enemies that never notice the player (aggro 0) but wander: they cannot corner it on the narrow road, and
    // they move, so a map that kept its world is told from one started afresh.
    const { page, errors } = await openGame(session, '?world=valley&aggro=0');
    await waitReady(page);
    const start = await seen(page);
    expect(start.map?.name).toBe('west');
    expect(start.world).toMatchObject({ name: 'valley', map: 'valley/west.tmj', index: 0 });
    expect(start.player).toMatchObject({ x: 8, y: 9 });
    // Both neighbours were loaded before the visit started: a crossing waits for nothing.
    expect([...start.world.loaded].sort()).toEqual([
      'valley/east.tmj',
      'valley/south.tmj',
      'valley/west.tmj',
    ]);
    expect(start.enemies.map((e) => e.kind).sort()).toEqual(['bat', 'skeleton', 'slime']);

    // The road's last tile on the east edge: the walk ends there heading east, so it goes on into the east map.
    const edge = { x: 23, y: 9 };
    await clickTile(page, edge.x, edge.y);
    const walk = (await watch(page, "s.map && s.map.name === 'east' && s.player", 30_000)) as Seen[];
    const lastWest = [...walk].reverse().find((s) => s.map?.name === 'west' && s.player)!;
    const arrived = walk[walk.length - 1];
    expect(arrived.map?.name).toBe('east');
    expect(lastWest.player).toMatchObject(edge);
    // East lies 4 tiles higher than west: west's row 9 is east's row 13, and the tile beyond the edge is column 0.
    const there = matching('valley/west.tmj', edge.x + 1, edge.y, 'valley/east.tmj');
    expect(there).toEqual({ x: 0, y: 13 });
    expect(arrived.player).toMatchObject(there);
    expect(arrived.world).toMatchObject({ map: 'valley/east.tmj', index: 1 });
    await waitReady(page);
    expect((await seen(page)).player).toMatchObject({ ...there, moving: false });
    // The camera came along: the player is on screen, on the east map, and the HUD names it.
    expect(await playerOnScreen(page)).toBe(true);
    expect((await page.evaluate(() => window.__RPG__.hud()))?.map).toMatch(/east/);
    await page.screenshot({ path: join(SCREENSHOTS, 'world-valley-east.png') });
    // The east map has its own enemies (its own kinds at its own spawns), not the west's.
    const eastEnemies = (await seen(page)).enemies;
    expect(eastEnemies).toHaveLength(3);
    expect(eastEnemies.some((e) => e.x === 13 && e.y === 5)).toBe(true);
    const crossMs = (await seen(page)).world.lastCrossMs;
    console.log(`valley: crossing west → east took ${crossMs.toFixed(1)} ms of work (scene switch)`);

    // Back west with the arrow key, from the edge tile it arrived on.
    await page.mouse.move(5, 5);
    await page.keyboard.press('ArrowLeft');
    const back = (await watch(page, "s.map && s.map.name === 'west' && s.player", 10_000)) as Seen[];
    const home = back[back.length - 1];
    expect(home.player).toMatchObject(edge);
    // The west map's world went on from where it was left: its clock did not start again, and every enemy is
    // the same one (id, kind, hit points) standing where it stood when the player left.
    expect(home.tick).toBeGreaterThanOrEqual(lastWest.tick);
    const byId = new Map(lastWest.enemies.map((e) => [e.id, e]));
    expect(home.enemies.map((e) => e.id).sort()).toEqual([...byId.keys()].sort());
    for (const e of home.enemies) {
      const before = byId.get(e.id) as EnemySeen;
      expect(e.kind).toBe(before.kind);
      expect(e.hp).toBe(before.hp);
      expect(Math.max(Math.abs(e.x - before.x), Math.abs(e.y - before.y))).toBeLessThanOrEqual(1);
    }
    await waitReady(page);
    expect(await playerOnScreen(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('south over the bottom edge, by the arrow key held on the road', async () => {
    const { page, errors } = await openGame(session, '?world=valley&enemies=0');
    await waitReady(page);
    await clickTile(page, 10, 16);
    await watch(page, 's.player.x === 10 && s.player.y === 16 && !s.player.moving', 20_000);
    expect((await seen(page)).map?.name).toBe('west');
    await page.mouse.move(5, 5);
    await page.keyboard.down('ArrowDown');
    const walk = (await watch(page, "s.map && s.map.name === 'south' && s.player", 10_000)) as Seen[];
    await page.keyboard.up('ArrowDown');
    const arrived = walk[walk.length - 1];
    expect(arrived.map?.name).toBe('south');
    expect(arrived.player).toMatchObject(matching('valley/west.tmj', 10, 18, 'valley/south.tmj'));
    expect(arrived.player).toMatchObject({ x: 10, y: 0 });
    await waitReady(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'world-valley-south.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a road that meets trees across the edge is a dead end: no crossing, by click or key', async () => {
    // The valley with the east map put 6 tiles lower: the west map's road now meets the east map's tree line.
    const shifted = JSON.stringify({
      type: 'world',
      maps: VALLEY.maps.map((m) => (m.fileName === 'valley/east.tmj' ? { ...m, y: 64 } : m)),
    });
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route('**/maps/shifted.world', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: shifted }),
    );
    await page.goto(`${session.server.url}?world=shifted&enemies=0`);
    await waitReady(page);
    await clickTile(page, 23, 9);
    await watch(page, 's.player.x === 23 && s.player.y === 9 && !s.player.moving', 20_000);
    await page.waitForTimeout(400);
    expect((await seen(page)).map?.name).toBe('west');
    await page.mouse.move(5, 5);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(600);
    const s = await seen(page);
    expect([s.map?.name, s.player.x, s.player.y]).toEqual(['west', 23, 9]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a bad world is one sentence, never a half-loaded game', () => {
  async function errorOf(query: string, files: Record<string, string> = {}): Promise<string> {
    const page = await session.browser.newPage({ viewport: { width: 800, height: 600 } });
    for (const [path, body] of Object.entries(files)) {
      await page.route(`**/${path}`, (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body }),
      );
    }
    await page.goto(session.server.url + query);
    await page.waitForFunction(() => window.__RPG__?.state().error !== undefined, null, { timeout: 30_000 });
    const s = await page.evaluate(() => ({
      error: window.__RPG__.state().error!,
      banner: document.getElementById('error')?.textContent,
      ready: window.__RPG__.ready,
      map: window.__RPG__.state().map,
    }));
    expect(s.banner).toBe(s.error);
    expect([s.ready, s.map]).toEqual([false, null]);
    expect(s.error).not.toMatch(/\n|\.\s+[A-Z]/);
    await page.close();
    return s.error;
  }

  test('a world that is not there, is not JSON, or whose map fails to load', async () => {
    expect(await errorOf('?world=nowhere')).toMatch(/^maps\/nowhere\.world: /);
    expect(await errorOf('?world=broken', { 'maps/broken.world': '{ "maps": [' })).toMatch(
      /^maps\/broken\.world: the world is not valid JSON/,
    );
    const lost = JSON.stringify({
      type: 'world',
      maps: [
        { fileName: 'valley/west.tmj', x: 0, y: 0, width: 768, height: 576 },
        { fileName: 'valley/lost.tmj', x: 768, y: 0, width: 640, height: 576 },
      ],
    });
    expect(await errorOf('?world=lost', { 'maps/lost.world': lost })).toMatch(/^maps\/valley\/lost\.tmj: /);
    const overlapping = JSON.stringify({
      type: 'world',
      maps: [
        { fileName: 'valley/west.tmj', x: 0, y: 0, width: 768, height: 576 },
        { fileName: 'valley/east.tmj', x: 700, y: 0, width: 640, height: 768 },
      ],
    });
    expect(await errorOf('?world=over', { 'maps/over.world': overlapping })).toMatch(
      /^maps\/over\.world: maps "valley\/west\.tmj" and "valley\/east\.tmj" overlap/,
    );
  });

  test('?world= with a bad name, or with ?map= too', async () => {
    expect(await errorOf('?world=my%20isle')).toMatch(/^The world parameter "my isle" is neither/);
    expect(await errorOf('?world=valley&map=town')).toMatch(
      /^The map and world parameters cannot be used together/,
    );
  });
});
