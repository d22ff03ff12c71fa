// The browser bench's big maps: fields of 256² (the bundled one) to 4096² tiles (generated from the field's seed,
// tools/lib/bigFields.ts), each in a fresh page at 1280 × 720. Per map: the time from navigation to ready, the
// JS heap (the most seen while loading, sampled every 250 ms over the DevTools protocol, and after a forced
// collection once ready) and the typed arrays' backing stores beside it, then frame times while the player
// walks east along a road (real clicks ahead of it, so the camera crosses map chunks) and zooms out to the
// farthest zoom and back (many chunks at once). `map` is the map view's share of the game's own work: chunks
// built and dropped as the camera moves; `ticks` the world's (movement, brains, searches).
import type { Browser, CDPSession, Page } from 'playwright-core';
import { bigFieldName, provideBigField } from './bigFields.ts';
import { type Frames, fmt, most, quantile, waitReady } from './browserBench.ts';

const MB = 1024 * 1024;

interface HeapUsage {
  usedSize: number;
  totalSize: number;
  backingStorageSize?: number;
}

async function heapUsage(cdp: CDPSession): Promise<HeapUsage> {
  return (await cdp.send('Runtime.getHeapUsage')) as HeapUsage;
}

/** Walks east along the road the player starts on, clicking a tile ahead of it every 1.5 s. */
async function walkEast(page: Page, seconds: number) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const target = await page.evaluate(() => {
      const p = window.__RPG__.state().player as { x: number; y: number };
      for (let dx = 14; dx > 2; dx--)
        if (window.__RPG__.walkable(p.x + dx, p.y)) return { x: p.x + dx, y: p.y };
      return null;
    });
    if (target) {
      const at = await page.evaluate(([x, y]) => window.__RPG__.tileToClient(x, y), [target.x, target.y]);
      await page.mouse.click(at.x, at.y);
    }
    await page.waitForTimeout(Math.max(0, Math.min(1500, until - Date.now())));
  }
}

/** Wheel notches over the middle of the page: positive zooms out. */
async function wheel(page: Page, notches: number) {
  await page.mouse.move(640, 360);
  for (let k = 0; k < Math.abs(notches); k += 3) {
    await page.mouse.wheel(0, Math.sign(notches) * 300);
    await page.waitForTimeout(120);
  }
}

export async function benchBigMaps(
  browser: Browser,
  url: string,
  mapsDir: string,
  sizes: number[],
  seconds: number,
) {
  const made: string[] = [];
  for (const size of sizes) {
    if (size === 256) continue;
    const ms = provideBigField(size, mapsDir);
    if (ms > 0) made.push(`${size}² in ${(ms / 1000).toFixed(1)} s`);
  }
  if (made.length > 0) console.log(`generated (seeded, not committed): ${made.join(', ')}`);
  console.log(
    `big maps: fields at 1280 × 720, 48 monsters, the player walks east ${seconds} s then zooms out to 0.25 and back`,
  );
  console.log(
    'map        | ready ms | heap peak MB | heap MB | arrays MB | frame p99 | frame max | own p99 | own max | ticks max | map max | render mean',
  );
  for (const size of sizes) {
    const name = size === 256 ? 'field' : bigFieldName(size);
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errors: string[] = [];
    let crashed = false;
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('crash', () => {
      crashed = true;
    });
    const cdp = await page.context().newCDPSession(page);
    let peak = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling && !crashed) {
        try {
          peak = Math.max(peak, (await heapUsage(cdp)).usedSize);
        } catch {
          return;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    const label = `${size}²`.padEnd(10);
    try {
      await page.goto(`${url}?map=${name}&seed=7&hp=1000000000`);
      const readyMs = await waitReady(page, 180_000);
      const atReady = await heapUsage(cdp);
      peak = Math.max(peak, atReady.usedSize);
      sampling = false;
      await sampler;
      await cdp.send('HeapProfiler.collectGarbage');
      const settled = await heapUsage(cdp);
      await page.waitForTimeout(1000);
      await page.evaluate(() => window.__RPG__.resetFrames());
      await walkEast(page, seconds);
      await wheel(page, 12);
      await walkEast(page, 4);
      await wheel(page, -12);
      await page.waitForTimeout(1500);
      const f = (await page.evaluate(() => window.__RPG__.frames())) as Frames;
      console.log(
        [
          label,
          fmt(readyMs, 0).padStart(8),
          fmt(peak / MB, 0).padStart(12),
          fmt(settled.usedSize / MB, 0),
          fmt((settled.backingStorageSize ?? 0) / MB, 0).padStart(9),
          fmt(quantile(f.frameMs, 0.99), 1).padStart(9),
          fmt(most(f.frameMs), 1).padStart(9),
          fmt(quantile(f.ownMs, 0.99)),
          fmt(most(f.ownMs)),
          fmt(most(f.tickMs)).padStart(9),
          fmt(most(f.mapMs)),
          fmt(f.renderMs.reduce((a, b) => a + b, 0) / Math.max(1, f.renderMs.length)).padStart(11),
        ].join(' | '),
      );
    } catch (e) {
      sampling = false;
      const why = crashed ? 'the page crashed' : e instanceof Error ? e.message.split('\n')[0] : String(e);
      console.log(`${label} | did not load: ${why} (heap seen up to ${(peak / MB).toFixed(0)} MB)`);
    }
    if (errors.length > 0) console.log(`  page errors: ${errors.join(' | ')}`);
    await page.close().catch(() => undefined);
  }
}
