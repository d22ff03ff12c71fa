// Playing the built game in headless Chromium, as a player: real clicks and key presses at the places the page
// hook reports, the world read back through `window.__RPG__.state()`. Nothing here moves a character by hand.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type GameSession, openGame, ROOT, SCREENSHOTS, startSession, waitReady } from './harness.ts';
import { clickTile, largestJump, state, tilesWalked, waitForMap, waitRestarted, watch } from './player.ts';

let session: GameSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

describe('walking', () => {
  test('a click walks the player to the tile, one tile at a time', async () => {
    const { page, errors } = await openGame(session, '?map=town&enemies=0');
    await waitReady(page);
    const start = (await state(page)).player;
    expect(start).toMatchObject({ x: 10, y: 14, moving: false, hp: 100 });
    const goal = { x: 20, y: 25 };
    await clickTile(page, goal.x, goal.y);
    const seen = await watch(
      page,
      `s.player.x === ${goal.x} && s.player.y === ${goal.y} && !s.player.moving`,
      20_000,
    );
    const positions = seen.map((s) => s.player);
    const end = positions[positions.length - 1];
    expect(end).toMatchObject({ ...goal, moving: false });
    expect(largestJump([start, ...positions]), 'never a jump of more than one tile').toBe(1);
    const walked = tilesWalked([start, ...positions]);
    // Diagonal steps allowed: at least the Chebyshev distance in steps, every tile walkable.
    expect(walked.length - 1).toBeGreaterThanOrEqual(Math.max(goal.x - start.x, goal.y - start.y));
    for (const t of walked)
      expect(await page.evaluate(([x, y]) => window.__RPG__.walkable(x, y), [t.x, t.y])).toBe(true);
    // Moving takes time: 4 tiles per second, so no arrival in a handful of frames.
    expect(seen.filter((s) => s.player.moving).length).toBeGreaterThan(10);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a tap on a touch screen walks the player too', async () => {
    const page = await session.browser.newPage({ viewport: { width: 1280, height: 720 }, hasTouch: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${session.server.url}?map=town&enemies=0`);
    await waitReady(page);
    const at = await page.evaluate(() => window.__RPG__.tileToClient(14, 20));
    await page.touchscreen.tap(at.x, at.y);
    const seen = await watch(page, 's.player.x === 14 && s.player.y === 20 && !s.player.moving', 15_000);
    expect(seen[seen.length - 1].player).toMatchObject({ x: 14, y: 20, moving: false });
    expect(largestJump(seen.map((s) => s.player))).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('a click on a wall walks to the reachable tile nearest to it', async () => {
    const { page, errors } = await openGame(session, '?map=town&enemies=0');
    await waitReady(page);
    const wall = { x: 30, y: 7 }; // inside the big glass building
    expect(await page.evaluate(([x, y]) => window.__RPG__.walkable(x, y), [wall.x, wall.y])).toBe(false);
    // The nearest walkable tile to the click, by straight (octile) distance, found from the page's own map.
    const nearest = await page.evaluate(
      ([cx, cy]) => {
        const { width, height } = window.__RPG__.state().map!;
        let best = { x: -1, y: -1, d: Number.POSITIVE_INFINITY };
        for (let y = 0; y < height; y++)
          for (let x = 0; x < width; x++) {
            if (!window.__RPG__.walkable(x, y)) continue;
            const dx = Math.abs(x - cx);
            const dy = Math.abs(y - cy);
            const d = Math.max(dx, dy) + (Math.SQRT2 - 1) * Math.min(dx, dy);
            if (d < best.d - 1e-9) best = { x, y, d };
          }
        return best;
      },
      [wall.x, wall.y],
    );
    expect(nearest).toMatchObject({ x: 30, y: 3 }); // behind the building, under its roof
    await clickTile(page, wall.x, wall.y);
    const seen = await watch(
      page,
      `s.player.x === ${nearest.x} && s.player.y === ${nearest.y} && !s.player.moving`,
      25_000,
    );
    const end = seen[seen.length - 1].player;
    expect(end).toMatchObject({ x: nearest.x, y: nearest.y, moving: false });
    expect(largestJump(seen.map((s) => s.player))).toBeLessThanOrEqual(1);
    // And it stays there: the walk is over. (Under the roof of the building: the Above layer hides it.)
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(SCREENSHOTS, 'town-behind-roof.png') });
    expect((await state(page)).player).toMatchObject({ x: nearest.x, y: nearest.y, moving: false });
    expect(errors).toEqual([]);
    await page.close();
  });

  test('arrow keys and W A S step one tile each', async () => {
    const { page, errors } = await openGame(session, '?map=town&enemies=0');
    await waitReady(page);
    await page.mouse.move(5, 5);
    /** Presses a key and reads where the player stands once the step it started (if any) is over. */
    const step = async (key: string) => {
      await page.keyboard.press(key);
      await watch(page, 's.player.moving', 1_000);
      await watch(page, '!s.player.moving', 3_000);
      await page.waitForTimeout(100);
      const p = (await state(page)).player;
      return { x: p.x, y: p.y, moving: p.moving };
    };
    expect((await state(page)).player).toMatchObject({ x: 10, y: 14 });
    expect(await step('ArrowRight')).toEqual({ x: 11, y: 14, moving: false });
    expect(await step('s')).toEqual({ x: 11, y: 15, moving: false });
    expect(await step('a')).toEqual({ x: 10, y: 15, moving: false });
    expect(await step('ArrowUp')).toEqual({ x: 10, y: 14, moving: false });
    expect(await step('w')).toEqual({ x: 10, y: 13, moving: false });
    expect(await step('ArrowRight')).toEqual({ x: 11, y: 13, moving: false });
    expect(await step('ArrowDown')).toEqual({ x: 11, y: 14, moving: false });
    expect(await step('ArrowLeft')).toEqual({ x: 10, y: 14, moving: false });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('holding a key', () => {
  test('a held arrow key walks on, tile after tile, and stops when let go', async () => {
    const { page, errors } = await openGame(session, '?map=town&enemies=0');
    await waitReady(page);
    await page.mouse.move(5, 5);
    const start = (await state(page)).player;
    expect(start).toMatchObject({ x: 10, y: 14 });
    await page.keyboard.down('ArrowRight');
    await watch(page, `s.player.x >= ${start.x + 4}`, 5_000);
    await page.keyboard.up('ArrowRight');
    const seen = await watch(page, '!s.player.moving', 3_000);
    await page.waitForTimeout(400);
    const end = (await state(page)).player;
    expect(end.y).toBe(start.y);
    expect(end.x).toBeGreaterThanOrEqual(start.x + 4);
    expect(
      end.x - seen[0].player.x,
      'no more than the step under way and one queued after the key is let go',
    ).toBeLessThanOrEqual(2);
    expect(tilesWalked(seen.map((s) => s.player)).length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('enemies', () => {
  test('with ?enemies=4&aggro=200 they hunt down a standing player; at 0 hit points the game is over, and its button restarts', async () => {
    const { page, errors } = await openGame(session, '?map=town&enemies=4&aggro=200&seed=3');
    await waitReady(page);
    const first = await state(page);
    expect(first.enemies).toHaveLength(4);
    const home = { x: first.player.x, y: first.player.y };
    // Standing still, the player is found: enemies come next to it and attack, its hit points fall.
    const seen = await watch(
      page,
      's.enemies.some((e) => e.state === "attack" && Math.max(Math.abs(e.x - s.player.x), Math.abs(e.y - s.player.y)) <= 1) && s.player.hp < 100',
      30_000,
    );
    const hunted = seen[seen.length - 1];
    expect(hunted.player.hp).toBeLessThan(100);
    expect(hunted.player).toMatchObject(home);
    const attackers = hunted.enemies.filter((e) => e.state === 'attack');
    expect(attackers.length).toBeGreaterThan(0);
    for (const e of attackers) {
      expect(Math.max(Math.abs(e.x - home.x), Math.abs(e.y - home.y))).toBe(1);
    }
    expect(seen.some((s) => s.enemies.some((e) => e.state === 'chase'))).toBe(true);
    for (const e of first.enemies) {
      const track = seen.map((s) => s.enemies.find((x) => x.id === e.id)!);
      expect(largestJump(track), `enemy ${e.id} never jumps`).toBeLessThanOrEqual(1);
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'town-hunted.png') });

    const over = await watch(page, 's.player.defeated', 60_000);
    expect(over[over.length - 1].player.defeated).toBe(true);
    // The fall is seen on the way (hit points down to 0 or below), and the world has already put the player
    // back at its spawn with full hit points: the HUD says what the world has, not 0.
    await page.waitForTimeout(300);
    const behind = await state(page);
    expect(behind.player).toMatchObject({ ...home, hp: 100, defeated: true });
    expect(await page.evaluate(() => window.__RPG__.hud())).toMatchObject({
      hp: 'HP 100 / 100',
      gameOver: true,
    });
    // The hunters went home when the player fell: the HUD counts none chasing, as the world does.
    expect((await page.evaluate(() => window.__RPG__.hud()))?.chasing).toMatch(
      /^Chasing you: 0 of 4 enemies/,
    );
    // The world stands still behind the game-over panel.
    const tick = (await state(page)).tick;
    await page.waitForTimeout(300);
    expect((await state(page)).tick).toBe(tick);
    await page.screenshot({ path: join(SCREENSHOTS, 'town-game-over.png') });
    // The panel sits in the middle of the window, its button 50 px below the centre: click it like a player.
    await page.mouse.click(640, 360 + 50);
    await waitRestarted(page);
    const restarted = await state(page);
    expect(restarted.player).toMatchObject({ ...home, hp: 100, defeated: false });
    expect(restarted.tick).toBeLessThan(tick);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('fighting', () => {
  test('a click on an enemy walks up to it and strikes until it falls', async () => {
    // aggro 0: the enemy never notices the player, it only wanders; the player does the hunting.
    const { page, errors } = await openGame(session, '?map=town&enemies=1&aggro=0&seed=5');
    await waitReady(page);
    const foe = (await state(page)).enemies[0];
    // The town's first enemy is its slime: a slime's hit points, not the standard enemy's 60.
    expect(foe).toMatchObject({ kind: 'slime', hp: 45 });
    const full = foe.hp;
    await clickTile(page, foe.x, foe.y);
    const seen = await watch(page, `s.enemies[0].hp < ${full}`, 20_000);
    const struck = seen[seen.length - 1];
    expect(struck.enemies[0].hp).toBeLessThan(full);
    // It walked up to the enemy: on the tick the blow landed the two stood on neighbouring tiles. (The page is
    // looked at once a frame, and a frame may run several ticks: the wandering slime can have stepped on by the
    // first look that shows it hurt, so the hook's record of the strike is what is checked.)
    const hit = struck.lastHit!;
    expect(hit.foe).toBe(foe.id);
    expect(Math.max(Math.abs(hit.at.x - hit.player.x), Math.abs(hit.at.y - hit.player.y))).toBe(1);
    expect(hit.tick).toBeLessThanOrEqual(struck.tick);
    expect(largestJump(seen.map((s) => s.player))).toBeLessThanOrEqual(1);
    // It falls and leaves the map (30 s by default, fights.test.ts waits one out); the player stops attacking.
    const fell = await watch(page, 's.enemies[0].away', 20_000);
    const down = fell[fell.length - 1];
    expect(down.enemies[0]).toMatchObject({ hp: 0, away: true });
    await page.waitForTimeout(2000);
    const later = await state(page);
    expect(later.enemies[0]).toMatchObject({ hp: 0, away: true });
    expect(later.player).toMatchObject({ x: down.player.x, y: down.player.y, moving: false });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('exits', () => {
  test('the town door leads down into the dungeon, and its stairs back up to the town', async () => {
    const { page, errors } = await openGame(session, '?map=town&enemies=0');
    await waitReady(page);
    await clickTile(page, 8, 24); // the door of the house in the south-west
    await waitForMap(page, 'dungeon');
    const below = await state(page);
    expect(below.player).toMatchObject({ x: 5, y: 3 });
    expect(below.enemies).toHaveLength(0); // ?enemies=0 holds for every map of the visit
    await clickTile(page, 5, 2); // the stairs up
    await waitForMap(page, 'town');
    expect((await state(page)).player).toMatchObject({ x: 8, y: 25 });
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** The town with its stairs down leading to `target` instead of the dungeon, served beside the real maps. */
function townWithStairsTo(name: string, target: string, arrival?: { x: number; y: number }): string {
  const town = JSON.parse(readFileSync(join(ROOT, 'dist', 'maps', 'town.tmj'), 'utf8'));
  for (const layer of town.layers) {
    for (const o of layer.objects ?? []) {
      if (o.name !== 'stairs down') continue;
      for (const p of o.properties) {
        if (p.name === 'map') p.value = target;
        if (arrival && p.name === 'x') p.value = arrival.x;
        if (arrival && p.name === 'y') p.value = arrival.y;
      }
    }
  }
  const file = join(ROOT, 'dist', 'maps', `${name}.tmj`);
  writeFileSync(file, JSON.stringify(town));
  return file;
}

describe('exits that lead nowhere', () => {
  test.each([
    [
      'a missing map',
      'nowhere',
      undefined,
      // A bare name is NAME.tmj, else NAME.tmx (mapParam.ts): the sentence says neither is there.
      'The exit "stairs down" at (8, 24) leads to map maps/nowhere.tmj, which cannot be loaded: maps/nowhere.tmj: the map cannot be read (HTTP 404 Not Found), and there is no maps/nowhere.tmx either, so you stay on map town-lost-stairs.',
    ],
    [
      'an arrival on a wall',
      'dungeon',
      { x: 0, y: 0 },
      'The exit "stairs down" at (8, 24) leads to map maps/dungeon.tmj, where it cannot put you: Map dungeon: the exit that leads here sends the player to tile (0, 0), which is not a walkable tile of the map, so you stay on map town-lost-stairs.',
    ],
  ])(
    '%s: the player stays on the map it is on, and the HUD says which exit and why',
    async (_what, target, arrival, sentence) => {
      const file = townWithStairsTo('town-lost-stairs', target, arrival);
      try {
        const { page, errors } = await openGame(session, '?map=town-lost-stairs&enemies=0');
        await waitReady(page);
        await clickTile(page, 8, 24);
        await page.waitForFunction(() => (window.__RPG__.hud()?.notice ?? '').startsWith('The exit'), null, {
          timeout: 30_000,
        });
        const hud = (await page.evaluate(() => window.__RPG__.hud()))!;
        expect(hud.notice).toBe(sentence);
        const here = await state(page);
        expect(here.map?.name).toBe('town-lost-stairs');
        expect(here.error).toBeUndefined();
        expect(here.player).toMatchObject({ x: 8, y: 24 });
        expect(await page.evaluate(() => window.__RPG__.ready)).toBe(true);
        await page.screenshot({ path: join(SCREENSHOTS, `exit-nowhere-${target}.png`) });
        // The game goes on: the player walks away from the stairs.
        await clickTile(page, 8, 21);
        await watch(page, 's.player.y === 21 && !s.player.moving', 10_000);
        expect((await state(page)).player).toMatchObject({ x: 8, y: 21 });
        // The browser logs the failed request itself; nothing else goes wrong.
        expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
        await page.close();
      } finally {
        rmSync(file, { force: true });
      }
    },
  );
});

describe('bad parameters show one sentence instead of the game', () => {
  test.each([
    ['?enemies=lots', 'The enemies parameter must be a whole number from 0 to 20000, got "lots".'],
    ['?seed=1.5', 'The seed parameter must be a whole number (from -2147483648 to 4294967295), got "1.5".'],
    ['?aggro=-2', 'The aggro parameter must be a number of tiles ≥ 0, got "-2".'],
    ['?debug=maybe', 'The debug parameter must be 1 or 0, got "maybe".'],
    [
      '?map=dungeon&enemies=20000',
      /^The enemies parameter asks for 20000 enemies, but map dungeon has room for \d+\.$/,
    ],
  ])('%s', async (query, sentence) => {
    const { page, errors } = await openGame(session, query);
    await page.waitForSelector('#error:not([hidden])', { timeout: 30_000 });
    const text = (await page.textContent('#error')) ?? '';
    if (typeof sentence === 'string') expect(text).toBe(sentence);
    else expect(text).toMatch(sentence);
    expect(await page.evaluate(() => window.__RPG__.state().error)).toBe(text);
    expect(await page.evaluate(() => window.__RPG__.ready)).toBe(false);
    expect(errors.filter((e) => e.startsWith('page error'))).toEqual([]);
    await page.close();
  });
});
