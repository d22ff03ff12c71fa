import { describe, expect, it } from 'vitest';
import { compactCount, hpLabel } from '../../src/view/hpLabel.ts';

describe('the HUD hit-point label', () => {
  it('reads as written for a game’s hit points, 0 below 0', () => {
    expect(hpLabel(37, 100)).toBe('HP 37 / 100');
    expect(hpLabel(-5, 100)).toBe('HP 0 / 100');
    expect(hpLabel(99_999, 99_999)).toBe('HP 99999 / 99999');
  });

  it('stays short for huge hit points (rounded down, so a hurt player never reads as whole)', () => {
    expect(compactCount(100_000)).toBe('100k');
    expect(compactCount(2_500_999)).toBe('2500k');
    expect(hpLabel(999_998_820, 1_000_000_000)).toBe('HP 999M / 1000M');
  });
});
