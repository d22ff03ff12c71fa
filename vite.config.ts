import { defineConfig } from 'vite';

// `base: './'` keeps every asset path relative, so `dist/` can be served from any folder of any static server.
// Phaser gets a chunk of its own: it changes far less often than the game, so browsers keep it cached.
export default defineConfig({
  base: './',
  publicDir: false,
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'phaser', test: /node_modules[\\/]phaser/ }],
        },
      },
    },
  },
});
