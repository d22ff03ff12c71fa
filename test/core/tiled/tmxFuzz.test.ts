import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadTiledMap, MapLoadError } from '../../../src/core/tiled/index.ts';
import { nodeXml } from '../../../tools/lib/node-reader.ts';
import { memoryReader } from './memoryReader.ts';

// The showcase TMX (every layer kind, object shape, both template formats, an external .tsj, zstd data) and its
// .tx template, mutated as text: cut short, characters changed, spans dropped or doubled. Every mutant must load
// sound or be refused with one sentence naming one of the files.
const DIR = fileURLToPath(new URL('../../fixtures/tiled/tmx/', import.meta.url));
const files: Record<string, string> = {
  'maps/showcase.tmx': readFileSync(`${DIR}showcase.tmx`, 'utf8'),
  'maps/showcase-goblin.tx': readFileSync(`${DIR}showcase-goblin.tx`, 'utf8'),
  'maps/showcase-sign.tj': readFileSync(`${DIR}showcase-sign.tj`, 'utf8'),
  'maps/tuxmon.tsj': readFileSync(`${DIR}tuxmon.tsj`, 'utf8'),
};

const edit = fc.record({
  kind: fc.constantFrom('truncate', 'flip', 'drop', 'double', 'insert'),
  at: fc.nat(),
  length: fc.integer({ min: 1, max: 40 }),
  text: fc.constantFrom('<', '>', '"', '&', '/>', '</layer>', '<tile gid="9999"/>', '0', '-1', 'base64', 'x'),
});

function apply(text: string, e: { kind: string; at: number; length: number; text: string }): string {
  const i = e.at % (text.length + 1);
  if (e.kind === 'truncate') return text.slice(0, i);
  if (e.kind === 'flip') return text.slice(0, i) + String.fromCharCode(32 + (e.at % 90)) + text.slice(i + 1);
  if (e.kind === 'drop') return text.slice(0, i) + text.slice(i + e.length);
  if (e.kind === 'double')
    return text.slice(0, i + e.length) + text.slice(i, i + e.length) + text.slice(i + e.length);
  return text.slice(0, i) + e.text + text.slice(i);
}

describe('fuzz: a mutated TMX map either loads sound or is refused with a MapLoadError', () => {
  it('400 mutants of the showcase map and its XML template', async () => {
    let loaded = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(edit, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        async (edits, inTemplate) => {
          const mutated = { ...files };
          const target = inTemplate ? 'maps/showcase-goblin.tx' : 'maps/showcase.tmx';
          for (const e of edits) mutated[target] = apply(mutated[target], e);
          try {
            const map = await loadTiledMap('maps/showcase.tmx', memoryReader(mutated), { xml: nodeXml });
            loaded++;
            expect(map.nav.width * map.nav.height).toBe(map.width * map.height);
            expect(map.spawns[0].type).toBe('player');
            for (const s of map.spawns) expect(map.nav.isWalkable(s.x, s.y)).toBe(true);
          } catch (e) {
            if (!(e instanceof MapLoadError)) throw e;
            expect(e.message).toMatch(
              /^maps\/(showcase\.tmx|showcase-goblin\.tx|tuxmon\.tsj|showcase-sign\.tj): .*\.$/s,
            );
            expect(e.message).not.toContain('\n');
          }
        },
      ),
      { numRuns: 400, seed: Number(process.env.FUZZ_SEED ?? 20261125) },
    );
    console.log(`tmx fuzz: 400 runs, ${loaded} loaded, the rest refused`);
    expect(loaded).toBeGreaterThan(20);
  });
});
