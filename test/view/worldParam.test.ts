import { describe, expect, it } from 'vitest';
import { resolveWorldRef, worldFromPage } from '../../src/view/worldParam.ts';

const sentence = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    const m = (e as Error).message;
    expect(m).toMatch(/^[A-Z][^\n]*\.$/);
    expect(m).not.toMatch(/\.\s+[A-Z]/);
    return m;
  }
  throw new Error('no error');
};

describe('?world=: a name is a .world file in maps/, anything else a URL', () => {
  it('names and URLs', () => {
    expect(worldFromPage('?world=valley&seed=3')).toEqual({ name: 'valley', url: 'maps/valley.world' });
    expect(resolveWorldRef('worlds/isle.world')).toEqual({ name: 'isle', url: 'worlds/isle.world' });
    expect(resolveWorldRef('https://example.org/w/isle.WORLD')).toEqual({
      name: 'isle',
      url: 'https://example.org/w/isle.WORLD',
    });
    expect(worldFromPage('?map=town')).toBeUndefined();
  });

  it('a bad value, or ?map= beside it, is one sentence naming the parameter', () => {
    expect(sentence(() => worldFromPage('?world='))).toMatch(/^The world parameter is empty/);
    expect(sentence(() => worldFromPage('?world=my%20isle'))).toBe(
      'The world parameter "my isle" is neither a world name (letters, digits, - and _) nor a URL of a .world file.',
    );
    expect(sentence(() => worldFromPage('?world=valley&map=town'))).toMatch(
      /^The map and world parameters cannot be used together/,
    );
  });
});
