// Monsters look like monsters and the player stands out: in the town, the slime, the bat and the skeleton are
// each drawn in their own colours from the monster sheet, none of them in the player's, and a gold arrow over the
// player's head marks it (and nobody else) in a crowd.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type GameSession, openGame, SCREENSHOTS, startSession, waitReady } from './harness.ts';
import { type StateSeen, state } from './player.ts';

let session: GameSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

/** Signature colours of the art (tools/authoring/art/monsters.ts, icons.ts): each kind's body, the player's arrow. */
const INK = {
  slime: [0x62, 0xc4, 0x54],
  bat: [0x5d, 0x3f, 0x8e],
  skeleton: [0xed, 0xe7, 0xd3],
  arrow: [0xff, 0xd8, 0x4a],
} as const;
type Ink = keyof typeof INK;

/** Pixels of each signature colour in a box of the screenshot (viewport CSS pixels). */
function inks(img: PNG, x0: number, y0: number, x1: number, y1: number): Record<Ink, number> {
  const out = { slime: 0, bat: 0, skeleton: 0, arrow: 0 };
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(img.height, y1); y++)
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(img.width, x1); x++) {
      const i = (y * img.width + x) * 4;
      for (const ink of Object.keys(INK) as Ink[]) {
        const [r, g, b] = INK[ink];
        if (Math.abs(img.data[i] - r) + Math.abs(img.data[i + 1] - g) + Math.abs(img.data[i + 2] - b) < 12)
          out[ink]++;
      }
    }
  return out;
}

/** The screen box a character standing on (x, y) is drawn in, with what floats over its head: its tile and two above. */
async function figureBox(page: Page, x: number, y: number) {
  return page.evaluate(
    ([tx, ty]) => {
      const c = window.__RPG__.tileToClient(tx, ty);
      const z = window.__RPG__.tileToClient(tx + 1, ty).x - c.x;
      return { x0: c.x - z * 0.8, y0: c.y - z * 2.3, x1: c.x + z * 0.8, y1: c.y + z * 0.7 };
    },
    [x, y],
  );
}

/**
 * A screenshot of a moment when nobody moves, with the state it shows: the world's clock is held still
 * (`__RPG__.hold`) until a held moment finds everyone standing, so a slow screenshot (a busy machine) still shows
 * that moment.
 */
async function stillShot(page: Page, file: string): Promise<{ img: PNG; seen: StateSeen }> {
  const still = (s: StateSeen) => [s.player, ...s.enemies].every((c) => !c.moving);
  try {
    for (let tries = 0; tries < 100; tries++) {
      await page.evaluate(() => window.__RPG__.hold(true));
      const seen = await state(page);
      if (still(seen)) {
        const shot = await page.screenshot({ path: join(SCREENSHOTS, file) });
        expect(await state(page), 'the held world did not change during the screenshot').toEqual(seen);
        return { img: PNG.sync.read(shot), seen };
      }
      await page.evaluate(() => window.__RPG__.hold(false));
      await page.waitForTimeout(100);
    }
  } finally {
    await page.evaluate(() => window.__RPG__.hold(false));
  }
  throw new Error('the characters never stood still for a screenshot');
}

describe('monsters look like monsters', () => {
  test("the town's slime, bat and skeleton wear their own kinds' colours; the player wears none of them and the arrow", async () => {
    // aggro 0: nobody notices the player, so nobody crowds it while we look.
    const { page, errors } = await openGame(session, '?map=town&aggro=0&seed=4');
    await waitReady(page);
    const { img, seen } = await stillShot(page, 'looks-town.png');
    expect(seen.enemies.map((e) => e.kind)).toEqual(['slime', 'bat', 'skeleton']);
    const p = seen.player;
    const pb = await figureBox(page, p.x, p.y);
    const player = inks(img, pb.x0, pb.y0, pb.x1, pb.y1);
    expect(player.arrow, 'the arrow over the player').toBeGreaterThan(20);
    for (const e of seen.enemies) {
      const kind = e.kind as Ink;
      const b = await figureBox(page, e.x, e.y);
      const near = Math.max(Math.abs(e.x - p.x), Math.abs(e.y - p.y));
      const seenInk = inks(img, b.x0, b.y0, b.x1, b.y1);
      expect(seenInk[kind], `the ${kind} at (${e.x}, ${e.y}) is drawn in its colour`).toBeGreaterThan(15);
      if (near > 2) {
        expect(seenInk.arrow, `no arrow over the ${kind}`).toBe(0);
        expect(player[kind], `the player is not drawn in the ${kind}'s colour`).toBe(0);
      }
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  test('in a crowd of 300 the arrow still shows over the player, and over nobody else', async () => {
    const { page, errors } = await openGame(session, '?map=dungeon&enemies=300&aggro=0&seed=4');
    await waitReady(page);
    await page.waitForTimeout(500);
    const shot = PNG.sync.read(await page.screenshot({ path: join(SCREENSHOTS, 'looks-crowd.png') }));
    const p = (await state(page)).player;
    const pb = await figureBox(page, p.x, p.y);
    expect(inks(shot, pb.x0, pb.y0, pb.x1, pb.y1).arrow).toBeGreaterThan(10);
    const all = inks(shot, 0, 0, shot.width, shot.height);
    // Nearly every arrow pixel on screen is over the player.
    expect(inks(shot, pb.x0, pb.y0, pb.x1, pb.y1).arrow / all.arrow).toBeGreaterThan(0.9);
    expect(all.skeleton, 'the crowd is skeletons').toBeGreaterThan(1000);
    expect(errors).toEqual([]);
    await page.close();
  });
});
