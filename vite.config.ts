import { cpSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { liveMaps } from './tools/lib/liveMaps.ts';

// `maps/` and `assets/` stay at the top level of the repository, where map authors find them and Tiled's relative
// paths (map → ../assets/…) hold. The dev server serves them from there as they are; the build copies both
// folders next to index.html in dist/, so the same page-relative URLs work from any static server.
function copyGameData(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'copy-game-data',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const dir of ['maps', 'assets']) {
        const from = join(root, dir);
        if (existsSync(from)) cpSync(from, join(resolve(root, outDir), dir), { recursive: true });
      }
    },
  };
}

// `base: './'` keeps every asset path relative, so `dist/` can be served from any folder of any static server.
// Phaser gets a chunk of its own: it changes far less often than the game, so browsers keep it cached.
export default defineConfig({
  base: './',
  publicDir: false,
  // liveMaps: in `npm run dev`, saving a map, tileset or image redraws the game (see tools/lib/liveMaps.ts).
  plugins: [copyGameData(), liveMaps()],
  build: {
    outDir: 'dist',
    // The bundle gets its own folder: assets/ in dist is the game's art, copied as it is from the repository.
    assetsDir: 'js',
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // The game, and examples/minimal (the engine used from another game, through src/core/index.ts).
      input: { main: 'index.html', minimal: 'examples/minimal/index.html' },
      output: {
        codeSplitting: {
          groups: [{ name: 'phaser', test: /node_modules[\\/]phaser/ }],
        },
      },
    },
  },
});
