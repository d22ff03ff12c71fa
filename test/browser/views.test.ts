// What each map looks like in play and in the debug view (screenshots in test/screenshots/ for a human to look
// at), and that the debug view shows what it promises where a player can see it: blocked cells tinted red.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type GameSession, openGame, SCREENSHOTS, startSession, waitReady } from './harness.ts';
import { clickTile, state, watch } from './player.ts';

let session: GameSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

/**
 * A blocked tile whose blocked neighbours around it are blocked too (so its centre pixel is the tint's), on
 * screen: where it is drawn (x, y) and which tile it is (tx, ty).
 */
async function blockedTileOnScreen(page: Page): Promise<{ x: number; y: number; tx: number; ty: number }> {
  return page.evaluate(() => {
    const rpg = window.__RPG__;
    const { width, height } = rpg.state().map!;
    const p = rpg.state().player as { x: number; y: number };
    let best: { x: number; y: number; tx: number; ty: number; d: number } | null = null;
    for (let y = 1; y < height - 1; y++)
      for (let x = 1; x < width - 1; x++) {
        let all = true;
        for (let dy = -1; dy <= 1 && all; dy++)
          for (let dx = -1; dx <= 1; dx++) if (rpg.walkable(x + dx, y + dy)) all = false;
        if (!all) continue;
        const c = rpg.tileToClient(x, y);
        if (c.x < 40 || c.y < 120 || c.x > innerWidth - 40 || c.y > innerHeight - 60) continue;
        const d = Math.abs(x - p.x) + Math.abs(y - p.y);
        if (!best || d < best.d) best = { x: c.x, y: c.y, tx: x, ty: y, d };
      }
    if (!best) throw new Error('no blocked tile on screen');
    return { x: Math.round(best.x), y: Math.round(best.y), tx: best.tx, ty: best.ty };
  });
}

/**
 * Where that tile is drawn now: the debug readout joins the HUD's top strip, which grows, and the map, drawn
 * only below it, moves down (and a small map shown whole shrinks a little).
 */
async function whereNow(page: Page, tile: { tx: number; ty: number }): Promise<{ x: number; y: number }> {
  const c = await page.evaluate(([x, y]) => window.__RPG__.tileToClient(x, y), [tile.tx, tile.ty]);
  return { x: Math.round(c.x), y: Math.round(c.y) };
}

function redness(png: Buffer, x: number, y: number): number {
  const img = PNG.sync.read(png);
  let sum = 0;
  let n = 0;
  for (let dy = -3; dy <= 3; dy++)
    for (let dx = -3; dx <= 3; dx++) {
      const i = ((y + dy) * img.width + (x + dx)) * 4;
      sum += img.data[i] - (img.data[i + 1] + img.data[i + 2]) / 2;
      n++;
    }
  return sum / n;
}

