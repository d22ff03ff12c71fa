/**
 * Browser benchmark: the built game (dist/, served by a plain static server) in headless Chromium.
 *   npm run bench:browser [-- --seconds S] [-- --no-build] [-- --only crowd|maps] [-- --sizes 256,1024,2048,4096]
 * Two parts. Crowds: on the 256×256 field with 0, 200 and 1,000 enemies (aggro and leash wider than the map: the whole crowd hunts;
 * the player has a billion hit points so the hunt never ends), while the player walks
 * back and forth (real mouse clicks, so the chase fields are rebuilt as it goes), it prints per scenario:
 * frames per second, p99 and worst frame time, the game's own work per frame (world ticks with their path
 * scheduling, sprite, marker and overlay updates; measured with performance.now() inside the game) against the
 * renderer's draw (Phaser's pre-render to post-render, CPU side), enemies chasing, and the time from navigation
 * to `__RPG__.ready`. Big maps (tools/lib/benchBigMaps.ts): fields of 256², 1024², 2048² and 4096² tiles, each
 * in a fresh page: load time, JS heap, and frame times while the player walks along a road and zooms out.
 * Figures, not pass/fail: this machine's software GL is a floor for the renderer.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { benchBigMaps } from '../lib/benchBigMaps.ts';
import { type Frames, fmt, mean, quantile, waitReady } from '../lib/browserBench.ts';
import { launchChromium } from '../lib/chromium.ts';
import { serveStatic } from '../lib/staticServer.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** The player walks between two tiles, clicked like a player would, so the crowd keeps re-planning. */
async function walkBackAndForth(page: Page, seconds: number, chasing: number[]) {
  const start = await page.evaluate(() => window.__RPG__.state().player as { x: number; y: number });
  // Two walkable tiles near the start (a click on a wall costs a search of the whole map: not what this measures).
  const spots = await page.evaluate(
    ([sx, sy]) =>
      [
        [sx + 9, sy - 4],
        [sx + 2, sy + 5],
      ].map(([x, y]) => {
        for (let r = 0; r < 20; r++)
          for (let dy = -r; dy <= r; dy++)
            for (let dx = -r; dx <= r; dx++)
              if (window.__RPG__.walkable(x + dx, y + dy)) return { x: x + dx, y: y + dy };
        return { x: sx, y: sy };
      }),
    [start.x, start.y],
  );
  const until = Date.now() + seconds * 1000;
  for (let k = 0; Date.now() < until; k++) {
    const spot = spots[k % 2];
    const at = await page.evaluate(([x, y]) => window.__RPG__.tileToClient(x, y), [spot.x, spot.y]);
    await page.mouse.click(at.x, at.y);
    const pause = Math.min(2500, until - Date.now());
    if (pause > 0) await page.waitForTimeout(pause);
    chasing.push(
      await page.evaluate(
        () =>
          (window.__RPG__.state().enemies as { state: string }[]).filter(
            (e) => e.state === 'chase' || e.state === 'attack',
          ).length,
      ),
    );
  }
}

async function benchCrowds(browser: Browser, url: string, seconds: number) {
  console.log(`crowds: maps/field.tmj (256×256), headless Chromium (SwiftShader WebGL), ${seconds} s each`);
  console.log(
    'enemies | fps   | frame p99 | frame max | own p50 | own p99 | own max | ticks p99 | render mean | render p99 | chasing | ready ms',
  );
  for (const enemies of [0, 200, 1000]) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${url}?map=field&enemies=${enemies}&aggro=1000&leash=1000&hp=1000000000&seed=7`);
    const readyMs = await waitReady(page);
    await page.waitForTimeout(1500);
    await page.evaluate(() => window.__RPG__.resetFrames());
    const chasing: number[] = [];
    await walkBackAndForth(page, seconds, chasing);
    const f = (await page.evaluate(() => window.__RPG__.frames())) as Frames;
    const fps = (f.frameMs.length / f.frameMs.reduce((a, b) => a + b, 0)) * 1000;
    console.log(
      [
        String(enemies).padStart(7),
        fmt(fps, 1),
        fmt(quantile(f.frameMs, 0.99), 1).padStart(9),
        fmt(Math.max(...f.frameMs), 1).padStart(9),
        fmt(quantile(f.ownMs, 0.5)),
        fmt(quantile(f.ownMs, 0.99)),
        fmt(Math.max(...f.ownMs)),
        fmt(quantile(f.tickMs, 0.99)).padStart(9),
        fmt(mean(f.renderMs)).padStart(11),
        fmt(quantile(f.renderMs, 0.99)).padStart(10),
        fmt(mean(chasing), 0),
        fmt(readyMs, 0).padStart(8),
      ].join(' | '),
    );
    if (errors.length > 0) console.log(`  page errors: ${errors.join(' | ')}`);
    await page.close();
  }
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

async function main() {
  const args = process.argv.slice(2);
  const secondsArg = option(args, '--seconds');
  const seconds = secondsArg !== undefined ? Number(secondsArg) : 12;
  if (!(seconds > 0)) throw new Error(`--seconds must be a number above 0, got "${secondsArg}".`);
  const only = option(args, '--only');
  if (only !== undefined && only !== 'crowd' && only !== 'maps')
    throw new Error(`--only must be crowd or maps, got "${only}".`);
  const sizesArg = option(args, '--sizes');
  const sizes = (sizesArg ?? '256,1024,2048,4096').split(',').map(Number);
  if (sizes.some((n) => ![256, 1024, 2048, 4096].includes(n)))
    throw new Error(`--sizes takes a comma-separated list of 256, 1024, 2048 and 4096, got "${sizesArg}".`);
  if (!args.includes('--no-build')) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the game did not build (npx vite build failed).');
  }
  const dist = join(ROOT, 'dist');
  const server = await serveStatic(dist);
  const browser = await launchChromium();
  try {
    if (only !== 'maps') await benchCrowds(browser, server.url, seconds);
    if (only !== 'crowd') await benchBigMaps(browser, server.url, join(dist, 'maps'), sizes, seconds);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`${message.endsWith('.') ? message : `${message}.`}\n`);
    process.exit(1);
  },
);
