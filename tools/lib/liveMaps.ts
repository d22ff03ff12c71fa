// The dev server's side of live reload (`npm run dev`): maps/ and assets/ are watched, and every change to a file
// there (a map, tileset, template or image saved in Tiled or a paint program) is sent to the page as one HMR
// event, `rpg:files-changed`, with the changed files' URL paths. The page (src/view/MapReloader.ts) reloads the
// map when a file it was drawn from changed. Also serves .tsx tilesets in those folders as the XML they are:
// left to Vite, a request for a .tsx is compiled as TypeScript and fails.
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';

export const FILES_CHANGED = 'rpg:files-changed';
const WATCHED = ['maps', 'assets'];
/** Tiled writes a map and its tilesets one after another: changes this close together go out as one event. */
const SETTLE_MS = 60;

export function liveMaps(): Plugin {
  let root = process.cwd();
  return {
    name: 'live-maps',
    apply: 'serve',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use(serveTsxAsXml(root));
      watch(server, root);
    },
    handleHotUpdate({ file }) {
      // Not modules: the page reloads the map itself, so no full page reload.
      if (watchedPath(root, file)) return [];
    },
  };
}

function watchedPath(root: string, file: string): string | undefined {
  const rel = relative(root, file);
  if (rel.startsWith('..') || !WATCHED.some((d) => rel === d || rel.startsWith(d + sep))) return undefined;
  return `/${rel.split(sep).join('/')}`;
}

function watch(server: ViteDevServer, root: string) {
  server.watcher.add(WATCHED.map((d) => join(root, d)));
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const changed = (file: string) => {
    const path = watchedPath(root, file);
    if (!path) return;
    pending.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const paths = [...pending];
      pending.clear();
      server.ws.send({ type: 'custom', event: FILES_CHANGED, data: { paths } });
    }, SETTLE_MS);
  };
  server.watcher.on('change', changed);
  server.watcher.on('add', changed);
  server.watcher.on('unlink', changed);
}

function serveTsxAsXml(root: string) {
  return (
    req: { url?: string },
    res: { setHeader(k: string, v: string): void; end(body: string): void; statusCode: number },
    next: () => void,
  ) => {
    const path = decodeURIComponent((req.url ?? '').split('?')[0]);
    if (!path.endsWith('.tsx') || !WATCHED.some((d) => path.startsWith(`/${d}/`))) {
      next();
      return;
    }
    const file = join(root, path);
    if (relative(root, file).startsWith('..')) {
      next();
      return;
    }
    readFile(file, 'utf8').then(
      (text) => {
        res.setHeader('Content-Type', 'application/xml; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(text);
      },
      () => {
        res.statusCode = 404;
        res.end('not found');
      },
    );
  };
}