describe('each map, in play and in the debug view', () => {
  test.each(['town', 'dungeon', 'field'])('%s', async (name) => {
    const { page, errors } = await openGame(session, `?map=${name}&seed=2`);
    await waitReady(page);
    // Let the enemies stir, then point at a tile some way off so the path preview shows.
    await page.waitForTimeout(1200);
    const p = (await state(page)).player;
    const hover = await page.evaluate(
      ([x, y]) => {
        for (let r = 6; r < 20; r++)
          if (window.__RPG__.walkable(x + r, y + 2)) return window.__RPG__.tileToClient(x + r, y + 2);
        return window.__RPG__.tileToClient(x + 4, y);
      },
      [p.x, p.y],
    );
    await page.mouse.move(hover.x, hover.y);
    await page.waitForTimeout(400);
    const at = await blockedTileOnScreen(page);
    const plain = await page.screenshot({ path: join(SCREENSHOTS, `${name}-play.png`) });

    // D: the debug view; a click so the last search's expanded nodes show.
    await page.keyboard.press('KeyD');
    await page.mouse.click(hover.x, hover.y);
    await page.waitForTimeout(900);
    const debug = await page.screenshot({ path: join(SCREENSHOTS, `${name}-debug.png`) });
    const shown = await whereNow(page, at);
    expect(
      redness(debug, shown.x, shown.y) - redness(plain, at.x, at.y),
      'blocked cells are tinted red',
    ).toBeGreaterThan(25);

    // And off again.
    await page.keyboard.press('KeyD');
    await page.waitForTimeout(300);
    const again = await page.screenshot();
    expect(redness(again, at.x, at.y) - redness(plain, at.x, at.y)).toBeLessThan(10);
    expect(errors).toEqual([]);
    await page.close();
  });

  test('the D key shows the debug view and hides it again, and the player does not step', async () => {
    const { page, errors } = await openGame(session, '?map=town&enemies=0');
    await waitReady(page);
    await page.mouse.move(5, 5);
    const start = (await state(page)).player;
    const at = await blockedTileOnScreen(page);
    const plain = await page.screenshot();
    await page.keyboard.press('d');
    await page.waitForTimeout(400);
    const shown = await page.screenshot();
    const there = await whereNow(page, at);
    expect(
      redness(shown, there.x, there.y) - redness(plain, at.x, at.y),
      'D tints blocked cells red',
    ).toBeGreaterThan(25);
    expect((await state(page)).player, 'D is not a step').toMatchObject({
      x: start.x,
      y: start.y,
      moving: false,
    });
    await page.keyboard.press('d');
    await page.waitForTimeout(400);
    const hidden = await page.screenshot();
    expect(redness(hidden, at.x, at.y) - redness(plain, at.x, at.y), 'D again hides it').toBeLessThan(10);
    expect((await state(page)).player).toMatchObject({ x: start.x, y: start.y, moving: false });
    expect(errors).toEqual([]);
    await page.close();
  });

  test('?debug=1 opens the map in the debug view', async () => {
    const { page, errors } = await openGame(session, '?map=dungeon&enemies=0');
    await waitReady(page);
    const at = await blockedTileOnScreen(page);
    const plain = await page.screenshot();
    await page.goto(`${session.server.url}?map=dungeon&enemies=0&debug=1`);
    await waitReady(page);
    const debug = await page.screenshot();
    const there = await whereNow(page, at);
    expect(redness(debug, there.x, there.y) - redness(plain, at.x, at.y)).toBeGreaterThan(25);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the camera', () => {
  test('follows the player within the map bounds, and the wheel zooms within limits', async () => {
    const { page, errors } = await openGame(session, '?map=field&enemies=0');
    await waitReady(page);
    const view = { w: 1280, h: 720 };
    const start = (await state(page)).player;
    // At the west edge of the map the view stops at the border: the player is left of the centre.
    const before = await page.evaluate(([x, y]) => window.__RPG__.tileToClient(x, y), [start.x, start.y]);
    expect(before.x).toBeLessThan(view.w / 2 - 200);
    const goal = { x: start.x + 30, y: start.y }; // on screen, on the road east
    await clickTile(page, goal.x, goal.y);
    await watch(page, `s.player.x === ${goal.x} && !s.player.moving`, 20_000);
    await page.waitForTimeout(200);
    const after = await page.evaluate(([x, y]) => window.__RPG__.tileToClient(x, y), [goal.x, goal.y]);
    expect(Math.abs(after.x - view.w / 2)).toBeLessThan(32);
    expect(Math.abs(after.y - view.h / 2)).toBeLessThan(32);

    const tilePx = () =>
      page.evaluate(() => window.__RPG__.tileToClient(1, 0).x - window.__RPG__.tileToClient(0, 0).x);
    expect(await tilePx()).toBeCloseTo(32, 0);
    await page.mouse.move(view.w / 2, view.h / 2);
    await page.mouse.wheel(0, -300);
    await page.waitForTimeout(200);
    const closer = await tilePx();
    expect(closer).toBeGreaterThan(40);
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -300);
    await page.waitForTimeout(200);
    expect(await tilePx()).toBeLessThanOrEqual(4 * 32 + 0.01);
    await page.screenshot({ path: join(SCREENSHOTS, 'field-zoomed-in.png') });
    for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 300);
    await page.waitForTimeout(200);
    const farthest = await tilePx();
    expect(farthest).toBeGreaterThanOrEqual(0.25 * 32 - 0.01);
    expect(farthest).toBeLessThan(closer);
    // Zoomed out the view reaches the map's west border again: the player is on screen, the border at the edge.
    const p = (await state(page)).player;
    const still = await page.evaluate(([x, y]) => window.__RPG__.tileToClient(x, y), [p.x, p.y]);
    expect(still.x).toBeGreaterThan(0);
    expect(still.x).toBeLessThan(view.w / 2);
    expect(Math.abs(still.y - view.h / 2)).toBeLessThan(32);
    const corner = await page.evaluate(() => window.__RPG__.tileToClient(0, 0).x);
    expect(corner).toBeGreaterThanOrEqual(0);
    expect(corner).toBeLessThan(farthest);
    await page.screenshot({ path: join(SCREENSHOTS, 'field-zoomed-out.png') });
    expect(errors).toEqual([]);
    await page.close();
  });
});
