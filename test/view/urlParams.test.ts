import { describe, expect, test } from 'vitest';
import { playParamsFrom } from '../../src/view/urlParams.ts';

describe('URL parameters of the game', () => {
  test("absent: seed 1, the map's own enemies and aggro, no debug view", () => {
    expect(playParamsFrom('')).toEqual({ seed: 1, debug: false });
  });

  test('every parameter read', () => {
    expect(playParamsFrom('?map=town&seed=42&enemies=4&aggro=200&debug=1')).toEqual({
      seed: 42,
      enemies: 4,
      aggro: 200,
      debug: true,
    });
    expect(playParamsFrom('?debug')).toMatchObject({ debug: true });
    expect(playParamsFrom('?moves=4')).toEqual({ seed: 1, debug: false, moves: 4 });
    expect(playParamsFrom('?debug=0&aggro=2.5&enemies=0&seed=-7')).toEqual({
      seed: -7,
      enemies: 0,
      aggro: 2.5,
      debug: false,
    });
  });

  test.each([
    ['?seed=abc', /^The seed parameter must be a whole number .*got "abc"\.$/],
    ['?seed=1.5', /^The seed parameter/],
    ['?seed=99999999999', /^The seed parameter/],
    ['?enemies=-3', /^The enemies parameter must be a whole number from 0 to \d+, got "-3"\.$/],
    ['?enemies=lots', /^The enemies parameter/],
    ['?enemies=', /^The enemies parameter/],
    ['?enemies=100000', /^The enemies parameter/],
    ['?aggro=-1', /^The aggro parameter must be a number of tiles ≥ 0, got "-1"\.$/],
    ['?aggro=far', /^The aggro parameter/],
    ['?aggro=1e400', /^The aggro parameter/],
    ['?aggro=0x10', /^The aggro parameter/],
    ['?aggro=1e', /^The aggro parameter/],
    ['?debug=yes', /^The debug parameter must be 1 or 0, got "yes"\.$/],
    ['?moves=6', /^The moves parameter must be 4 or 8, got "6"\.$/],
    ['?moves=', /^The moves parameter/],
  ])('%s is refused with one sentence naming the parameter', (query, message) => {
    expect(() => playParamsFrom(query)).toThrow(message);
    try {
      playParamsFrom(query);
    } catch (e) {
      expect((e as Error).message).not.toContain('\n');
    }
  });

  test('aggro and leash take numbers as people write them, exponents included', () => {
    expect(playParamsFrom('?aggro=1e9&leash=2.5E%2B3')).toMatchObject({ aggro: 1e9, leash: 2500 });
    expect(playParamsFrom('?aggro=.5&leash=7.')).toMatchObject({ aggro: 0.5, leash: 7 });
  });

  test('a long bad value is clipped in the sentence', () => {
    const long = 'x'.repeat(500);
    expect(() => playParamsFrom(`?seed=${long}`)).toThrow(/got "x{40}…"\.$/);
  });
});

describe('leash and hp', () => {
  test('read when given', () => {
    expect(playParamsFrom('?leash=30&hp=500')).toEqual({ seed: 1, debug: false, leash: 30, hp: 500 });
  });
  test.each([
    ['?leash=-1', 'The leash parameter must be a number of tiles ≥ 0, got "-1".'],
    ['?hp=0', 'The hp parameter must be a whole number of hit points ≥ 1, got "0".'],
    ['?hp=ten', 'The hp parameter must be a whole number of hit points ≥ 1, got "ten".'],
  ])('%s is refused', (query, sentence) => {
    expect(() => playParamsFrom(query)).toThrow(sentence);
  });
});
