// What each map looks like in play and in the debug view (screenshots in test/screenshots/ for a human to look
// at), and that the debug view shows what it promises where a player can see it: blocked cells tinted red.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type GameSession, openGame, SCREENSHOTS, startSession, waitReady } from './harness.ts';
import { state } from './player.ts';

let session: GameSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

/** A blocked tile whose blocked neighbours around it are blocked too (so its centre pixel is the tint's), on screen. */
async function blockedTileOnScreen(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const rpg = window.__RPG__;
    const { width, height } = rpg.state().map!;
    const p = rpg.state().player as { x: number; y: number };
    let best: { x: number; y: number; d: number } | null = null;
    for (let y = 1; y < height - 1; y++)
      for (let x = 1; x < width - 1; x++) {
        let all = true;
        for (let dy = -1; dy <= 1 && all; dy++)
          for (let dx = -1; dx <= 1; dx++) if (rpg.walkable(x + dx, y + dy)) all = false;
        if (!all) continue;
        const c = rpg.tileToClient(x, y);
        if (c.x < 40 || c.y < 120 || c.x > innerWidth - 40 || c.y > innerHeight - 60) continue;
        const d = Math.abs(x - p.x) + Math.abs(y - p.y);
        if (!best || d < best.d) best = { x: c.x, y: c.y, d };
      }
    if (!best) throw new Error('no blocked tile on screen');
    return { x: Math.round(best.x), y: Math.round(best.y) };
  });
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

    // Shift+D: the debug view; a click so the last search's expanded nodes show.
    await page.keyboard.press('Shift+KeyD');
    await page.mouse.click(hover.x, hover.y);
    await page.waitForTimeout(900);
    const debug = await page.screenshot({ path: join(SCREENSHOTS, `${name}-debug.png`) });
    expect(
      redness(debug, at.x, at.y) - redness(plain, at.x, at.y),
      'blocked cells are tinted red',
    ).toBeGreaterThan(25);

    // And off again.
    await page.keyboard.press('Shift+KeyD');
    await page.waitForTimeout(300);
    const again = await page.screenshot();
    expect(redness(again, at.x, at.y) - redness(plain, at.x, at.y)).toBeLessThan(10);
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
    expect(redness(debug, at.x, at.y) - redness(plain, at.x, at.y)).toBeGreaterThan(25);
    expect(errors).toEqual([]);
    await page.close();
  });
});
