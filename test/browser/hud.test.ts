// The HUD never hides the player or what it walks to: at every window size the map is drawn only where the HUD
// is not, so the player's tile (and the stairs next to it) are always in plain sight, on every frame of a walk;
// and a click on the HUD does not walk the player anywhere.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
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

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
  { width: 640, height: 360 },
  { width: 390, height: 844 }, // a phone held upright
];

interface Hidden {
  /** Tiles (of those asked about) drawn under a HUD box or outside the window, with where they were. */
  hidden: string[];
  boxes: number;
}

/**
 * For each tile (`player` means the player's), whether its square on screen (viewport CSS pixels) stays clear
 * of every HUD box and inside the window.
 */
async function hiddenTiles(page: Page, tiles: ({ x: number; y: number } | 'player')[]): Promise<Hidden> {
  return page.evaluate((list) => {
    const rpg = window.__RPG__;
    const hud = rpg.hud();
    if (!hud) return { hidden: ['no HUD'], boxes: 0 };
    const zoom = rpg.tileToClient(1, 0).x - rpg.tileToClient(0, 0).x;
    const hidden: string[] = [];
    for (const t of list) {
      const at = t === 'player' ? (rpg.state().player as { x: number; y: number }) : t;
      const c = rpg.tileToClient(at.x, at.y);
      const r = { x0: c.x - zoom / 2, y0: c.y - zoom / 2, x1: c.x + zoom / 2, y1: c.y + zoom / 2 };
      const where = `tile (${at.x}, ${at.y}) at ${Math.round(r.x0)},${Math.round(r.y0)}–${Math.round(r.x1)},${Math.round(r.y1)}`;
      if (r.x0 < -0.5 || r.y0 < -0.5 || r.x1 > innerWidth + 0.5 || r.y1 > innerHeight + 0.5)
        hidden.push(`${where} is off the window`);
      for (const b of hud.boxes) {
        const overlap =
          r.x0 < b.x + b.width - 0.5 && r.x1 > b.x + 0.5 && r.y0 < b.y + b.height - 0.5 && r.y1 > b.y + 0.5;
        if (overlap) hidden.push(`${where} is under the HUD's ${b.name} strip`);
      }
    }
    return { hidden, boxes: hud.boxes.length };
  }, tiles);
}

/** The walkable tile shown in the map's part of the window (not under the HUD) nearest to `goal`. */
async function nearestShownTile(page: Page, goal: { x: number; y: number }) {
  return page.evaluate((g) => {
    const rpg = window.__RPG__;
    const { width, height } = rpg.state().map!;
    const boxes = rpg.hud()?.boxes ?? [];
    let best = { x: -1, y: -1, d: Infinity };
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        if (!rpg.walkable(x, y)) continue;
        const c = rpg.tileToClient(x, y);
        if (c.x < 8 || c.y < 8 || c.x > innerWidth - 8 || c.y > innerHeight - 8) continue;
        if (boxes.some((b) => c.x >= b.x && c.x < b.x + b.width && c.y >= b.y && c.y < b.y + b.height))
          continue;
        const d = Math.hypot(x - g.x, y - g.y);
        if (d < best.d) best = { x, y, d };
      }
    return { x: best.x, y: best.y };
  }, goal);
}

/** Walks to `goal` by clicks on tiles in view, checking the player's tile on every look at the page. */
async function walkInSight(page: Page, goal: { x: number; y: number }): Promise<string[]> {
  const seen: string[] = [];
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const p = (await state(page)).player;
    if (p.x === goal.x && p.y === goal.y && !p.moving) break;
    if (!p.moving) {
      const next = await nearestShownTile(page, goal);
      await clickTile(page, next.x, next.y);
      await page.waitForTimeout(100);
    }
    const { hidden } = await hiddenTiles(page, ['player']);
    seen.push(...hidden);
  }
  expect((await state(page)).player).toMatchObject(goal);
  return seen;
}

describe('the HUD never hides the player', () => {
  test('arriving in the dungeon, the player and the stairs back up are in sight at 1280×720, 1024×768, 640×360 and 390×844', async () => {
    const { page, errors } = await openGame(session, '?map=dungeon&enemies=0', SIZES[0]);
    await waitReady(page);
    const stairs = { x: 5, y: 2 };
    expect((await state(page)).player).toMatchObject({ x: 5, y: 3 });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.waitForFunction(
        ([w, h]) => innerWidth === w && innerHeight === h && window.__RPG__.hud()?.boxes[0].width === w,
        [size.width, size.height],
      );
      await page.waitForTimeout(150);
      const seen = await hiddenTiles(page, ['player', stairs]);
      expect(seen.boxes, 'the HUD reports its boxes').toBe(2);
      expect(seen.hidden, `at ${size.width}×${size.height}`).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOTS, `hud-dungeon-${size.width}x${size.height}.png`) });
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  test('walking to the far corners, the player is in sight on every frame (640×360 and a phone upright)', async () => {
    const small = await openGame(session, '?map=dungeon&enemies=0', SIZES[2]);
    await waitReady(small.page);
    expect(await walkInSight(small.page, { x: 42, y: 2 })).toEqual([]);
    await small.page.screenshot({ path: join(SCREENSHOTS, 'hud-dungeon-640x360-corner.png') });
    expect(small.errors).toEqual([]);
    await small.page.close();

    const phone = await openGame(session, '?map=dungeon&enemies=0', SIZES[3]);
    await waitReady(phone.page);
    expect(await walkInSight(phone.page, { x: 2, y: 14 })).toEqual([]);
    await phone.page.screenshot({ path: join(SCREENSHOTS, 'hud-dungeon-phone-corner.png') });
    expect(phone.errors).toEqual([]);
    await phone.page.close();
  });

  test('a click or tap on the HUD does not walk the player', async () => {
    const { page, errors } = await openGame(session, '?map=town&enemies=0', SIZES[2]);
    await waitReady(page);
    const start = (await state(page)).player;
    const boxes = (await page.evaluate(() => window.__RPG__.hud()))!.boxes;
    for (const b of boxes) {
      for (const fx of [0.1, 0.5, 0.9]) {
        await page.mouse.click(b.x + b.width * fx, b.y + b.height / 2);
      }
    }
    const seen = await watch(page, 's.player.moving', 800);
    expect(seen.some((s) => s.player.moving)).toBe(false);
    expect((await state(page)).player).toMatchObject({ x: start.x, y: start.y });
    // The map beside the HUD still takes clicks.
    await clickTile(page, start.x + 2, start.y);
    await watch(page, `s.player.x === ${start.x + 2} && !s.player.moving`, 10_000);
    expect((await state(page)).player).toMatchObject({ x: start.x + 2, y: start.y });
    expect(errors).toEqual([]);
    await page.close();
  });
});
