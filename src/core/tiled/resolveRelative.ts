/**
 * Resolves `rel` against the file `base` the way a browser resolves a link: works for URLs
 * (`http://host/maps/town.tmj`), for page-relative URLs (`maps/town.tmj`, which is what the game fetches) and for
 * file-system paths (`/home/me/maps/town.tmj`, `..\\maps\\town.tmj`), so the same loader runs in the browser and
 * in Node. `..` segments are folded; a relative base keeps leading `..` it cannot fold.
 */
export function resolveRelative(base: string, rel: string): string {
  if (rel === '') return base;
  // Already absolute: a scheme (http:, data:, blob:, file:) or a Windows drive path.
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(rel) && !/^[a-zA-Z]:[\\/]/.test(rel)) return rel;
  if (/^[a-zA-Z]:[\\/]/.test(rel)) return rel;
  const relPath = rel.replace(/\\/g, '/');

  const { prefix, path } = splitRoot(base);
  if (relPath.startsWith('//')) {
    const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*:)\/\//.exec(base);
    return scheme ? scheme[1] + relPath : relPath;
  }
  if (relPath.startsWith('/')) return prefix + normalizeSegments(relPath, true);

  const dir = path.slice(0, path.lastIndexOf('/') + 1);
  const absolute = dir.startsWith('/');
  return prefix + normalizeSegments(dir + relPath, absolute);
}

/** Splits `scheme://authority` (or a drive letter) off the front and drops any query or fragment of the base. */
function splitRoot(base: string): { prefix: string; path: string } {
  const noQuery = base.replace(/[?#].*$/, '');
  const url = /^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/]*)(.*)$/.exec(noQuery);
  if (url) return { prefix: url[1], path: url[2] === '' ? '/' : url[2] };
  const drive = /^([a-zA-Z]:)(.*)$/.exec(noQuery);
  if (drive) return { prefix: drive[1], path: drive[2].replace(/\\/g, '/') };
  // Only file paths use backslashes; a scheme-less base is a path or a page-relative URL.
  return { prefix: '', path: noQuery.replace(/\\/g, '/') };
}

function normalizeSegments(path: string, absolute: boolean): string {
  const tail = /[?#].*$/.exec(path)?.[0] ?? '';
  const body = tail ? path.slice(0, -tail.length) : path;
  const out: string[] = [];
  const parts = body.split('/');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const last = i === parts.length - 1;
    if (part === '.' || (part === '' && !last)) continue;
    if (part === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
      continue;
    }
    out.push(part);
  }
  return (absolute ? '/' : '') + out.join('/') + tail;
}
