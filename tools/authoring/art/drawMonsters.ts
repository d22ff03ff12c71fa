// Draws assets/sprites/monsters.png: the enemies' own sheet, one block per kind (slime, bat, skeleton) of 3 walk
// columns (step, stand, step) × 8 facing rows in the world's direction order (N, NE, E, SE, S, SW, W, NW), in
// frames of the characters' size so both sheets stand on the same feet. The shapes are in tools/authoring/art/monsters.ts.
// Run: `npx tsx tools/authoring/art/drawMonsters.ts`. Deterministic: the same script gives the same bytes; a unit test
// checks the committed image is what it draws.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { MONSTER_SHEET } from '../../../src/view/assets.ts';
import { FACING_ROWS } from '../../../src/view/characterFrames.ts';
import { ART_W, MONSTER_PAINTERS, paintMonster } from './monsters.ts';

export function drawMonsters(): PNG {
  const { frameWidth, frameHeight, columns } = MONSTER_SHEET;
  const scale = frameWidth / ART_W;
  const png = new PNG({ width: columns * frameWidth, height: FACING_ROWS * frameHeight });
  png.data.fill(0);
  MONSTER_PAINTERS.forEach(({ paint }, block) => {
    for (let facing = 0; facing < FACING_ROWS; facing++)
      for (let column = 0; column < 3; column++) {
        const frame = paintMonster(paint, facing, column);
        frame.blit(png.data, png.width, (block * 3 + column) * frameWidth, facing * frameHeight, scale);
      }
  });
  return png;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const out = join(root, MONSTER_SHEET.url);
  writeFileSync(out, PNG.sync.write(drawMonsters()));
  console.log(`wrote ${MONSTER_SHEET.url}`);
}
