// examples/minimal: the engine used from another Phaser game through its front door only. The built page draws
// the town, and a click on a tile walks the hero there, as a game developer copying it would see.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type GameSession, SCREENSHOTS, samplePixels, startSession } from './harness.ts';

interface MinimalHook {
  player(): { x: number; y: number; moving: boolean };
  screenOf(x: number, y: number): { x: number; y: number };
  walkable(x: number, y: number): boolean;
}
declare global {
  interface Window {
    minimal?: MinimalHook;
  }
}

let session: GameSession;
beforeAll(async () => {
  session = await startSession();
});
afterAll(async () => {
  await session?.close();
});

async function openExample(): Promise<{ page: Page; errors: string[] }> {
  const page = await session.browser.newPage({ viewport: { width: 900, height: 700 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console error: ${m.text()}`);
  });
  await page.goto(`${session.server.url}examples/minimal/index.html`);
  await page.waitForFunction(() => window.minimal !== undefined, null, { timeout: 60_000 });
  // Two frames: the camera has come to the hero (it follows without lag) before tiles are mapped to the screen.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
  return { page, errors };
}

describe('examples/minimal', () => {
  test('draws the town and walks the hero to a clicked tile', async () => {
    const { page, errors } = await openExample();
    const start = await page.evaluate(() => window.minimal!.player());
    // A walkable tile a few steps away, on screen (the camera follows the hero).
    const target = await page.evaluate(({ x, y }) => {
      const m = window.minimal!;
      for (let r = 4; r < 9; r++)
        for (const [dx, dy] of [
          [r, 0],
          [-r, 0],
          [0, r],
          [0, -r],
          [r, r],
          [-r, -r],
        ]) {
          const s = m.screenOf(x + dx, y + dy);
          if (m.walkable(x + dx, y + dy) && s.x > 20 && s.y > 20 && s.x < 780 && s.y < 580)
            return { x: x + dx, y: y + dy, screen: s };
        }
      return null;
    }, start);
    expect(target, 'a walkable tile 4 to 8 tiles from the hero, on screen').not.toBeNull();
    const canvas = (await page.locator('canvas').boundingBox())!;
    await page.mouse.click(canvas.x + target!.screen.x, canvas.y + target!.screen.y);
    await page.waitForFunction(
      ({ x, y }) => {
        const p = window.minimal!.player();
        return p.x === x && p.y === y && !p.moving;
      },
      target!,
      { timeout: 20_000 },
    );
    const png = await page.locator('canvas').screenshot();
    writeFileSync(join(SCREENSHOTS, 'example-minimal.png'), png);
    // The map is drawn: many colours, little of the page's background.
    const pixels = samplePixels(png, [0x14, 0x12, 0x1a]);
    expect(pixels.colours).toBeGreaterThan(20);
    expect(pixels.background).toBeLessThan(0.1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
