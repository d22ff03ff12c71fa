// Enemy kinds: a spawn's `kind` property gives the enemy its kind's pace and hit points (its own `speed` and
// `hp` still win), an enemy without one is the world's standard skeleton, and a kind the game does not know is
// one sentence naming the spawn.
import { describe, expect, it } from 'vitest';
import { NavGrid } from '../../../src/core/grid/index.ts';
import { populate, type SpawnPoint } from '../../../src/core/world/populate.ts';
import { SPECIES } from '../../../src/core/world/species.ts';
import { World } from '../../../src/core/world/World.ts';

const ROWS = ['##########', '#........#', '#........#', '#........#', '##########'];

function world(spawns: SpawnPoint[], enemies?: number) {
  const w = new World(NavGrid.fromRows(ROWS), { seed: 3 });
  // A room smaller than the safe radius (it has its own tests): every tile may hold an enemy.
  populate(w, spawns, { enemies, safeRadius: 0 });
  return w;
}

const player: SpawnPoint = { type: 'player', x: 1, y: 1 };

describe('enemy kinds', () => {
  it('each kind walks at its own pace and takes its own beating', () => {
    const w = world([
      player,
      { type: 'enemy', x: 3, y: 1, properties: { kind: 'slime' } },
      { type: 'enemy', x: 5, y: 1, properties: { kind: 'bat' } },
      { type: 'enemy', x: 7, y: 1, properties: { kind: 'Skeleton' } },
    ]);
    const [, slime, bat, skeleton] = w.characters;
    expect([slime.species, bat.species, skeleton.species]).toEqual(['slime', 'bat', 'skeleton']);
    expect([slime.speed, slime.hp, slime.maxHp]).toEqual([
      SPECIES.slime.speed,
      SPECIES.slime.hp,
      SPECIES.slime.hp,
    ]);
    expect([bat.speed, bat.hp]).toEqual([SPECIES.bat.speed, SPECIES.bat.hp]);
    expect([skeleton.speed, skeleton.hp]).toEqual([w.config.enemySpeed, w.config.enemyHp]);
    expect(new Set([slime.speed, bat.speed, skeleton.speed]).size).toBe(3);
    expect(new Set([slime.hp, bat.hp, skeleton.hp]).size).toBe(3);
    expect(w.player!.species).toBe('');
  });

  it("a spawn's own speed and hp win over its kind's", () => {
    const w = world([player, { type: 'enemy', x: 3, y: 2, properties: { kind: 'bat', speed: 2, hp: 90 } }]);
    expect(w.characters[1]).toMatchObject({ species: 'bat', speed: 2, hp: 90, maxHp: 90 });
  });

  it('an enemy without a kind, and every extra enemy, is a skeleton', () => {
    const w = world([player, { type: 'enemy', x: 3, y: 2 }], 4);
    expect(w.characters.slice(1).map((c) => c.species)).toEqual([
      'skeleton',
      'skeleton',
      'skeleton',
      'skeleton',
    ]);
  });

  it('a kind the game does not know is refused with one sentence naming the spawn', () => {
    expect(() =>
      world([player, { type: 'enemy', x: 4, y: 3, name: 'rat 1', properties: { kind: 'goblin' } }]),
    ).toThrow(
      /^the enemy spawn "rat 1" at \(4, 3\) has kind "goblin", which the game does not know \(it knows slime, bat and skeleton\)$/,
    );
    expect(() => world([player, { type: 'enemy', x: 4, y: 3, properties: { kind: 7 } }])).toThrow(
      /has kind 7,/,
    );
  });
});
