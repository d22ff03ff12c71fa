import { describe, expect, test } from 'vitest';
import { FRAME_WINDOW, FrameStats } from '../../src/view/FrameStats.ts';

describe('frame statistics', () => {
  test('quantiles and means over the last frames, the renderer time attached to its frame', () => {
    const s = new FrameStats();
    for (let i = 1; i <= 100; i++) {
      s.record(16, i, i / 2, 1);
      s.render(3);
    }
    expect(s.quantile(s.ownMs, 0.99, 100)).toBe(100);
    expect(s.quantile(s.ownMs, 0.5, 100)).toBe(51);
    expect(s.mean(s.frameMs, 100)).toBe(16);
    expect(s.mean(s.renderMs, 100)).toBe(3);
    const sample = s.sample();
    expect(sample.ownMs).toHaveLength(100);
    expect(sample.tickMs[99]).toBe(50);
  });

  test('the window keeps the newest frames once full', () => {
    const s = new FrameStats();
    for (let i = 0; i < FRAME_WINDOW + 10; i++) s.record(i, 0, 0, 0);
    const sample = s.sample();
    expect(sample.frameMs).toHaveLength(FRAME_WINDOW);
    expect(sample.frameMs[0]).toBe(10);
    expect(sample.frameMs[FRAME_WINDOW - 1]).toBe(FRAME_WINDOW + 9);
  });
});
