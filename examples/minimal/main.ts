// The engine in another game: a Phaser scene that loads a Tiled map and lets a hero click-to-walk, using the
// engine through its front door only (src/core/index.ts). Copy this file to start a game of your own.
//   npm run dev, then open http://localhost:5173/examples/minimal/
import Phaser from 'phaser';
import {
  type Character,
  fetchText,
  type LoadedMap,
  loadTiledMap,
  populate,
  World,
} from '../../src/core/index.ts';

const MAP_URL = '../../maps/town.tmj';

class MinimalScene extends Phaser.Scene {
  private map!: LoadedMap;
  private world!: World;
  private dots = new Map<number, Phaser.GameObjects.Arc>();
  private acc = 0;

  constructor() {
    super('minimal');
  }

  // 1. The engine reads the Tiled map (JSON or TMX, external tilesets and all) into a grid and spawns.
  async create(): Promise<void> {
    this.map = await loadTiledMap(new URL(MAP_URL, location.href).href, fetchText);
    for (const image of this.map.tilesetImages) this.load.image(image.url, image.url);
    this.load.once('complete', () => this.start());
    this.load.start();
  }

  private start(): void {
    const map = this.map;
    // 2. Phaser draws the same map: its tilesets arrive embedded in `normalized`, as Tiled JSON.
    this.cache.tilemap.add('map', { format: Phaser.Tilemaps.Formats.TILED_JSON, data: map.normalized });
    const tilemap = this.make.tilemap({ key: 'map' });
    const tilesets = map.tilesetImages
      .filter((image) => image.tileId === undefined)
      .map((image) => tilemap.addTilesetImage(image.name, image.url))
      .filter((t): t is Phaser.Tilemaps.Tileset => t !== null);
    for (const layer of tilemap.layers) {
      const drawn = tilemap.createLayer(layer.name, tilesets);
      // Characters walk between the ground and what stands over them (roofs, tree tops).
      drawn?.setDepth(/above/i.test(layer.name) ? 2 : 0);
    }

    // 3. A world on the map's grid: the player and the enemies from the map's spawn objects.
    this.world = new World(map.nav, { moves: map.moves, seed: 1 });
    populate(this.world, map.spawns);
    for (const c of this.world.characters) {
      const colour = c.kind === 'player' ? 0xffd34d : 0xd94848;
      this.dots.set(
        c.id,
        this.add
          .circle(0, 0, map.tileWidth * 0.35, colour)
          .setDepth(1)
          .setStrokeStyle(2, 0),
      );
    }
    const player = this.world.player as Character;
    const camera = this.cameras.main;
    camera.setBounds(0, 0, map.width * map.tileWidth, map.height * map.tileHeight);
    camera.startFollow(this.dots.get(player.id) as Phaser.GameObjects.Arc, true);

    // 4. A click is a command; the world finds the path and walks it tile by tile.
    this.input.on('pointerdown', (p: Phaser.Input.Pointer) => {
      const x = Math.floor(p.worldX / map.tileWidth);
      const y = Math.floor(p.worldY / map.tileHeight);
      if (map.nav.inBounds(x, y)) this.world.moveTo(player.id, x, y);
    });
    (window as unknown as { minimal: unknown }).minimal = {
      player: () => ({ x: player.x, y: player.y, moving: player.moving }),
      screenOf: (x: number, y: number) => ({
        x: (x + 0.5) * map.tileWidth - camera.worldView.x,
        y: (y + 0.5) * map.tileHeight - camera.worldView.y,
      }),
      walkable: (x: number, y: number) => map.nav.isWalkable(x, y),
    };
  }

  // 5. The world runs at its own fixed tick rate; sprites glide along the step under way.
  override update(_time: number, delta: number): void {
    if (!this.world) return;
    const tickMs = 1000 / this.world.tickHz;
    this.acc = Math.min(this.acc + delta, 5 * tickMs);
    for (; this.acc >= tickMs; this.acc -= tickMs) this.world.step();
    const { tileWidth: tw, tileHeight: th } = this.map;
    for (const c of this.world.characters) {
      const x = c.moving ? c.step.fromX + (c.step.toX - c.step.fromX) * c.step.progress : c.x;
      const y = c.moving ? c.step.fromY + (c.step.toY - c.step.fromY) * c.step.progress : c.y;
      this.dots.get(c.id)?.setPosition((x + 0.5) * tw, (y + 0.5) * th);
    }
  }
}

new Phaser.Game({
  type: Phaser.AUTO,
  parent: 'game',
  width: 800,
  height: 600,
  backgroundColor: '#14121a',
  pixelArt: true,
  scene: MinimalScene,
});
