import { describe, expect, test } from 'vitest';
import { MAX_TICKS_PER_FRAME, WorldClock } from '../../src/view/WorldClock.ts';

describe('the world clock ticks at its own rate whatever the frame rate', () => {
  test.each([
    ['30 fps', 1000 / 30],
    ['60 fps', 1000 / 60],
    ['144 fps', 1000 / 144],
    ['uneven frames', 0],
  ])('%s: 10 s of frames give 200 ticks at 20 Hz', (_name, frameMs) => {
    const clock = new WorldClock(20);
    let ticks = 0;
    let elapsed = 0;
    let k = 0;
    while (elapsed < 10_000 - 1e-6) {
      // Uneven: frames of 7, 23, 41, 11 ms in turn.
      const dt = frameMs > 0 ? frameMs : [7, 23, 41, 11][k++ % 4];
      const step = Math.min(dt, 10_000 - elapsed);
      elapsed += step;
      ticks += clock.advance(step);
      expect(clock.alpha).toBeGreaterThanOrEqual(0);
      expect(clock.alpha).toBeLessThanOrEqual(1);
    }
    expect(ticks).toBeGreaterThanOrEqual(199);
    expect(ticks).toBeLessThanOrEqual(200);
    expect(clock.ticks).toBe(ticks);
  });

  test('alpha is the share of the next tick already elapsed', () => {
    const clock = new WorldClock(20);
    expect(clock.advance(60)).toBe(1);
    expect(clock.alpha).toBeCloseTo(0.2, 6);
    expect(clock.advance(20)).toBe(0);
    expect(clock.alpha).toBeCloseTo(0.6, 6);
  });

  test('after a stall it runs at most a few ticks, not a burst of catching up', () => {
    const clock = new WorldClock(20);
    expect(clock.advance(5_000)).toBe(MAX_TICKS_PER_FRAME);
    expect(clock.dropped).toBe(100 - MAX_TICKS_PER_FRAME);
    expect(clock.advance(50)).toBe(1);
  });

  test('held still from the page hook, it runs nothing, the picture stays put, and it goes on from there', () => {
    const clock = new WorldClock(20);
    expect(clock.advance(60)).toBe(1);
    clock.held = true;
    expect(clock.advance(1_000)).toBe(0);
    expect(clock.alpha).toBeCloseTo(0.2, 6);
    expect(clock.ticks).toBe(1);
    clock.held = false;
    expect(clock.advance(30)).toBe(0);
    expect(clock.alpha).toBeCloseTo(0.8, 6);
    expect(clock.advance(10)).toBe(1);
    expect(clock.dropped).toBe(0);
  });

  test('paused, it runs nothing and shows the current tick (alpha 1)', () => {
    const clock = new WorldClock(30);
    clock.paused = true;
    expect(clock.advance(1_000)).toBe(0);
    expect(clock.alpha).toBe(1);
    clock.paused = false;
    expect(clock.advance(1000 / 30 + 0.01)).toBe(1);
  });
});
